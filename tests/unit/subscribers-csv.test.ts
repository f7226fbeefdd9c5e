import { describe, expect, it } from 'vitest';
import { csvCell, subscribersCsv } from '../../app/lib/subscribers-csv.ts';

describe('the subscribers CSV export', () => {
  it('writes a header line and one CRLF-ended line per subscriber', () => {
    expect(
      subscribersCsv([
        { email: 'ada@example.com', subscribed_at: '2026-11-01T10:00:00.000Z' },
        { email: 'grace@example.com', subscribed_at: '2026-11-02T11:30:00.000Z' },
      ]),
    ).toBe(
      'Email,Subscribed Date\r\nada@example.com,2026-11-01T10:00:00.000Z\r\ngrace@example.com,2026-11-02T11:30:00.000Z\r\n',
    );
  });

  it('turns cells starting with =, +, - or @ into text so spreadsheets never run them', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")@example.com')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")@example.com"`,
    );
    expect(csvCell('+1@example.com')).toBe("'+1@example.com");
    expect(csvCell('-2@example.com')).toBe("'-2@example.com");
    expect(csvCell('@sum@example.com')).toBe("'@sum@example.com");
    expect(csvCell('\tx@example.com')).toBe("'\tx@example.com");
  });

  it('quotes cells holding a comma, a quote or a line break and leaves plain ones alone', () => {
    expect(csvCell('a,b@example.com')).toBe('"a,b@example.com"');
    expect(csvCell('say "hi"@example.com')).toBe('"say ""hi""@example.com"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('plain@example.com')).toBe('plain@example.com');
  });
});
