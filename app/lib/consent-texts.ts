/**
 * The consent cookie and the banner's texts: what the server-rendered
 * banner shows and what the consent library, loaded later, is set up with.
 */

/** SPEC.md section 9: the consent cookie and its lifetime. */
export const CONSENT_COOKIE_NAME = 'cc_cookie';
export const CONSENT_COOKIE_DAYS = 365;

/** The banner's texts, shared by the server-rendered banner and the library's own. */
export const CONSENT_BANNER = {
  title: 'We value your privacy',
  // Short, so the bar stays low on a phone; shown only where analytics is configured, which it names.
  description:
    'May we use Google Analytics cookies? Nothing optional is set until you choose.',
  acceptAll: 'Accept all',
  rejectAll: 'Reject all',
  showPreferences: 'Preferences',
  privacyLink: 'Privacy Policy',
} as const;
