/**
 * The page-view beacon is not sent from a page reached by a private link
 * (its token is in the path), and such a page is not the next page's
 * referrer; other pages send theirs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPrivateLinkPage, sendPageView } from '../../app/lib/page-view.ts';

const TOKEN = 'a'.repeat(43);

function stubBrowser() {
  const sent: unknown[] = [];
  vi.stubGlobal('navigator', { sendBeacon: (_url: string, body: string) => sent.push(JSON.parse(body)) > 0 });
  vi.stubGlobal('document', { referrer: '' });
  vi.stubGlobal('location', { origin: 'https://example.com' });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the page-view beacon', () => {
  it('knows the private link pages', () => {
    expect(isPrivateLinkPage(`/sponsor-report/${TOKEN}`)).toBe(true);
    expect(isPrivateLinkPage(`/campaign-update/${TOKEN}`)).toBe(true);
    expect(isPrivateLinkPage(`/preview/${TOKEN}`)).toBe(true);
    expect(isPrivateLinkPage('/sponsor-report-tips')).toBe(false);
    expect(isPrivateLinkPage('/reed-clock')).toBe(false);
  });

  it('sends nothing from a sponsor report, and the next page does not name it as its referrer', () => {
    const sent = stubBrowser();
    sendPageView({ pathname: '/home-before', search: '' });
    sendPageView({ pathname: `/sponsor-report/${TOKEN}`, search: '' });
    sendPageView({ pathname: '/reed-clock', search: '' });
    expect(sent.map((beacon) => (beacon as { path: string }).path)).toEqual(['/home-before', '/reed-clock']);
    expect(JSON.stringify(sent)).not.toContain(TOKEN);
    expect((sent[1] as { referrer: string }).referrer).toBe('https://example.com/home-before');
  });
});
