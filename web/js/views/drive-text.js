// The drive editor's typed text (views/drive-editor.js): numbers and "t, value" pairs read from its
// fields, refused by the path of the value they stand for (protocol.holds[2], system.v0[1][1]) before
// the engine sees them, and the field an engine path belongs to.

/** A refusal of what was typed, before the engine sees it: the field's path and the reason. */
export class TypedError extends Error {
  constructor(parameter, message) {
    super(message);
    this.parameter = parameter;
  }
}

/** The numbers of one line of text (separated by commas, spaces, tabs or semicolons), named by `path`. */
export function numbersOf(line, path, unitText) {
  return line
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((token, k) => {
      const value = Number(token);
      if (!Number.isFinite(value))
        throw new TypedError(
          `${path}[${k}]`,
          `${path}[${k}]: '${token}' is not a number (${unitText}).`,
        );
      return value;
    });
}

/** "t, value" lines -> [[t, value], …]; each line must hold two numbers. */
export function pairsOf(text, path, unitText) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, k) => {
      const numbers = numbersOf(line, `${path}[${k}]`, unitText);
      if (numbers.length !== 2)
        throw new TypedError(
          `${path}[${k}]`,
          `${path}[${k}]: a line holds two numbers (${unitText}); got '${line}'.`,
        );
      return numbers;
    });
}

export const pairsText = (pairs) => (pairs ?? []).map((pair) => pair.join(', ')).join('\n');

/** The editor's field for an engine path: system.v0[3] -> steps, protocol.table.t[17] -> table, … */
export function fieldOf(path) {
  const rules = [
    [/^(system\.)?v0\b/, 'steps'],
    [/^protocol\.holds\b/, 'holds'],
    [/^protocol\.slide\b/, 'slide'],
    [/^protocol\.table\b/, 'table'],
    [/^(protocol\.normalForce|(system\.)?Fn)\b/, 'normal'],
    [/^grid\b/, 'logGrid'],
    [/^(system\.)?start\b/, 'steady'],
  ];
  return rules.find(([pattern]) => pattern.test(path))?.[1];
}
