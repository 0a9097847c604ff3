// The markup of the views loaded on demand (the law explorer, presliding and the stability map), put
// into their empty panels of index.html when a view is first built (view-elements.js): the start-up
// download carries only the spring-block view's markup.

/** #view-explorer's content. */
export const EXPLORER_MARKUP = `
<section class="panel controls" aria-labelledby="laws-title">
  <h2 id="laws-title">Laws</h2>
  <p class="hint">Compare up to four friction laws, each computed as its origin system computes it.
    Every law's settings work like the spring-block settings: slider, arrow keys or typed value.</p>
  <p id="explorer-error" class="form-error" role="alert"></p>
  <div class="law-add">
    <label for="law-add">Add a law</label>
    <div class="law-add-row">
      <select id="law-add"></select>
      <button id="law-add-button" type="button">Add</button>
    </div>
    <p id="law-add-note" class="hint" role="status"></p>
  </div>
  <div id="law-cards" class="law-cards"></div>
</section>

<section id="explorer-results" class="panel results" aria-labelledby="curves-title">
  <div class="results-head">
    <h2 id="curves-title">Curves</h2>
    <p id="explorer-status" class="status" data-state="loading">Loading the engine…</p>
  </div>
  <!-- The curves first: they are what the view is for; the inputs that shape them follow. -->
  <figure class="chart">
    <figcaption id="law-chart-caption">Friction coefficient μ(v)</figcaption>
    <div class="chart-box chart-box-laws"><canvas id="chart-laws">The friction coefficient or force of each chosen law against the slip velocity v.</canvas></div>
  </figure>
  <p id="law-chart-note" class="hint" role="status"></p>
  <div id="explorer-inputs" class="ex-inputs">
    <fieldset class="ex-choice">
      <legend>Plot</legend>
      <label><input type="radio" name="quantity" value="mu"> Coefficient μ(v)</label>
      <label><input type="radio" name="quantity" value="force"> Force F(v) [N]</label>
    </fieldset>
    <fieldset class="ex-choice">
      <legend>Velocity axis</legend>
      <label><input type="radio" name="scale" value="linear"> Linear</label>
      <label><input type="radio" name="scale" value="log"> Logarithmic</label>
    </fieldset>
    <div class="ex-field">
      <label for="ex-vMin" id="ex-vMin-label">From v<sub>min</sub></label> <span class="param-unit" id="ex-vMin-unit">m/s</span>
      <input type="number" id="ex-vMin" step="any" inputmode="decimal" autocomplete="off"
        aria-labelledby="ex-vMin-label ex-vMin-unit" aria-describedby="ex-vMin-error">
      <p id="ex-vMin-error" class="param-error" role="alert"></p>
    </div>
    <div class="ex-field">
      <label for="ex-vMax" id="ex-vMax-label">To v<sub>max</sub></label> <span class="param-unit" id="ex-vMax-unit">m/s</span>
      <input type="number" id="ex-vMax" step="any" inputmode="decimal" autocomplete="off"
        aria-labelledby="ex-vMax-label ex-vMax-unit" aria-describedby="ex-vMax-error">
      <p id="ex-vMax-error" class="param-error" role="alert"></p>
    </div>
    <div class="ex-field">
      <label for="ex-N" id="ex-N-label">Normal force N</label> <span class="param-unit" id="ex-N-unit">N</span>
      <input type="number" id="ex-N" step="any" inputmode="decimal" autocomplete="off"
        aria-labelledby="ex-N-label ex-N-unit" aria-describedby="ex-N-error">
      <p id="ex-N-error" class="param-error" role="alert"></p>
    </div>
    <div class="ex-field">
      <label for="ex-p" id="ex-p-label">Pressure p</label> <span class="param-unit" id="ex-p-unit">Pa</span>
      <input type="number" id="ex-p" step="any" inputmode="decimal" autocomplete="off"
        aria-labelledby="ex-p-label ex-p-unit" aria-describedby="ex-p-error">
      <p id="ex-p-error" class="param-error" role="alert"></p>
    </div>
    <div class="ex-field ex-field-wide">
      <label for="ex-theta" id="ex-theta-label">Contact state θ</label>
      <div class="ex-theta-row">
        <input type="number" id="ex-theta" step="0.05" inputmode="decimal" autocomplete="off"
          aria-labelledby="ex-theta-label" aria-describedby="ex-theta-help ex-theta-error">
        <label class="ex-check"><input type="checkbox" id="ex-theta-steady"> steady</label>
      </div>
      <small id="ex-theta-help" class="param-help">From 0 to 1; read by the seed app θ law only.
        Steady: θ at its steady state for each v.</small>
      <p id="ex-theta-error" class="param-error" role="alert"></p>
    </div>
    <div class="ex-common" role="group" aria-labelledby="ex-common-label">
      <label class="ex-check ex-common-switch" id="ex-common-label"><input type="checkbox" id="ex-common"
        aria-describedby="ex-common-help"> Common coefficients</label>
      <small id="ex-common-help" class="param-help">Every law's parameter that is a static or kinetic
        coefficient, a force (μs·N, μk·N with the N above) or a stiction speed takes these values; off,
        each law has its own values again.</small>
      <div class="ex-common-values">
        <div class="ex-field">
          <label for="ex-muS" id="ex-muS-label">Static μs</label>
          <input type="number" id="ex-muS" step="0.01" inputmode="decimal" autocomplete="off"
            aria-labelledby="ex-muS-label" aria-describedby="ex-muS-error">
        </div>
        <div class="ex-field">
          <label for="ex-muK" id="ex-muK-label">Kinetic μk</label>
          <input type="number" id="ex-muK" step="0.01" inputmode="decimal" autocomplete="off"
            aria-labelledby="ex-muK-label" aria-describedby="ex-muK-error">
        </div>
        <div class="ex-field">
          <label for="ex-vS" id="ex-vS-label">Stiction speed v<sub>s</sub></label> <span class="param-unit" id="ex-vS-unit">m/s</span>
          <input type="number" id="ex-vS" step="any" inputmode="decimal" autocomplete="off"
            aria-labelledby="ex-vS-label ex-vS-unit" aria-describedby="ex-vS-error">
        </div>
      </div>
      <!-- A refused common value: its message spans the group (it names the law and parameter). -->
      <p id="ex-muS-error" class="param-error" role="alert"></p>
      <p id="ex-muK-error" class="param-error" role="alert"></p>
      <p id="ex-vS-error" class="param-error" role="alert"></p>
      <div id="ex-common-note" class="ex-common-note" role="status"></div>
    </div>
  </div>
  <p class="hint">The linear axis shows the region around v = 0, where the laws differ most. To see
    Drake's stiction region, choose the logarithmic axis (1e-6 … 1 m/s): its default stiction
    tolerance is 0.1 mm/s, so on a ±0.2 m/s axis its rise from μ = 0 is a near-vertical edge at v = 0.
    F is the friction force resisting the motion, signed like v.</p>
  
  
  <div class="export" role="group" aria-label="Export">
    <button id="export-csv-laws" type="button">Download CSV</button>
    <button id="export-png-laws" type="button">PNG: curves</button>
  </div>
</section>
`;

