import { describe, expect, it } from 'vitest';
import { csvCell, subscribersCsv } from '../../app/lib/subscribers-csv.ts';

describe('the subscribers CSV export', () => {
  it('writes a header line and one CRLF-ended line per subscriber', () => {
    const record = {
      status: 'active' as const,
      confirmed_at: null,
      signup_path: null,
      consent_text: null,
      consent_source: null,
      left_at: null,
      left_via: null,
    };
    expect(
      subscribersCsv([
        { ...record, email: 'ada@example.com', subscribed_at: '2026-11-01T10:00:00.000Z', signup_path: '/', consent_text: 'News, monthly' },
        {
          ...record,
          email: 'grace@example.com',
          subscribed_at: '2026-11-02T11:30:00.000Z',
          status: 'unsubscribed',
          left_at: '2026-11-03T09:00:00.000Z',
          left_via: 'one-click',
        },
      ]),
    ).toBe(
      'Email,Subscribed Date,Status,Confirmed Date,Signup Page,Consent Text,Consent Source,Left Date,Left Via\r\n' +
        'ada@example.com,2026-11-01T10:00:00.000Z,active,,/,"News, monthly",,,\r\n' +
        'grace@example.com,2026-11-02T11:30:00.000Z,unsubscribed,,,,,2026-11-03T09:00:00.000Z,one-click\r\n',
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
