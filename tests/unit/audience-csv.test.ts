/** The audience numbers' export: the days then the pages, each with its header, and no cell a spreadsheet would run. */
import { describe, expect, it } from 'vitest';
import { audienceCsv } from '../../app/lib/audience-csv.ts';

describe('audienceCsv', () => {
  it('writes the days, then the pages, with CRLF line ends', () => {
    const csv = audienceCsv({
      days: [
        { date: '2026-03-01', views: 10, visitors: 6 },
        { date: '2026-03-02', views: 0, visitors: 0 },
      ],
      pages: [{ path: '/a-post', views: 8, visitors: 5 }],
    });
    expect(csv).toBe('Date,Views,Visitors\r\n2026-03-01,10,6\r\n2026-03-02,0,0\r\n\r\nPage,Views,Visitors\r\n/a-post,8,5\r\n');
  });

  it('neutralises a path that starts like a formula and quotes one with a comma', () => {
    const csv = audienceCsv({ days: [], pages: [{ path: '=cmd', views: 1, visitors: 1 }, { path: '/a,b', views: 1, visitors: 1 }] });
    expect(csv).toContain("\r\n'=cmd,1,1\r\n");
    expect(csv).toContain('\r\n"/a,b",1,1\r\n');
  });
});
