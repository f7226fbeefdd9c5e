/**
 * The newsletter export: subscribers as CSV (RFC 4180), safe to open in a
 * spreadsheet, with each one's status and consent record.
 */
import type { SubscriberJson } from '../../common/answers.ts';
import { csvCell } from '../../common/csv.ts';

export { csvCell };

export type SubscriberRow = Pick<
  SubscriberJson,
  'email' | 'subscribed_at' | 'status' | 'confirmed_at' | 'signup_path' | 'consent_text' | 'consent_source' | 'left_at' | 'left_via'
>;

/** SPEC.md's two columns first, then the status and the record of consent. */
const COLUMNS: [string, (row: SubscriberRow) => string | null][] = [
  ['Email', (row) => row.email],
  ['Subscribed Date', (row) => row.subscribed_at],
  ['Status', (row) => row.status],
  ['Confirmed Date', (row) => row.confirmed_at],
  ['Signup Page', (row) => row.signup_path],
  ['Consent Text', (row) => row.consent_text],
  ['Consent Source', (row) => row.consent_source],
  ['Left Date', (row) => row.left_at],
  ['Left Via', (row) => row.left_via],
];

/** The export file: a header line, then one line per subscriber, CRLF line ends. */
export function subscribersCsv(subscribers: readonly SubscriberRow[]): string {
  const lines = [COLUMNS.map(([heading]) => heading), ...subscribers.map((row) => COLUMNS.map(([, value]) => value(row) ?? ''))];
  return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
