// Every hook the browser tests and benchmarks read, in one place. The page itself never reads
// them back: they are windows onto its state, named window.__<name>.
//
//   __renders, __lawRenders, __loopRenders, __mapRenders   renders of each chart family (tests wait
//                                                          on a count rising: proof a chart was drawn)
//   __lastSummary      the spring-block view's last shown summary (resolved values, regime, events)
//   __lastPresliding   the presliding view's last result
//   __mapView          the stability-map view (its worker count, for the map benchmark)
//   __systemView       the animated schematic's clock (time, playing, frame, stats)
//   __shownRun         the spring-block view's shown run {request, result}, for export tests
//   __cursors          where the time charts' cursors and the phase marker were last put (time, {x, y})

/** Sets window.__<name> to `value`. */
export function expose(name, value) {
  globalThis[`__${name}`] = value;
}

/**
 * A Chart.js plugin counting renders in window.__<name>. Tests wait on these counts: they prove a
 * chart was drawn, not merely that data arrived.
 */
export function renderCounter(name) {
  globalThis[`__${name}`] = 0;
  return {
    id: `__${name}`,
    afterRender: () => {
      globalThis[`__${name}`] += 1;
    },
  };
}
