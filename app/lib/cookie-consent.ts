/**
 * Cookie consent (SPEC.md: opt-in; necessary always on, analytics optional)
 * with vanilla-cookieconsent v3, and the analytics tag loaded only after
 * consent. The first-visit banner is the site's own markup, rendered by the
 * server (components/cookie-banner.tsx); the library, which keeps the
 * choice, clears cookies and draws the preferences dialog, is fetched only
 * when a visitor uses the banner or the footer's link, or when a stored
 * choice has to be applied. Without a measurement id there is no analytics
 * at all.
 */
import type * as CookieConsent from 'vanilla-cookieconsent';
import { PRIVACY_EMAIL } from '../../common/site.ts';
import { CONSENT_COOKIE_NAME } from './consent-texts.ts';

export { CONSENT_BANNER, CONSENT_COOKIE_NAME } from './consent-texts.ts';

type CookieConsentApi = typeof CookieConsent;

/** Where the analytics tag comes from (a third-party host). */
export const ANALYTICS_TAG_ORIGIN = 'https://www.googletagmanager.com';

let starting: Promise<CookieConsentApi | null> | null = null;

/**
 * Whether a public page is showing. The back office runs in the same
 * document after a client-side navigation, and no third party may see it:
 * there the tag neither loads nor sends, whatever the visitor consented to.
 */
let onPublicPage = false;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

function loadAnalytics(measurementId: string | null) {
  if (!measurementId || !onPublicPage) return;
  (window as unknown as Record<string, unknown>)[`ga-disable-${measurementId}`] = false;
  if (document.getElementById('analytics-tag')) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself; an array is ignored.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer?.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', measurementId, { anonymize_ip: true });
  const script = document.createElement('script');
  script.id = 'analytics-tag';
  script.async = true;
  script.src = `${ANALYTICS_TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

function stopAnalytics(measurementId: string | null) {
  // The tag honours this flag; the cookies themselves are cleared by the
  // library's autoClear (SPEC.md: _ga and _gid on rejection).
  if (measurementId) (window as unknown as Record<string, unknown>)[`ga-disable-${measurementId}`] = true;
}

/** Applies the visitor's choice: the tag on with consent on a public page, off otherwise. */
function syncAnalytics(api: CookieConsentApi, measurementId: string | null) {
  if (onPublicPage && api.acceptedCategory('analytics')) loadAnalytics(measurementId);
  else stopAnalytics(measurementId);
}

/** Whether this browser holds a consent choice (the library checks its contents once it runs). */
export function hasConsentCookie(): boolean {
  return document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${CONSENT_COOKIE_NAME}=`));
}

/**
 * Starts the library: applies an earlier choice (onConsent runs on every
 * page load with a valid one). Safe to call more than once. SPEC.md: a
 * failure is logged only.
 */
export function startCookieConsent(
  measurementId: string | null,
  privacyEmail: string = PRIVACY_EMAIL,
): Promise<CookieConsentApi | null> {
  onPublicPage = true;
  if (starting) {
    // Back on the public site after the back office: the stored choice applies again.
    return starting.then((api) => {
      if (api && onPublicPage) syncAnalytics(api, measurementId);
      return api;
    });
  }
  starting = (async () => {
    const [api, { consentConfig }] = await Promise.all([
      import('vanilla-cookieconsent'),
      import('./cookie-consent-config.ts'),
      import('vanilla-cookieconsent/dist/cookieconsent.css'),
    ]);
    await api.run(consentConfig(privacyEmail, () => syncAnalytics(api, measurementId)));
    return api;
  })().catch((error: unknown) => {
    console.warn('Cookie consent could not start', error);
    starting = null;
    return null;
  });
  return starting;
}

/**
 * Leaving the public site for the back office in the same document: the
 * tag stops sending and the banner closes, even when the library is still
 * starting (it then never loads the tag here).
 */
export function leaveCookieConsent(measurementId: string | null): void {
  onPublicPage = false;
  stopAnalytics(measurementId);
  void starting?.then((api) => {
    if (!onPublicPage) api?.hide();
  });
}

/** Records the choice of the banner's Accept all (`'all'`) or Reject all (`[]`). */
export async function chooseCookies(
  categories: 'all' | [],
  measurementId: string | null,
  privacyEmail?: string,
): Promise<void> {
  const api = await startCookieConsent(measurementId, privacyEmail);
  api?.acceptCategory(categories);
}

/** Opens the preferences dialog (the banner's button and the footer's "Cookie preferences" link). */
export async function showCookiePreferences(measurementId: string | null, privacyEmail?: string): Promise<void> {
  const api = await startCookieConsent(measurementId, privacyEmail);
  api?.showPreferences();
}
