/**
 * A campaign's last 48 hours as an iCalendar event (RFC 5545): from 48
 * hours before the end to the end, in UTC, with a reminder three hours
 * before the end and the post's address. Its UID stays the same for the
 * campaign, and its SEQUENCE grows each time the end moves, so a calendar
 * that imported it updates the event rather than adding another.
 */
import { ENDING_SOON_SECONDS } from '../../common/campaign.ts';

export interface CalendarEvent {
  postId: number;
  title: string;
  postUrl: string;
  siteName: string;
  endsAt: number;
  sequence: number;
  /** When the file is made (DTSTAMP). */
  now: number;
}

/** `20261207T140000Z`. */
export const icsTime = (at: number) => new Date(at * 1000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Text as a property value: backslash, semicolon, comma and line breaks escaped. */
const icsText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets folded: a line break and a space, never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function campaignEventIcs(event: CalendarEvent): string {
  const host = new URL(event.postUrl).hostname;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(event.siteName)}//Campaign endings//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:campaign-${event.postId}@${host}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsTime(event.now)}`,
    `DTSTART:${icsTime(event.endsAt - ENDING_SOON_SECONDS)}`,
    `DTEND:${icsTime(event.endsAt)}`,
    `SUMMARY:${icsText(`Last 48 hours: ${event.title}`)}`,
    `DESCRIPTION:${icsText(`The campaign ends at the end of this event. Our review: ${event.postUrl}`)}`,
    `URL:${event.postUrl}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${icsText(`${event.title} ends in 3 hours`)}`,
    'TRIGGER;RELATED=END:-PT3H',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
