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
  description:
    'We use necessary cookies to run this site. With your permission we would also like to use analytics cookies to learn which pages are useful. Nothing optional is set until you choose.',
  acceptAll: 'Accept all',
  rejectAll: 'Reject all',
  showPreferences: 'Manage preferences',
  privacyLink: 'Privacy Policy',
} as const;
