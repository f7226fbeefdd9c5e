/**
 * The page-view beacon of the public pages (decision 065): one per view,
 * client-side navigations included, with nothing kept in the browser. Only
 * what the counting reads is sent: the path, where the reader came from (as
 * an origin: the server keeps the host alone), the UTM tags and the time
 * zone for an approximate country.
 */
import { isPrivateLinkPage } from '../../common/private-links.ts';
import type { PageViewBeaconInput } from '../../common/schemas/analytics.ts';

const ENDPOINT = '/api/events';

// Pages reached by a private link carry its secret in their path: the server
// counts none of them, so the browser does not send that path at all, nor
// keep it as the next page's referrer.
export { isPrivateLinkPage };

/** The page before this one, for a client-side navigation's referrer; held in memory only. */
let previousPage: string | null = null;

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

export function sendPageView({ pathname, search }: { pathname: string; search: string }): void {
  if (isPrivateLinkPage(pathname)) return;
  const tags = new URLSearchParams(search);
  const beacon: PageViewBeaconInput = {
    path: pathname,
    referrer: previousPage ?? originOf(document.referrer),
    utm_source: tags.get('utm_source') ?? '',
    utm_medium: tags.get('utm_medium') ?? '',
    utm_campaign: tags.get('utm_campaign') ?? '',
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
  };
  previousPage = location.origin + pathname;
  // A string goes as text/plain: a simple request, no preflight.
  const body = JSON.stringify(beacon);
  if (navigator.sendBeacon?.(ENDPOINT, body)) return;
  fetch(ENDPOINT, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {
    // A view not counted is not the reader's problem.
  });
}
