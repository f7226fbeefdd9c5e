/**
 * The audience numbers' export: the days and the pages of a range as CSV (RFC
 * 4180), safe to open in a spreadsheet. Visitors are counted per day, so
 * the pages' visitors over several days add daily visitors.
 */
import type { AnalyticsReportJson } from '../../common/answers.ts';
import { csvCell } from './subscribers-csv.ts';

/** Two sections, the days then the pages, each with its header line; CRLF line ends. */
export function audienceCsv(report: Pick<AnalyticsReportJson, 'days' | 'pages'>): string {
  const lines: string[][] = [
    ['Date', 'Views', 'Visitors'],
    ...report.days.map((day) => [day.date, String(day.views), String(day.visitors)]),
    [],
    ['Page', 'Views', 'Visitors'],
    ...report.pages.map((page) => [page.path, String(page.views), String(page.visitors)]),
  ];
  return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
