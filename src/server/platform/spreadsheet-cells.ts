// Cells of every file the app writes for a spreadsheet program (reports, list exports, accounting exports):
// formula-like text is made inert (OWASP CSV injection), and CSV fields are quoted by RFC 4180
// (docs/rules/data-exchange.md#list-exports).

/** Text a spreadsheet would run as a formula: = + - @ tab or carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** The text as a spreadsheet should show it: formula-like text gets a leading apostrophe; plain numbers stay numbers. */
export function inertText(value: string): string {
  return FORMULA_START.test(value.trimStart()) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One CSV field: made inert, then quoted when needed. */
export function csvCell(value: string): string {
  const inert = inertText(value);
  return /[",\r\n]/.test(inert) || inert !== inert.trim() ? `"${inert.replace(/"/g, '""')}"` : inert;
}