/** #view-presliding's content. */
export const PRESLIDING_MARKUP = `
<section class="panel controls" aria-labelledby="presliding-title">
  <h2 id="presliding-title">Presliding</h2>
  <p class="hint">Before a contact slides, a dynamic law lets it deflect. A force is ramped up,
    held, ramped down to its negative, held, and ramped back, while the body barely moves: force
    against displacement draws the hysteresis loop, and a law that drifts does not close it.</p>
  <div class="model-picker">
    <label for="presliding-law">Law</label>
    <select id="presliding-law" aria-describedby="presliding-law-description presliding-law-citation"></select>
    <p id="presliding-law-description" class="model-description"></p>
    <p id="presliding-law-citation" class="model-citation"></p>
  </div>
  <p id="presliding-error" class="form-error" role="alert"></p>
  <section class="run-section" aria-labelledby="presliding-protocol-title">
    <h3 id="presliding-protocol-title">Force protocol</h3>
    <div id="presliding-protocol" class="params" role="group" aria-labelledby="presliding-protocol-title"></div>
  </section>
  <section class="run-section" aria-labelledby="presliding-law-title">
    <h3 id="presliding-law-title">Law parameters</h3>
    <div id="presliding-params" class="params" role="group" aria-labelledby="presliding-law-title"></div>
  </section>
</section>

<section id="presliding-results" class="panel results" aria-labelledby="loop-title">
  <div class="results-head">
    <h2 id="loop-title">Hysteresis loop</h2>
    <p id="presliding-status" class="status" data-state="loading">Loading the engine…</p>
  </div>
  <p id="presliding-info" class="run-info"></p>
  <div class="export" role="group" aria-label="Export">
    <button id="export-csv-presliding" type="button">Download CSV</button>
    <button id="export-png-loop" type="button">PNG: loop</button>
  </div>
  <figure class="chart chart-loop">
    <figcaption><span>Applied force against displacement</span></figcaption>
    <div class="chart-box"><canvas id="chart-loop">The applied force against the displacement of the body, through the force protocol.</canvas></div>
  </figure>
</section>
`;

