/**
 * The newsletter export: subscribers as CSV (RFC 4180), safe to open in a
 * spreadsheet.
 */

// A cell starting with one of these is run as a formula by spreadsheet
// programs (OWASP "CSV injection"); a leading apostrophe makes it text.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula starts neutralised, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export interface SubscriberRow {
  email: string;
  subscribed_at: string;
}

/** The export file: a header line, then one line per subscriber, CRLF line ends. */
export function subscribersCsv(subscribers: readonly SubscriberRow[]): string {
  const lines = [['Email', 'Subscribed Date'], ...subscribers.map((subscriber) => [subscriber.email, subscriber.subscribed_at])];
  return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
