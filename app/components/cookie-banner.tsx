import { memo, use, useEffect, useState } from 'react';
import { CspNonceContext } from '../lib/csp-nonce.ts';
import {
  chooseCookies,
  CONSENT_BANNER,
  CONSENT_COOKIE_NAME,
  hasConsentCookie,
  leaveCookieConsent,
  showCookiePreferences,
  startCookieConsent,
} from '../lib/cookie-consent.ts';

const BANNER_ID = 'cookie-banner';

// Runs before the first paint, so a visitor who has chosen never sees the banner flash.
const HIDE_WHEN_DECIDED = `document.cookie.split(';').some(function(c){return c.trim().indexOf('${CONSENT_COOKIE_NAME}=')===0})&&(document.getElementById('${BANNER_ID}').hidden=true)`;
// Without scripts no optional cookie is ever set and the buttons could not work: no banner.
const HIDE_WITHOUT_SCRIPTS = `<style>#${BANNER_ID}{display:none}</style>`;

// Outlines rather than the buttons' box-shadow ring (components.css).
const buttonClass = 'consent-button';

/**
 * The consent banner (SPEC.md: opt-in), in the HTML from the server so a
 * first visit needs no script to be asked. The consent library loads only
 * when a button is used (lib/cookie-consent.ts), or at once when a stored
 * choice has to be applied (the analytics tag after an earlier Accept all).
 * Non-modal: the page stays usable while the visitor has not chosen. Its
 * props are settings: a client-side navigation does not render it again.
 */
export const CookieBanner = memo(function CookieBanner({
  measurementId,
  privacyEmail,
}: {
  measurementId: string | null;
  privacyEmail: string;
}) {
  const nonce = use(CspNonceContext);
  // On the server and while hydrating, shown (the script below hides it first if need be); on a
  // client-side navigation into the public site, shown only to a visitor who has not chosen.
  const [open, setOpen] = useState(() => typeof document === 'undefined' || !hasConsentCookie());

  useEffect(() => {
    if (hasConsentCookie()) {
      setOpen(false);
      if (measurementId) void startCookieConsent(measurementId, privacyEmail);
    }
    // A choice made in the preferences dialog, opened here or from the footer.
    const closeBanner = () => setOpen(false);
    window.addEventListener('cc:onConsent', closeBanner);
    return () => {
      window.removeEventListener('cc:onConsent', closeBanner);
      // Leaving for the back office (same document) turns analytics off there.
      leaveCookieConsent(measurementId);
    };
  }, [measurementId, privacyEmail]);

  const choose = (categories: 'all' | []) => {
    setOpen(false);
    void chooseCookies(categories, measurementId, privacyEmail);
  };

  return (
    <>
      <div
        id={BANNER_ID}
        role="dialog"
        aria-labelledby={`${BANNER_ID}-title`}
        aria-describedby={`${BANNER_ID}-description`}
        hidden={!open}
        // The script below may have hidden it before the page came alive.
        suppressHydrationWarning
        className="fixed inset-x-4 bottom-4 z-40 flex max-w-sm flex-col gap-3 rounded-lg border border-border bg-card p-5 text-card-foreground shadow-lg sm:left-auto"
      >
        <h2 id={`${BANNER_ID}-title`} className="font-semibold">
          {CONSENT_BANNER.title}
        </h2>
        <p id={`${BANNER_ID}-description`} className="text-sm text-muted-foreground">
          {CONSENT_BANNER.description}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={`${buttonClass} flex-1`} onClick={() => choose('all')}>
            {CONSENT_BANNER.acceptAll}
          </button>
          <button type="button" className={`${buttonClass} flex-1`} onClick={() => choose([])}>
            {CONSENT_BANNER.rejectAll}
          </button>
        </div>
        <button
          type="button"
          className={buttonClass}
          onClick={() => void showCookiePreferences(measurementId, privacyEmail)}
        >
          {CONSENT_BANNER.showPreferences}
        </button>
        <a href="/privacy-policy" className="text-sm font-medium text-primary underline underline-offset-4">
          {CONSENT_BANNER.privacyLink}
        </a>
      </div>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HIDE_WHEN_DECIDED }} suppressHydrationWarning />
      <noscript dangerouslySetInnerHTML={{ __html: HIDE_WITHOUT_SCRIPTS }} />
    </>
  );
});