/** #view-map's content. */
export const MAP_MARKUP = `
<section class="panel controls" aria-labelledby="map-title">
  <h2 id="map-title">Stability map</h2>
  <p class="hint">When does it slide steadily, squeal, or stick and slip? Pick two parameters and
    their ranges: every cell of the map is a full simulation, classified by what the block does in
    it. Cells fill in as the workers finish them, coarse first.</p>
  <div class="model-picker">
    <label for="map-subject">What drives the block</label>
    <select id="map-subject" aria-describedby="map-description"></select>
    <p id="map-description" class="model-description"></p>
  </div>
  <p id="map-error" class="form-error" role="alert"></p>
  <!-- One block per axis (x, y), built by map-view.js: parameter, range, cells, log. -->
  <fieldset id="map-axes" class="map-axes">
    <legend>Axes</legend>
  </fieldset>
  <div class="actions">
    <button id="map-run" type="button">Draw the map</button>
    <button id="map-cancel" type="button" disabled>Cancel</button>
  </div>
  <details id="map-cluster" class="map-cluster">
    <summary>Larger maps: the command line or a cluster</summary>
    <p class="hint">This map at any size, with <code>friction sweep</code> on your cores or a
      cluster's job array; then open the merged CSV here (or drop it on the map).</p>
    <div class="map-range" role="group" aria-label="Size of the map for the command line">
      <label>cells across <input type="number" id="map-cluster-x" min="2" max="100000" step="1"
        inputmode="numeric" autocomplete="off" aria-describedby="map-cluster-error"></label>
      <label>up <input type="number" id="map-cluster-y" min="2" max="100000" step="1"
        inputmode="numeric" autocomplete="off" aria-describedby="map-cluster-error"></label>
    </div>
    <div class="actions">
      <button id="map-export-sweep" type="button">Download sweep JSON</button>
    </div>
    <label for="map-open-csv">Open a merged CSV</label>
    <input type="file" id="map-open-csv" accept=".csv,text/csv" aria-describedby="map-cluster-error">
    <p id="map-cluster-error" class="param-error" role="alert"></p>
    <p id="map-cluster-note" class="hint" role="status"></p>
  </details>
  <section id="map-law-start" class="run-section" aria-labelledby="map-start-title" hidden>
    <h3 id="map-start-title">Start of each run</h3>
    <label for="map-start">Start</label>
    <select id="map-start" aria-describedby="map-start-error">
      <option value="rest">At rest, spring relaxed</option>
      <option value="steady">In steady sliding at v0, kicked</option>
    </select>
    <label for="map-kick">Kick (fraction of v0)</label>
    <input type="number" id="map-kick" step="any" min="-0.5" max="0.5" inputmode="decimal" autocomplete="off"
      aria-describedby="map-start-error">
    <p id="map-start-error" class="param-error" role="alert"></p>
  </section>
  <section id="map-system-section" class="run-section" aria-labelledby="map-system-title" hidden>
    <h3 id="map-system-title">Spring-block system</h3>
    <div id="map-system-params" class="params" role="group" aria-labelledby="map-system-title"></div>
  </section>
  <section class="run-section" aria-labelledby="map-params-title">
    <h3 id="map-params-title">Parameters</h3>
    <p class="hint">The two swept parameters take the map's values; the others these.</p>
    <div id="map-params" class="params" role="group" aria-labelledby="map-params-title"></div>
  </section>
</section>

<section id="map-results" class="panel results" aria-labelledby="map-chart-title">
  <div class="results-head">
    <h2 id="map-chart-title">Map</h2>
    <p id="map-status" class="status" data-state="idle">Choose the axes and draw the map.</p>
  </div>
  <p id="map-cell" class="run-info" role="status" aria-live="polite">Point at a cell (or focus the map and use
    the arrow keys) to read it; click it (or press Enter) to open that run in the spring-block view.</p>
  <ul id="map-legend" class="map-legend" aria-label="Regimes"></ul>
  <p id="map-boundary" class="hint"></p>
  <div class="export" role="group" aria-label="Export">
    <button id="export-csv-map" type="button" disabled>Download CSV</button>
    <button id="export-png-map" type="button" disabled>PNG: map</button>
  </div>
  <figure class="chart chart-map">
    <div class="chart-box chart-box-map"><canvas id="chart-map" aria-label="The stability map: each cell's colour is the regime of the run at those two parameter values; point at a cell or use the arrow keys to read it.">The stability map: each cell's colour is the
      regime of the run at those two parameter values; the black line is the closed-form boundary.</canvas></div>
  </figure>
</section>
`;
