// The elements of the views loaded on demand (explorer, presliding, map): each view's markup is put into
// its empty panel of index.html (view-markup.js), then its elements are looked up once by id. Loaded
// with the view, so none of this is in the start-up download.

import { EXPLORER_MARKUP, MAP_MARKUP, PRESLIDING_MARKUP } from './view-markup.js';

const byId = (id) => document.getElementById(id);

/** Puts a view's markup into its panel, once. */
function fill(panelId, markup) {
  const panel = byId(panelId);
  if (!panel.firstElementChild) panel.innerHTML = markup;
}

export function explorerElements() {
  fill('view-explorer', EXPLORER_MARKUP);
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
  fill('view-presliding', PRESLIDING_MARKUP);
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
  fill('view-map', MAP_MARKUP);
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
    results: byId('map-results'),
    cluster: byId('map-cluster'),
    clusterX: byId('map-cluster-x'),
    clusterY: byId('map-cluster-y'),
    exportSweep: byId('map-export-sweep'),
    openCsv: byId('map-open-csv'),
    clusterError: byId('map-cluster-error'),
    clusterNote: byId('map-cluster-note'),
  };
}
