import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../server/payments/provider.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';
import { createSiteApp, decodeHtml, jsonLdOf, metaContent, textsOf, useSiteApp } from './site-app.ts';

const PATH = '/submit-your-project-for-a-sponsored-post';

let counter = 0;
/** The form as a browser without JavaScript posts it, with names unique to the calling test. */
function filledForm(overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    website: '',
    budget_range: '',
    project_name: `Orbit Planter ${counter}`,
    project_url: 'https://www.kickstarter.com/projects/orbit-planter',
    contact_name: 'Katherine Johnson',
    contact_email: `katherine${counter}@example.com`,
    description: 'A planter that turns with the sun.',
    press_kit_url: '',
    terms_accepted: 'on',
    ...overrides,
  };
}

const submissionsOf = (t: TestApp, contactEmail: string) =>
  t.deps.db
    .selectFrom('sponsored_submissions')
    .selectAll()
    .where('contact_email', '=', contactEmail)
    .execute();

const countSubmissions = async (t: TestApp) =>
  Number(
    (
      await t.deps.db
        .selectFrom('sponsored_submissions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** The outcome box printed for a form posted without JavaScript: its role and texts. */
const statusBox = (html: string) => {
  const box = html.match(/<div [^>]*data-slot="alert"[^>]*role="(status|alert)"[^>]*>([\s\S]*?)<\/div><\/div>/);
  if (!box) return null;
  const texts = [...`${box[2] ?? ''}<`.matchAll(/>([^<]+)</g)].map((match) => decodeHtml(match[1] ?? '').trim()).filter(Boolean);
  return { role: box[1], texts };
};

const inputTag = (html: string, id: string) => html.match(new RegExp(`<(?:input|textarea) [^>]*id="${id}"[^>]*>`))?.[0] ?? '';
const errorText = (html: string, id: string) => html.match(new RegExp(`<p [^>]*id="${id}-error"[^>]*>([^<]*)</p>`))?.[1];

describe('the sponsored post landing page', () => {
  const { t, site } = useSiteApp();

  it('describes the offer in the site layout with search and sharing tags and a public cache header', async () => {
    const response = await site.get(PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public\b/);
    const html = await response.text();
    expect(html).toContain('<title>Submit Your Project for a Sponsored Post | Crowdfunding Showcase</title>');
    const description = metaContent(html, 'description') ?? '';
    expect(description).toContain('flat $75 one-time fee');
    expect(metaContent(html, 'og:title')).toBe('Submit Your Project for a Sponsored Post | Crowdfunding Showcase');
    expect(metaContent(html, 'og:url')).toBe(`http://localhost${PATH}`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost${PATH}"/>`);
    expect(metaContent(html, 'robots')).toBeUndefined();
    expect(jsonLdOf(html)).toContainEqual(
      expect.objectContaining({ '@type': 'Service', offers: { '@type': 'Offer', price: '75.00', priceCurrency: 'USD' } }),
    );

    expect(textsOf(html, 'h1')).toEqual(['Submit Your Project for a Sponsored Post']);
    const text = decodeHtml(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
    for (const claim of [
      '$75 flat, one-time fee',
      'A written review',
      'A permanent listing',
      'Newsletter inclusion',
      'We get back to you within 24-48 hours.',
      'Your sponsored post goes live within 3-5 days after payment.',
    ]) {
      expect(text).toContain(claim);
    }
    // No figure is claimed until the owner writes one in the site settings.
    expect(text).not.toContain('$12,000,000');
    // In the site's frame: its navigation and footer.
    expect(html).toMatch(/<nav\b/);
    expect(html).toContain('<footer');
  });

  it('sells the private report, and promises social sharing only once the owner has set a social profile', async () => {
    const visibleText = (html: string) => decodeHtml(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
    const before = await (await site.get(PATH)).text();
    expect(textsOf(before, 'h3')).toEqual(['A written review', 'A permanent listing', 'A private report', 'Newsletter inclusion']);
    expect(visibleText(before)).toContain('Its views, visitors and clicks to your campaign, day by day, on a page only you have the link to.');
    expect(visibleText(before)).toContain('Once it is live, you get the link to its private report');
    // No profile to share on: no sharing is promised, nor in the description search engines show.
    expect(visibleText(before)).not.toMatch(/social sharing|social channels/i);
    expect(metaContent(before, 'description')).not.toMatch(/social/i);

    const token = await t.adminToken();
    const { body } = await t.request<Record<string, unknown>>('GET', '/admin/settings/site', { token });
    const { privacy_policy_updated: _privacy, terms_updated: _terms, ...values } = body;
    const social = { x: 'https://x.com/showcase', facebook: null, instagram: null, linkedin: null, youtube: null, tiktok: null };
    expect((await t.request('PUT', '/admin/settings/site', { token, body: { ...values, social } })).status).toBe(200);
    try {
      const after = await (await site.get(PATH)).text();
      expect(textsOf(after, 'h3')).toEqual(['A written review', 'A permanent listing', 'A private report', 'Newsletter inclusion', 'Social sharing']);
      expect(metaContent(after, 'description')).toContain('social sharing');
    } finally {
      const current = (await t.request<Record<string, unknown>>('GET', '/admin/settings/site', { token })).body;
      const { privacy_policy_updated: _p, terms_updated: _t, ...rest } = current;
      await t.request('PUT', '/admin/settings/site', { token, body: { ...rest, social: { x: null } } });
    }
  });

  it('is a labelled form with the fields of SPEC.md that posts to its own page', async () => {
    const html = await (await site.get(PATH)).text();
    // The first form after the header's site search.
    const form = html.match(/<form (?![^>]*role="search")[^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="${PATH}"`);
    for (const [id, label] of [
      ['sponsored-project-name', 'Project name'],
      ['sponsored-project-url', 'Project URL'],
      ['sponsored-contact-name', 'Contact name'],
      ['sponsored-contact-email', 'Contact email'],
      ['sponsored-description', 'Description (optional)'],
      ['sponsored-press-kit-url', 'Press kit URL (optional)'],
    ] as const) {
      expect(html).toMatch(new RegExp(`<label [^>]*for="${id}"[^>]*>${label.replace(/[()]/g, '\\$&')}</label>`));
    }
    expect(inputTag(html, 'sponsored-project-url')).toContain('type="url"');
    expect(inputTag(html, 'sponsored-press-kit-url')).toContain('type="url"');
    expect(inputTag(html, 'sponsored-contact-email')).toContain('type="email"');
    expect(inputTag(html, 'sponsored-project-name')).toContain('required=""');
    expect(inputTag(html, 'sponsored-description')).not.toContain('required');
    expect(html).toMatch(/<input type="hidden" name="budget_range" value=""\/>/);
    const terms = html.match(/<input [^>]*name="terms_accepted"[^>]*>/)?.[0] ?? '';
    expect(terms).toContain('type="checkbox"');
    expect(terms).not.toContain('checked');
    expect(html).toMatch(/<a href="\/terms-of-service" target="_blank" rel="noopener noreferrer"[^>]*>Terms of Service<\/a>/);
    expect(html).toContain('>Submit and pay $75</button>');
    // The refill notice comes from navigation state only, never from the server.
    expect(html).not.toContain('Payment not completed');
  });

  it('starts a checkout without JavaScript: stores the submission with a pending payment and sends the browser to the checkout', async () => {
    const form = filledForm({ press_kit_url: 'https://example.com/press.zip' });
    const response = await site.post(PATH, form, { ip: freshIp() });

    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = response.headers.get('location') ?? '';
    const sessionId = location.match(/^http:\/\/localhost\/checkout\/test\/(cs_local_[0-9a-f]{40})$/)?.[1];
    expect(sessionId).toBeTruthy();

    const [submission, ...others] = await submissionsOf(t, form.contact_email);
    expect(others).toEqual([]);
    expect(submission).toMatchObject({
      project_name: form.project_name,
      project_url: 'https://www.kickstarter.com/projects/orbit-planter',
      contact_name: 'Katherine Johnson',
      description: 'A planter that turns with the sun.',
      press_kit_url: 'https://example.com/press.zip',
      budget_range: null,
      status: 'new',
      payment_status: 'pending',
    });
    const payment = await t.deps.db
      .selectFrom('payment_transactions')
      .selectAll()
      .where('submission_id', '=', submission?.id ?? -1)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ provider_session_id: sessionId, status: 'pending', amount_cents: 7500, currency: 'usd' });
  });

  it("takes the campaign's goal in major units, its currency and end day, and stores them exactly", async () => {
    const form = filledForm({ campaign_goal: '20,000.5', campaign_currency: 'eur', campaign_ends_at: '2030-06-15' });
    const response = await site.post(PATH, form, { ip: freshIp() });
    expect(response.status).toBe(302);
    const [submission] = await submissionsOf(t, form.contact_email);
    // The end day runs through its last second on the site's clocks (UTC here).
    expect(submission).toMatchObject({ campaign_goal: 2_000_050, campaign_currency: 'EUR', campaign_ends_at: Date.UTC(2030, 5, 15, 23, 59, 59) / 1000 });
  });

  it('names a campaign goal it cannot read, keeps the values and stores nothing', async () => {
    const before = await countSubmissions(t);
    const form = filledForm({ campaign_goal: '12.345', campaign_currency: 'USD', campaign_ends_at: '2030-06-15' });
    const response = await site.post(PATH, form, { ip: freshIp() });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(errorText(html, 'sponsored-campaign-goal')).toBe('Campaign goal must be an amount such as 20000 or 20000.50');
    expect(inputTag(html, 'sponsored-campaign-goal')).toContain('value="12.345"');
    expect(inputTag(html, 'sponsored-campaign-ends-at')).toContain('value="2030-06-15"');
    expect(await countSubmissions(t)).toBe(before);
  });

  it('refuses unticked terms with the server message by the checkbox and the notice, keeps the values and stores nothing', async () => {
    const before = await countSubmissions(t);
    const form = filledForm({ terms_accepted: '' });
    const response = await site.post(PATH, form, { ip: freshIp() });

    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(statusBox(html)).toEqual({
      role: 'alert',
      texts: ['Terms required', 'Please accept the Terms of Service before submitting.'],
    });
    expect(errorText(html, 'sponsored-terms')).toBe('terms of service must be accepted');
    const terms = html.match(/<input [^>]*name="terms_accepted"[^>]*>/)?.[0] ?? '';
    expect(terms).toContain('aria-invalid="true"');
    expect(terms).toContain('aria-describedby="sponsored-terms-error"');
    expect(inputTag(html, 'sponsored-project-name')).toContain(`value="${form.project_name}"`);
    expect(inputTag(html, 'sponsored-contact-email')).toContain(`value="${form.contact_email}"`);
    expect(html).toContain('>A planter that turns with the sun.</textarea>');
    expect(await countSubmissions(t)).toBe(before);
  });

  it('marks a missing project name and a project URL that is not a web address, and stores nothing', async () => {
    const before = await countSubmissions(t);
    const response = await site.post(PATH, filledForm({ project_name: ' ', project_url: 'my campaign' }), { ip: freshIp() });

    expect(response.status).toBe(400);
    const html = await response.text();
    // Two problems: counted and named at the top of the form, each a link to its field.
    const summary = html.match(/<div [^>]*role="alert"[^>]*data-slot="error-summary"[^>]*>([\s\S]*?)<\/ul><\/div>/)?.[1] ?? '';
    expect(summary).toContain('Please fix <!-- -->2<!-- --> fields');
    expect([...summary.matchAll(/<a href="(#[^"]+)"[^>]*>([^<]*)<\/a>/g)].map((link) => [link[1], decodeHtml(link[2] ?? '')])).toEqual([
      ['#sponsored-project-name', 'Project name is required'],
      ['#sponsored-project-url', 'Project URL must be a valid http(s) URL'],
    ]);
    expect(errorText(html, 'sponsored-project-name')).toBe('Project name is required');
    expect(errorText(html, 'sponsored-project-url')).toBe('Project URL must be a valid http(s) URL');
    expect(inputTag(html, 'sponsored-project-url')).toContain('aria-invalid="true"');
    expect(await countSubmissions(t)).toBe(before);
  });

  it('refuses a line break or a control character in either address by its field, and stores nothing', async () => {
    const before = await countSubmissions(t);
    for (const [field, id, label] of [
      ['project_url', 'sponsored-project-url', 'Project URL'],
      ['press_kit_url', 'sponsored-press-kit-url', 'Press kit URL'],
    ] as const) {
      for (const value of ['https://www.kickstarter.com/projects/orbit\r\nSet-Cookie: x=1', 'https://www.kickstarter.com/pro\tjects/orbit', 'https://press.example/k\u0085it']) {
        const response = await site.post(PATH, filledForm({ [field]: value }), { ip: freshIp() });
        expect(response.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        const html = await response.text();
        expect(errorText(html, id)).toBe(`${label} must be a single line, without line breaks or control characters`);
        expect(inputTag(html, id)).toContain('aria-invalid="true"');
      }
    }
    expect(await countSubmissions(t)).toBe(before);
  });

  it('stores the project URL as the browser reads it', async () => {
    const form = filledForm({ project_url: 'HTTPS://WWW.Kickstarter.com/projects/orbit planter' });
    const response = await site.post(PATH, form, { ip: freshIp() });
    expect(response.status).toBe(302);
    const [submission] = await submissionsOf(t, form.contact_email);
    expect(submission?.project_url).toBe('https://www.kickstarter.com/projects/orbit%20planter');
  });

  it('answers a filled honeypot by showing the form again, with no checkout and nothing stored', async () => {
    const before = await countSubmissions(t);
    const response = await site.post(PATH, filledForm({ website: 'https://spam.example' }), { ip: freshIp() });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(PATH);
    expect(await countSubmissions(t)).toBe(before);
  });
});

describe('the sponsored post form when the checkout cannot start', () => {
  const { t, site } = useSiteApp({ app: {
      rateLimits: { checkoutPerIp: { name: 'checkout-ip', max: 2, windowSeconds: 600 } },
      // A provider that is down: its checkout sessions cannot be created.
      payments: (): PaymentProvider => ({
        name: 'local',
        createCheckoutSession: () => Promise.reject(new Error('connect ECONNREFUSED')),
        retrieveSession: () => Promise.resolve(null),
      }),
    } });

  it('shows Error with the service message and keeps the values', async () => {
    const form = filledForm();
    const response = await site.post(PATH, form, { ip: freshIp() });

    expect(response.status).toBe(503);
    const html = await response.text();
    expect(statusBox(html)).toEqual({
      role: 'alert',
      texts: [
        'Error',
        'The payment provider could not start the checkout. Your submission was saved; please try again in a few minutes.',
      ],
    });
    expect(inputTag(html, 'sponsored-project-name')).toContain(`value="${form.project_name}"`);
    expect(html.match(/<input [^>]*name="terms_accepted"[^>]*>/)?.[0]).toContain('checked=""');
    // The service keeps the submission for the admins, its payment failed.
    expect(await submissionsOf(t, form.contact_email)).toEqual([expect.objectContaining({ payment_status: 'failed' })]);
  });

  it('is rate limited per address like the API', async () => {
    const ip = freshIp();
    for (let i = 0; i < 2; i += 1) expect((await site.post(PATH, filledForm(), { ip })).status).toBe(503);
    const form = filledForm();
    const refused = await site.post(PATH, form, { ip });
    expect(refused.status).toBe(429);
    expect(statusBox(await refused.text())?.texts).toEqual(['Error', expect.stringMatching(/^Too many requests/)]);
    expect(await submissionsOf(t, form.contact_email)).toEqual([]);
  });
});

describe('the sponsored post form in production without a Stripe key', () => {
  // The built-in test checkout would take no money: without PAYMENTS_TEST_MODE=true it is off.
  const { t, site } = useSiteApp({ app: { env: { NODE_ENV: 'production' } } });

  it('says plainly that payments are not set up and offers the contact page instead of a form', async () => {
    const response = await site.get(PATH);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textsOf(html, 'h2')).toContain('Not on sale yet');
    expect(decodeHtml(html)).toContain("Sponsored posts can't be bought on this site yet: payments are not set up.");
    expect(html).toMatch(/<a [^>]*href="\/contact-us"[^>]*>Write to us<\/a>/);
    // No form that cannot work: no fields, no pay button.
    expect(html).not.toContain('Submit and pay');
    expect(inputTag(html, 'sponsored-project-name')).toBe('');
    expect(html).not.toContain('name="terms_accepted"');
    // Nothing is on offer to search engines either.
    expect(JSON.stringify(jsonLdOf(html))).not.toContain('"Offer"');
  });

  it('refuses a post all the same with 503, stores nothing and shows the notice', async () => {
    const before = await countSubmissions(t);
    const response = await site.post(PATH, filledForm(), { ip: freshIp() });

    expect(response.status).toBe(503);
    const html = decodeHtml(await response.text());
    expect(html).toContain("Sponsored posts can't be bought on this site yet: payments are not set up.");
    expect(html).not.toContain('Submit and pay');
    expect(await countSubmissions(t)).toBe(before);
  });

  it('refuses the test checkout page too', async () => {
    const response = await site.get('/checkout/test/cs_local_0123');
    expect(response.status).toBe(503);
    const html = decodeHtml(await response.text());
    expect(html).toContain('The test checkout is off');
    expect(html).toContain('Payments are not set up on this site yet. Please try again later.');
  });
});

describe('the sponsored post form while payments are on', () => {
  it.each([
    ['the test checkout', { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' }],
    ['Stripe', { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_0123' }],
  ])('is offered with %s, without the payments-off notice', async (_mode, env) => {
    const t = await createTestApp({ env });
    try {
      const site = await createSiteApp(t);
      const html = await (await site.get(PATH)).text();
      expect(html).toContain('>Submit and pay $75</button>');
      expect(inputTag(html, 'sponsored-project-name')).not.toBe('');
      expect(html).not.toContain('payments are not set up');
      expect(html).not.toContain('data-testid="payments-off-notice"');
      expect(jsonLdOf(html)).toContainEqual(expect.objectContaining({ offers: expect.objectContaining({ '@type': 'Offer' }) }));
    } finally {
      await t.close();
    }
  });
});

describe('the sponsored post landing page with another price', () => {
  it('advertises the configured price, with its cents', async () => {
    const t = await createTestApp({ env: { SPONSORED_PRICE_CENTS: '12345', SPONSORED_CURRENCY: 'eur' } });
    try {
      const site = await createSiteApp(t);
      const html = await (await site.get(PATH)).text();
      expect(html).toContain('>Submit and pay €123.45</button>');
      expect(jsonLdOf(html)).toContainEqual(
        expect.objectContaining({ offers: { '@type': 'Offer', price: '123.45', priceCurrency: 'EUR' } }),
      );
    } finally {
      await t.close();
    }
  });
});

describe('the sponsored post form when the submission cannot be stored', () => {
  it('shows Error with Failed to start checkout, keeps the values and logs the failure', async () => {
    const t = await createTestApp();
    try {
      const site = await createSiteApp(t);
      // The table disappearing stands in for a database that fails.
      await sql`alter table sponsored_submissions rename to sponsored_submissions_gone`.execute(t.deps.db);
      const form = filledForm();

      const response = await site.post(PATH, form, { ip: freshIp() });

      expect(response.status).toBe(500);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(statusBox(html)).toEqual({ role: 'alert', texts: ['Error', 'Failed to start checkout'] });
      expect(inputTag(html, 'sponsored-contact-email')).toContain(`value="${form.contact_email}"`);
      expect(site.logLines.filter((line) => line.msg === 'sponsored form: the checkout could not start')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
