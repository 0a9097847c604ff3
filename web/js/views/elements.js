// Each view's elements in index.html, looked up once by id (the markup is static; views fill it).

const byId = (id) => document.getElementById(id);

export function springElements() {
  return {
    controls: {
      select: byId('model'),
      description: byId('model-description'),
      citation: byId('model-citation'),
      modelParams: byId('params'),
      systemSection: byId('system-section'),
      systemDescription: byId('system-description'),
      systemParams: byId('system-params'),
      quasiStatic: byId('quasi-static'),
      driveNote: byId('drive-note'),
      lawSection: byId('law-section'),
      lawTitle: byId('law-title'),
      lawOrigin: byId('law-origin'),
      lawCitation: byId('law-citation'),
      lawParams: byId('law-params'),
      integratorPicker: byId('integrator-picker'),
      integrator: byId('integrator'),
      integratorDescription: byId('integrator-description'),
      integratorError: byId('integrator-error'),
      reset: byId('reset'),
      startPicker: byId('start-picker'),
      start: byId('start'),
      kickRow: byId('kick-row'),
      kick: byId('kick'),
      startError: byId('start-error'),
    },
    charts: { relative: byId('chart-relative'), forces: byId('chart-forces'), phase: byId('chart-phase') },
    readouts: {
      resonance: byId('resonance'),
      regime: byId('regime'),
      lawReadouts: document.querySelectorAll('.law-readout'),
      period: byId('period'),
      peakVelocity: byId('peak-velocity'),
      energyResidual: byId('energy-residual'),
      integratorUsed: byId('integrator-used'),
      runInfo: byId('run-info'),
    },
    compare: { add: byId('compare-add'), list: byId('compare-list'), note: byId('compare-note') },
    exportCsv: byId('export-csv'),
    exportPng: [[byId('export-png-relative'), byId('chart-relative')], [byId('export-png-forces'), byId('chart-forces')],
      [byId('export-png-phase'), byId('chart-phase')]],
    cancelRun: byId('cancel-run'),
    formError: byId('form-error'),
    shown: [byId('stage'), byId('results')],
    status: byId('status'),
    systemView: byId('system-view'),
    present: byId('present'),
    showPosition: byId('show-position'),
    phaseX: byId('phase-x'),
  };
}

export function explorerElements() {
  return {
    error: byId('explorer-error'),
    cards: byId('law-cards'),
    addSelect: byId('law-add'),
    addButton: byId('law-add-button'),
    addNote: byId('law-add-note'),
    results: byId('explorer-results'),
    status: byId('explorer-status'),
    inputs: byId('explorer-inputs'),
    caption: byId('law-chart-caption'),
    chart: byId('chart-laws'),
    note: byId('law-chart-note'),
    exportPng: byId('export-png-laws'),
  };
}

export function preslidingElements() {
  return {
    select: byId('presliding-law'),
    description: byId('presliding-law-description'),
    citation: byId('presliding-law-citation'),
    error: byId('presliding-error'),
    protocol: byId('presliding-protocol'),
    params: byId('presliding-params'),
    results: byId('presliding-results'),
    status: byId('presliding-status'),
    info: byId('presliding-info'),
    chart: byId('chart-loop'),
    exportCsv: byId('export-csv-presliding'),
    exportPng: byId('export-png-loop'),
  };
}

export function mapElements() {
  return {
    subject: byId('map-subject'),
    description: byId('map-description'),
    error: byId('map-error'),
    params: byId('map-params'),
    systemSection: byId('map-system-section'),
    systemParams: byId('map-system-params'),
    lawStart: byId('map-law-start'),
    start: byId('map-start'),
    kick: byId('map-kick'),
    startError: byId('map-start-error'),
    axes: byId('map-axes'),
    run: byId('map-run'),
    cancel: byId('map-cancel'),
    status: byId('map-status'),
    cell: byId('map-cell'),
    legend: byId('map-legend'),
    boundary: byId('map-boundary'),
    exportCsv: byId('export-csv-map'),
    exportPng: byId('export-png-map'),
    chart: byId('chart-map'),
  };
}
