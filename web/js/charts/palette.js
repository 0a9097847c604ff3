// The charts' colours and dashes, one palette for every view.
//
// Okabe & Ito (2008) colour-blind-safe palette, picked for contrast on white. Line dashes add a
// second cue, so the series stay apart on a washed-out projector or a grey-scale printout.
export const COLOURS = {
  blue: '#0072B2',
  vermillion: '#D55E00',
  green: '#009E73',
  orange: '#E69F00',
  purple: '#CC79A7',
  black: '#000000',
  skyBlue: '#56B4E9',
};

export const TEXT_COLOUR = '#374151';
export const GRID_COLOUR = '#e5e7eb';
// Stick intervals: a translucent grey box over each, under the lines.
export const STUCK_FILL = 'rgba(82, 96, 109, 0.14)';

// The law explorer: one colour and dash per slot, so each law's card can show its curve's style.
const LAW_STYLES = [
  { colour: COLOURS.blue, dash: [] },
  { colour: COLOURS.vermillion, dash: [8, 4] },
  { colour: COLOURS.green, dash: [2, 3] },
  { colour: COLOURS.purple, dash: [12, 3, 3, 3] },
];

/**
 * The colour and dash of the law in slot `index` (0-based), for a swatch beside its controls.
 * @returns {{colour: string, dash: number[]}}
 */
export function lawStyle(index) {
  return LAW_STYLES[index % LAW_STYLES.length];
}

// Compared runs: each run one colour and dash on both time charts, the live run first. None is the
// colour of a line the live run keeps beside them (drive force purple, static limit black).
const RUN_STYLES = [
  { colour: COLOURS.vermillion, dash: [] },
  { colour: COLOURS.blue, dash: [8, 4] },
  { colour: COLOURS.green, dash: [2, 3] },
  { colour: COLOURS.orange, dash: [12, 3, 3, 3] },
  { colour: COLOURS.skyBlue, dash: [6, 3] },
];

/** The style of compared run `index` (0 = the live run). */
export function runStyle(index) {
  return RUN_STYLES[index % RUN_STYLES.length];
}
