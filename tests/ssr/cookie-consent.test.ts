/**
 * Consent is asked only for what exists (decision 081): without
 * GA_MEASUREMENT_ID the site sets no optional cookie, so its pages carry no
 * banner, no consent script, no "Cookie preferences" and a privacy policy
 * that names no analytics cookie; with one, all of them are there. Each page
 * is asked for twice, so the second answer is also written from the kept
 * footer (decision 078).
 */
import { describe, expect, it } from 'vitest';
import { scriptNonceOf } from '../../server/http/content-security-policy.ts';
import { decodeHtml, useSiteApp, type SiteApp } from './site-app.ts';

const PAGES = ['/', '/resources', '/contact-us', '/instant-kickstarter-fee-calculator'];

const footerOf = (html: string) => html.match(/<footer\b[\s\S]*?<\/footer>/)?.[0] ?? '';
// The public stylesheet, inlined in every page (decision 102), has the rule for an open banner whether or not one can show.
const withoutStylesheet = (html: string) => html.replace(/<style [^>]*id="site-css">[\s\S]*?<\/style>/, '');
const bannerOf = (html: string) => html.match(/<div id="cookie-banner"[\s\S]*?<\/div><script/)?.[0] ?? '';

async function pageHtml(site: SiteApp, path: string) {
  const response = await site.get(path);
  expect(response.status, path).toBe(200);
  return { html: await response.text(), policy: response.headers.get('content-security-policy') };
}

describe('a site without an analytics id', () => {
  const { site } = useSiteApp();

  it('shows no banner, runs no consent script and offers no cookie preferences', async () => {
    for (const path of [...PAGES, ...PAGES]) {
      const { html } = await pageHtml(site, path);
      expect(withoutStylesheet(html), path).not.toContain('cookie-banner');
      expect(html, path).not.toContain('cc_cookie');
      expect(html, path).not.toContain('We value your privacy');
      expect(footerOf(html), path).toContain('Privacy Policy');
      expect(footerOf(html), path).not.toContain('Cookie preferences');
    }
  });

  it('has a privacy policy that names no analytics or consent cookie', async () => {
    const html = decodeHtml((await pageHtml(site, '/privacy-policy')).html);
    expect(html).toContain('Our public pages set no cookies');
    expect(html).not.toMatch(/_ga|_gid|cc_cookie|Google Analytics|Cookie preferences|cookie banner asks you to/);
  });
});

describe('a site with an analytics id', () => {
  const { site } = useSiteApp({ app: { env: { GA_MEASUREMENT_ID: 'G-TEST123' } } });

  it('asks in a banner in the HTML, hidden by a nonce-carrying script once a choice is stored, and offers the preferences in the footer', async () => {
    for (const path of [...PAGES, ...PAGES]) {
      const { html, policy } = await pageHtml(site, path);
      const banner = bannerOf(html);
      expect(banner, path).toContain('role="dialog"');
      expect(banner, path).toContain('class="consent-bar"');
      expect(banner, path).not.toMatch(/\bhidden=/);
      for (const text of ['We value your privacy', 'Google Analytics', 'Accept all', 'Reject all', 'Preferences', 'Privacy Policy']) {
        expect(banner, path).toContain(text);
      }
      const hideScript = html.match(/<script nonce="([^"]*)">(document\.cookie[^<]*cookie-banner[^<]*)<\/script>/);
      expect(hideScript?.[1], path).toBe(scriptNonceOf(policy));
      expect(hideScript?.[2], path).toContain('cc_cookie=');
      expect(html, path).toMatch(/<noscript><style>#cookie-banner\{display:none\}<\/style><\/noscript>/);
      expect(footerOf(html), path).toMatch(/<button type="button" class="[^"]*">Cookie preferences<\/button>/);
    }
  });

  it('has a privacy policy that names the consent cookie and the analytics cookies', async () => {
    const html = decodeHtml((await pageHtml(site, '/privacy-policy')).html);
    expect(html).toContain('remembers your cookie choice for 12 months');
    expect(html).toContain('<code>_ga</code>');
    expect(html).toContain('<code>_gid</code>');
    expect(html).toContain('"Cookie preferences" link');
    expect(html).not.toContain('Our public pages set no cookies');
  });
});
