/**
 * CSV cells (RFC 4180) safe to open in a spreadsheet: the subscribers'
 * export in the browser and the followers' export on the server write them
 * alike.
 */

// A cell starting with one of these is run as a formula by spreadsheet
// programs (OWASP "CSV injection"); a leading apostrophe makes it text.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula starts neutralised, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Lines of cells as a file: CRLF line ends, one at the end. */
export const csvLines = (lines: readonly (readonly string[])[]): string => `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
