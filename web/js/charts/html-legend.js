// Chart legends as HTML beside the canvas (Chart.js's "HTML legend" pattern: its own legend off, a
// plugin that writes the list after each update). Against the canvas legend: the text is the page's,
// so it scales with the page, wraps, and is read by screen readers; each series is a button that
// shows or hides it; a chart grows with its legend instead of giving the plot's height to it; and an
// update neither measures nor lays out legend text (about 0.7 ms a chart here, at every result of a
// slider drag), so Chart.js's legend plugin is left out of the page's download (2.8 kB gzipped).
//
// Use: plugins: [htmlLegend(legendListBefore(box, name), extra?)]. Items: {text, colour, dash, width,
// line?: true, point?: 'circle' | 'triangle' | 'rect', fill?: true, index?}; an item with an index is a
// dataset's and toggles it.

const SVG = 'http://www.w3.org/2000/svg';
// The swatch [px]: wide enough to show a dash pattern's period.
const SWATCH_WIDTH = 34,
  SWATCH_HEIGHT = 12;

/** The legend items of a chart as last written, for an export that draws them. */
const itemsByChart = new WeakMap();
/** What each list shows now, to leave it alone when an update changes nothing in it. */
const shownByList = new WeakMap();

/** @returns {object[]} the items the chart's legend shows now ([] before its first update) */
export function legendItemsOf(chart) {
  return itemsByChart.get(chart) ?? [];
}

/** One item per dataset with a label: its line and, where the series draws points, its marker. */
function datasetItems(chart) {
  return chart.data.datasets.flatMap((dataset, index) =>
    dataset.label
      ? [
          {
            text: dataset.label,
            colour: dataset.borderColor,
            dash: dataset.borderDash ?? [],
            width: dataset.borderWidth ?? 2,
            point: dataset.pointRadius > 0 ? (dataset.pointStyle ?? 'circle') : undefined,
            line: dataset.showLine !== false,
            hidden: !chart.isDatasetVisible(index),
            index,
          },
        ]
      : [],
  );
}

function svg(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

/** The item's swatch: a filled box (a shaded key), or its line with dashes (a series that draws one) and its marker. */
function swatch(item) {
  const box = svg('svg', {
    width: SWATCH_WIDTH,
    height: SWATCH_HEIGHT,
    viewBox: `0 0 ${SWATCH_WIDTH} ${SWATCH_HEIGHT}`,
    'aria-hidden': 'true',
  });
  const middle = SWATCH_HEIGHT / 2;
  if (item.fill) {
    box.append(
      svg('rect', {
        x: 0,
        y: 1,
        width: SWATCH_WIDTH,
        height: SWATCH_HEIGHT - 2,
        fill: item.colour,
      }),
    );
    return box;
  }
  if (item.line) {
    box.append(
      svg('line', {
        x1: 1,
        y1: middle,
        x2: SWATCH_WIDTH - 1,
        y2: middle,
        stroke: item.colour,
        'stroke-width': Math.min(item.width, 3),
        'stroke-dasharray': item.dash.length ? item.dash.join(' ') : 'none',
      }),
    );
  }
  const c = SWATCH_WIDTH / 2,
    r = 4;
  if (item.point === 'triangle')
    box.append(
      svg('polygon', {
        points: `${c},${middle - r} ${c + r},${middle + r} ${c - r},${middle + r}`,
        fill: item.colour,
      }),
    );
  else if (item.point === 'rect')
    box.append(
      svg('rect', { x: c - r, y: middle - r, width: 2 * r, height: 2 * r, fill: item.colour }),
    );
  else if (item.point) box.append(svg('circle', { cx: c, cy: middle, r, fill: item.colour }));
  return box;
}

/** The list element of one item: a toggle button for a dataset, plain text for a key. */
function itemElement(chart, item) {
  const li = document.createElement('li');
  const label = document.createElement('span');
  label.textContent = item.text;
  if (item.index === undefined) {
    li.append(swatch(item), label);
    return li;
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-pressed', String(!item.hidden));
  button.title = `Show or hide ${item.text}`;
  button.append(swatch(item), label);
  button.addEventListener('click', () => {
    chart.setDatasetVisibility(item.index, !chart.isDatasetVisible(item.index));
    chart.update('none');
  });
  li.append(button);
  return li;
}

/**
 * The plugin of one chart: after each update the chart's items are written into `list`, and only where
 * they changed (a drag's results keep the same series: nothing is written then). An inline plugin with
 * its list and keys in hand, not plugin options: Chart.js would call a function found among its options.
 * @param {HTMLElement} list the legend's <ul> (legendListBefore)
 * @param {(chart: object) => object[]} [extra] keys after the datasets' items (a shading's)
 */
export function htmlLegend(list, extra = () => []) {
  return {
    id: 'htmlLegend',
    afterUpdate(chart) {
      const items = [...datasetItems(chart), ...extra(chart)];
      itemsByChart.set(chart, items);
      const key = JSON.stringify(items);
      if (shownByList.get(list) === key) return;
      shownByList.set(list, key);
      list.replaceChildren(...items.map((item) => itemElement(chart, item)));
    },
  };
}

/**
 * A legend list for the chart in `box` (its .chart-box): a <ul class="chart-legend"> put before the box,
 * named for screen readers by `name`.
 * @param {HTMLElement} box @param {string} name
 */
export function legendListBefore(box, name) {
  const list = document.createElement('ul');
  list.className = 'chart-legend';
  list.setAttribute('aria-label', name);
  box.before(list);
  return list;
}
