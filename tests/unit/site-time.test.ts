import { describe, expect, it } from 'vitest';
import {
  formatSiteDateTime,
  isTimeZone,
  secondsToSiteDay,
  secondsToSiteInput,
  siteDayEndToSeconds,
  siteInputToSeconds,
  timeZoneChoices,
} from '../../common/site-time.ts';

const utc = (...parts: [number, number, number, number, number]) => Date.UTC(...parts) / 1000;

describe('times in the site time zone', () => {
  it('reads an editor time on the clocks of the site, whatever the machine zone', () => {
    expect(siteInputToSeconds('2026-06-01T09:30', 'Europe/Paris')).toBe(utc(2026, 5, 1, 7, 30));
    expect(siteInputToSeconds('2026-12-01T09:30:15', 'Europe/Paris')).toBe(utc(2026, 11, 1, 8, 30) + 15);
    expect(siteInputToSeconds('2026-12-01T09:30', 'UTC')).toBe(utc(2026, 11, 1, 9, 30));
    expect(siteInputToSeconds('', 'UTC')).toBeNull();
    expect(siteInputToSeconds('tomorrow', 'UTC')).toBeNull();
  });

  it('shows a moment as the editor field and as text, and reads it back unchanged', () => {
    const at = utc(2026, 5, 1, 7, 30) + 15;
    expect(secondsToSiteInput(at, 'Europe/Paris')).toBe('2026-06-01T09:30:15');
    expect(siteInputToSeconds(secondsToSiteInput(at, 'America/New_York'), 'America/New_York')).toBe(at);
    expect(formatSiteDateTime(at, 'Europe/Paris')).toBe('Jun 1, 2026, 09:30 Europe/Paris');
    expect(formatSiteDateTime(at, 'UTC')).toBe('Jun 1, 2026, 07:30 UTC');
  });

  it('takes a time the clocks skip as after the change, and one they show twice as its first time', () => {
    // New York, 2026-03-08: 02:00 becomes 03:00; 2026-11-01: 02:00 becomes 01:00 again.
    expect(siteInputToSeconds('2026-03-08T02:30', 'America/New_York')).toBe(utc(2026, 2, 8, 7, 30));
    expect(siteInputToSeconds('2026-11-01T01:30', 'America/New_York')).toBe(utc(2026, 10, 1, 5, 30));
  });

  it('knows IANA zone names and UTC, and refuses abbreviations, offsets and unknown names', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['EST', 'utc', '+05:00', 'Mars/Olympus_Mons', '', 'Europe/Paris\n']) expect(isTimeZone(zone)).toBe(false);
    expect(timeZoneChoices()[0]).toBe('UTC');
    expect(timeZoneChoices()).toContain('Europe/Paris');
    // A zone this runtime lists under another name stays the current choice.
    expect(timeZoneChoices('Asia/Kolkata')).toContain('Asia/Kolkata');
  });
});

describe('siteDayEndToSeconds', () => {
  it('reads a day as its last second on the site clocks', () => {
    expect(siteDayEndToSeconds('2026-12-03', 'UTC')).toBe(utc(2026, 11, 3, 23, 59) + 59);
    // Paris is an hour ahead of UTC in December.
    expect(siteDayEndToSeconds('2026-12-03', 'Europe/Paris')).toBe(utc(2026, 11, 3, 22, 59) + 59);
    expect(secondsToSiteDay(utc(2026, 11, 3, 22, 59) + 59, 'Europe/Paris')).toBe('2026-12-03');
  });

  it('refuses what is not a day', () => {
    for (const value of ['', '2026-02-31', '3 Dec', '2026-12-03T10:00']) expect(siteDayEndToSeconds(value, 'UTC')).toBeNull();
  });
});
