/**
 * The consent library's settings and the texts of its preferences dialog,
 * loaded with the library itself when a visitor first uses the banner or
 * the footer's link (lib/cookie-consent.ts): a first visit does not carry
 * them.
 */
import type { CookieConsentConfig } from 'vanilla-cookieconsent';
import { escapeHtml } from '../../common/html.ts';
import { CONSENT_BANNER, CONSENT_COOKIE_DAYS, CONSENT_COOKIE_NAME } from './consent-texts.ts';

export function consentConfig(privacyEmail: string, sync: () => void): CookieConsentConfig {
  const email = escapeHtml(privacyEmail);
  return {
    mode: 'opt-in',
    revision: 0,
    // Browsers driven by tests must see the banner too.
    hideFromBots: false,
    // The server-rendered banner asks; the library never shows its own.
    autoShow: false,
    cookie: { name: CONSENT_COOKIE_NAME, expiresAfterDays: CONSENT_COOKIE_DAYS, sameSite: 'Lax' },
    guiOptions: {
      consentModal: { layout: 'box', position: 'bottom right', equalWeightButtons: true },
      preferencesModal: { layout: 'box', equalWeightButtons: true },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: {
        autoClear: { cookies: [{ name: /^_ga/ }, { name: /^_gid/ }] },
      },
    },
    onConsent: sync,
    onChange: sync,
    language: {
      default: 'en',
      translations: {
        en: {
          consentModal: {
            title: CONSENT_BANNER.title,
            description: CONSENT_BANNER.description,
            acceptAllBtn: CONSENT_BANNER.acceptAll,
            acceptNecessaryBtn: CONSENT_BANNER.rejectAll,
            showPreferencesBtn: CONSENT_BANNER.showPreferences,
            footer: `<a href="/privacy-policy">${CONSENT_BANNER.privacyLink}</a>`,
          },
          preferencesModal: {
            title: 'Cookie preferences',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Reject all',
            savePreferencesBtn: 'Save preferences',
            closeIconLabel: 'Close',
            sections: [
              {
                title: 'How we use cookies',
                description:
                  'Your choice is kept for 12 months in a cookie named cc_cookie. You can change it at any time from the "Cookie preferences" link at the bottom of every page.',
              },
              {
                title: 'Strictly necessary',
                description: 'Needed for the site to work, such as remembering this choice. Always on.',
                linkedCategory: 'necessary',
              },
              {
                title: 'Analytics',
                description:
                  'Anonymous statistics about visits (Google Analytics cookies _ga and _gid). Only loaded if you accept.',
                linkedCategory: 'analytics',
              },
              {
                title: 'More information',
                description: `Questions about your data: <a href="mailto:${email}">${email}</a>.`,
              },
            ],
          },
        },
      },
    },
  };
}
