/**
 * The site settings on the public pages: today's texts until the owner
 * saves their own, then their name, tagline, addresses, profiles, legal
 * texts and social proof everywhere, through the page cache.
 */
import { describe, expect, it } from 'vitest';
import type { SiteSettingsJson } from '../../common/schemas/site-settings.ts';
import { settleTestCheckout } from '../../server/services/sponsors/payments.ts';
import { freshIp } from '../helpers/test-app.ts';
import { decodeHtml, metaContent, textsOf, useSiteApp } from './site-app.ts';

const SPONSORED = '/submit-your-project-for-a-sponsored-post';
const footerOf = (html: string) => html.slice(html.indexOf('<footer'));
/** A page's markup without the comments React puts between a text and a value in it. */
const pageText = async (response: Response) => decodeHtml(await response.text()).replaceAll('<!-- -->', '');

describe('site settings on public pages', () => {
  const { t, site } = useSiteApp();

  async function saveSettings(changes: Partial<SiteSettingsJson>) {
    const token = await t.adminToken();
    const { body } = await t.request<SiteSettingsJson>('GET', '/admin/settings/site', { token });
    const { privacy_policy_updated: _p, terms_updated: _t, ...values } = body;
    const saved = await t.request('PUT', '/admin/settings/site', { token, body: { ...values, ...changes } });
    expect(saved.status).toBe(200);
  }

  it('show today\'s texts and claim no figure while nothing is saved', async () => {
    const home = decodeHtml(await (await site.get('/')).text());
    expect(home).toContain('<title>Crowdfunding Showcase: reviewed crowdfunding projects</title>');
    expect(footerOf(home)).toMatch(/<a [^>]*href="mailto:privacy@crowdfundingshowcase.com"/);
    expect(footerOf(home)).not.toContain('aria-label="Follow us"');
    const sponsored = decodeHtml(await (await site.get(SPONSORED)).text());
    expect(sponsored).not.toContain('$12,000,000');
    expect(sponsored).not.toContain('id="sponsored-reach"');
    const terms = decodeHtml(await (await site.get('/terms-of-service')).text());
    expect(terms).toContain('These terms apply to everyone who uses Crowdfunding Showcase.');
    expect(terms).toContain('<a href="mailto:support@crowdfundingshowcase.com">support@crowdfundingshowcase.com</a>');
  });

  it('show a saved name, tagline, addresses, profiles and social proof on the next render', async () => {
    // Kept by the page cache first: the save must replace the copy.
    expect((await site.get('/')).status).toBe(200);
    await saveSettings({
      site_name: 'Backer Digest',
      tagline: 'Campaigns we would back ourselves.',
      contact_email: 'hello@backerdigest.example.org',
      privacy_email: 'dpo@backerdigest.example.org',
      social: { x: null, facebook: null, instagram: 'https://instagram.com/backerdigest', linkedin: null, youtube: null, tiktok: null },
      sponsored_price_text: '$75, launch price',
      social_proof: '2,000 backers read us each week',
    });

    const home = decodeHtml(await (await site.get('/')).text());
    expect(home).toContain('<title>Backer Digest: reviewed crowdfunding projects</title>');
    expect(metaContent(home, 'og:site_name')).toBe('Backer Digest');
    expect(home).toMatch(/<header[^>]*>[\s\S]*?<span>Backer Digest<\/span>/);
    const footer = footerOf(home);
    expect(footer).toContain('Campaigns we would back ourselves.');
    expect(footer).toContain(`© ${new Date().getUTCFullYear()} Backer Digest. All rights reserved.`);
    expect(footer).toMatch(/<a [^>]*href="mailto:dpo@backerdigest.example.org"/);
    expect(footer).toMatch(/<a href="https:\/\/instagram.com\/backerdigest"[^>]*>Instagram<\/a>/);

    const contact = decodeHtml(await (await site.get('/contact-us')).text());
    expect(contact).toContain('<title>Contact Us | Backer Digest</title>');
    expect(contact).toContain('href="mailto:hello@backerdigest.example.org"');

    const sponsored = decodeHtml(await (await site.get(SPONSORED)).text());
    expect(textsOf(sponsored, 'h2')).toContain('2,000 backers read us each week');
    expect(sponsored).toContain('$75, launch price');

    const terms = decodeHtml(await (await site.get('/terms-of-service')).text());
    expect(terms).toContain('These terms apply to everyone who uses Backer Digest.');
    expect(terms).toContain('<a href="mailto:hello@backerdigest.example.org">hello@backerdigest.example.org</a>');

    const feed = await (await site.get('/rss.xml', {})).text();
    expect(feed).toContain('<title>Backer Digest</title>');
  });

  it('show SPEC.md\'s promises and today\'s home texts until the owner rewords them, then theirs', async () => {
    const before = await pageText(await site.get(SPONSORED));
    expect(before).toContain('We get back to you within 24-48 hours.');
    expect(before).toContain('Your sponsored post goes live within 3-5 days after payment.');
    // The profiles saved above: social sharing is promised.
    expect(textsOf(before, 'h3')).toEqual(['A written review', 'A permanent listing', 'A private report', 'Newsletter inclusion', 'Social sharing']);
    expect(await pageText(await site.get('/contact-us'))).toContain('We answer within two working days.');

    await saveSettings({
      site_name: 'Backer Digest',
      hero_heading: 'Campaigns we would back ourselves',
      hero_text: null,
      meta_description: 'Three campaigns a week, read closely.',
      sponsored_response_time: 'one working day',
      sponsored_live_time: 'a week',
      sponsored_includes: ['A long review: Two thousand words, with photos.', 'A mention in our podcast'],
      contact_line: 'We answer the same week.',
    });

    const home = decodeHtml(await (await site.get('/')).text());
    expect(textsOf(home, 'h1')).toEqual(['Campaigns we would back ourselves']);
    expect(home).not.toContain('Crowdfunding projects worth backing');
    expect(home).not.toContain('Hand-picked Kickstarter and Indiegogo campaigns');
    expect(metaContent(home, 'description')).toBe('Three campaigns a week, read closely.');
    expect(metaContent(home, 'og:description')).toBe('Three campaigns a week, read closely.');
    expect(home).toContain('<link rel="alternate" type="application/rss+xml" title="Backer Digest" href="/rss.xml"/>');
    expect(home).not.toContain('Crowdfunding Showcase');

    const sponsored = await pageText(await site.get(SPONSORED));
    expect(sponsored).toContain('We get back to you within one working day.');
    expect(sponsored).toContain('Your sponsored post goes live within a week after payment.');
    expect(textsOf(sponsored, 'h3')).toEqual(['A long review', 'A mention in our podcast']);
    expect(sponsored).toContain('Two thousand words, with photos.');
    expect(sponsored).not.toMatch(/24-48 hours|3-5 days|shared on our social channels/i);
    expect(metaContent(sponsored, 'description')).toContain('a long review and a mention in our podcast for a flat $75 one-time fee. Live within a week.');

    const contact = await pageText(await site.get('/contact-us'));
    expect(contact).toContain('We answer the same week.');
    expect(contact).not.toContain('two working days');

    const feed = await (await site.get('/rss.xml', {})).text();
    expect(feed).toContain('<description>Three campaigns a week, read closely.</description>');

    // Once paid, the result pages repeat the saved promise, not SPEC.md's.
    const checkout = await t.request('POST', '/payments/create-checkout', {
      ip: freshIp(),
      body: {
        project_name: 'Tide Clock',
        project_url: 'https://www.kickstarter.com/projects/tide-clock',
        contact_name: 'Ada Lovelace',
        contact_email: 'ada.promises@example.com',
        description: '',
        press_kit_url: '',
        budget_range: '',
        terms_accepted: true,
      },
    });
    expect(checkout.status).toBe(201);
    const sessionId = checkout.body.session_id as string;
    expect(await settleTestCheckout(t.deps, sessionId, 'pay')).not.toBeNull();
    const success = await pageText(await site.get(`/payment/success?session_id=${sessionId}`));
    expect(success).toContain('Thank you! Your sponsored post will be live within a week.');
    expect(success).not.toContain('3-5 days');
    const cancel = await pageText(await site.get(`/payment/cancel?session_id=${sessionId}`));
    expect(cancel).toContain('Your sponsored post will be live within a week.');
    expect(cancel).not.toContain('3-5 days');
  });

  // The sign-in card itself is drawn in the browser: tests/e2e/owner-identity.test.ts reads it.
  it('title the sign-in page and the back office\'s documents with the saved name', async () => {
    await saveSettings({ site_name: 'Backer Digest' });
    for (const path of ['/auth', '/admin', '/admin/forgot-password']) {
      const html = decodeHtml(await (await site.get(path)).text());
      expect(html, path).toMatch(/<title>[^<]* \| Admin \| Backer Digest<\/title>/);
      expect(html, path).not.toContain('Crowdfunding Showcase');
      expect(html, path).not.toContain('Admin Panel');
    }
  });

  it('render a saved legal text from its markdown, sanitised, dated the day it changed', async () => {
    await saveSettings({
      privacy_policy_md: '## Who we are\n\n{{site_name}} keeps **little** data. <script>alert(1)</script>\n\n[Write to us](mailto:{{privacy_email}})',
    });
    const html = decodeHtml(await (await site.get('/privacy-policy')).text());
    expect(textsOf(html, 'h1')).toEqual(['Privacy Policy']);
    expect(textsOf(html, 'h2')).toContain('Who we are');
    expect(html).toContain('Backer Digest keeps <strong>little</strong> data.');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<a href="mailto:dpo@backerdigest.example.org">Write to us</a>');
    const today = new Date().toISOString().slice(0, 10);
    expect(html).toContain(`<time dateTime="${today}">`);
    // The terms did not change: their date stays.
    const terms = decodeHtml(await (await site.get('/terms-of-service')).text());
    expect(terms).toContain('<time dateTime="2025-10-15">October 15, 2025</time>');
  });
});

describe('the starting terms of a site with its own price', () => {
  const { site } = useSiteApp({ app: { env: { SPONSORED_PRICE_CENTS: '4950', SPONSORED_CURRENCY: 'eur' } } });

  it('state the configured price, the promises and a refund clause, and show what the owner must fill in', async () => {
    const terms = await pageText(await site.get('/terms-of-service'));
    expect(terms).toContain('A sponsored post is a one-time flat fee of €49.50. We respond within 24-48 hours and publish within 3-5 days after payment');
    expect(textsOf(terms, 'h2')).toContain('3. Refunds');
    expect(terms).toContain('[Fill in: your country, or state and country]');
    expect(terms).not.toMatch(/California|\$100|\$75/);
    const privacy = await pageText(await site.get('/privacy-policy'));
    expect(privacy).toContain('[Fill in: your legal name or company, and postal address]');
  });
});
