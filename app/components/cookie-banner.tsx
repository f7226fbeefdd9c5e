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
 * first visit needs no script to be asked. Rendered only when analytics is
 * configured, the one optional cookie there is to ask about (decision 081).
 * The consent library loads only when a button is used
 * (lib/cookie-consent.ts), or at once when a stored choice has to be
 * applied (the analytics tag after an earlier Accept all). Non-modal: the
 * page stays usable while the visitor has not chosen. A bar along the
 * bottom of the window, as low as its texts allow, rather than a card over
 * the content: on a phone it leaves the fact box and a calculator's result
 * in view. Sticky at the end of the page, it never sits over the footer,
 * and while it is open what the page scrolls to stops above it (app.css).
 * Its props are settings: a client-side navigation does not render it again.
 */
export const CookieBanner = memo(function CookieBanner({
  measurementId,
  privacyEmail,
}: {
  measurementId: string;
  privacyEmail: string;
}) {
  const nonce = use(CspNonceContext);
  // On the server and while hydrating, shown (the script below hides it first if need be); on a
  // client-side navigation into the public site, shown only to a visitor who has not chosen.
  const [open, setOpen] = useState(() => typeof document === 'undefined' || !hasConsentCookie());

  useEffect(() => {
    if (hasConsentCookie()) {
      setOpen(false);
      void startCookieConsent(measurementId, privacyEmail);
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
        className="consent-bar"
      >
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-1.5 px-4 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-6 sm:py-3">
          <div className="text-sm">
            {/* On a phone the question itself heads the bar; the title still names the dialog. */}
            <h2 id={`${BANNER_ID}-title`} className="inline font-semibold max-sm:sr-only">
              {CONSENT_BANNER.title}
            </h2>{' '}
            <p id={`${BANNER_ID}-description`} className="inline text-muted-foreground">
              {CONSENT_BANNER.description}{' '}
              <a href="/privacy-policy" className="font-medium text-primary underline underline-offset-4">
                {CONSENT_BANNER.privacyLink}
              </a>
            </p>
          </div>
          <div className="grid shrink-0 grid-cols-3 gap-2">
            <button type="button" className={buttonClass} onClick={() => choose('all')}>
              {CONSENT_BANNER.acceptAll}
            </button>
            <button type="button" className={buttonClass} onClick={() => choose([])}>
              {CONSENT_BANNER.rejectAll}
            </button>
            <button type="button" className={buttonClass} onClick={() => void showCookiePreferences(measurementId, privacyEmail)}>
              {CONSENT_BANNER.showPreferences}
            </button>
          </div>
        </div>
      </div>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HIDE_WHEN_DECIDED }} suppressHydrationWarning />
      <noscript dangerouslySetInnerHTML={{ __html: HIDE_WITHOUT_SCRIPTS }} />
    </>
  );
});
