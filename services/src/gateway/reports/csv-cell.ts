/**
 * Formula injection (OWASP "CSV injection"): a spreadsheet runs a cell that starts with = + - @,
 * a tab or a carriage return (and their full-width forms) as a formula. Such a cell is written
 * with a leading apostrophe, which spreadsheets read as "this is text". A cell that starts with an
 * apostrophe followed by one of those (or by another apostrophe) gets one too, so the rule stays
 * reversible: `restoreCell` strips exactly one leading apostrophe where `neutraliseCell` added it.
 * A negative number (an oversold product's stock and value) is not a formula and stays a number.
 */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

const needsGuard = (value: string): boolean => {
  const first = value[0];
  if (first === undefined || NEGATIVE_NUMBER.test(value)) return false;
  if (FORMULA_START.has(first)) return true;
  const second = value[1];
  return first === "'" && second !== undefined && (FORMULA_START.has(second) || second === "'");
};

export const neutraliseCell = (value: string): string => (needsGuard(value) ? `'${value}` : value);

/** The inverse, for readers of our CSV (and the round-trip test). */
export const restoreCell = (cell: string): string =>
  cell[0] === "'" && needsGuard(cell.slice(1)) ? cell.slice(1) : cell;
