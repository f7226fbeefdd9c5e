/**
 * The creator's page as a browser without JavaScript gets it: the form with
 * the campaign's numbers (pledged in major units, the end as a day), never
 * cached, never indexed, never sent on as a referrer; a post of the form
 * answers the success message in the page, or names the field it cannot
 * read and saves nothing; a wrong link is a 404.
 */
import { describe, expect, it } from 'vitest';
import type { CampaignJson } from '../../common/campaign.ts';
import { decodeHtml, textsOf, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp();
const DAY = 86_400;
// 2030-06-15 23:59:59 UTC: the end of a day on the site's clocks (UTC).
const ENDS_AT = Date.UTC(2030, 5, 15, 23, 59, 59) / 1000;

async function postWithLink(slug: string) {
  const token = await t.adminToken();
  const post = await t.request('POST', '/admin/posts', {
    token,
    body: {
      title: 'Tide Lamp',
      slug,
      content: 'The review.',
      campaign_url: 'https://www.kickstarter.com/projects/tide-lamp',
      status: 'published',
      published_at: Math.floor(Date.now() / 1000) - DAY,
      category_ids: [],
      campaign: { platform: 'kickstarter', currency: 'USD', goal: 2_000_000, pledged: 125_050, backers: 12, ends_at: ENDS_AT, state: 'live' },
    },
  });
  expect(post.status).toBe(201);
  const link = await t.request('POST', `/admin/posts/${post.body.id}/campaign/update-link`, { token });
  expect(link.status).toBe(201);
  return { id: post.body.id as number, path: new URL(link.body.update_url).pathname };
}

const campaignOf = async (id: number) =>
  ((await t.request('GET', `/admin/posts/${id}`, { token: await t.adminToken() })).body as { campaign: CampaignJson }).campaign;

const inputTag = (html: string, name: string) => html.match(new RegExp(`<(?:input|select)[^>]*name="${name}"[^>]*>`))?.[0] ?? '';

describe("the creator's page", () => {
  it('shows the form with the numbers as stored, private to the link', async () => {
    const { path } = await postWithLink('tide-lamp-form');
    const response = await site.get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(["Update your campaign's numbers"]);
    expect(html).toContain('name="robots" content="noindex, nofollow"');
    expect(inputTag(html, 'pledged')).toContain('value="1250.50"');
    expect(inputTag(html, 'backers')).toContain('value="12"');
    expect(inputTag(html, 'ends_at')).toContain('value="2030-06-15"');
    expect(decodeHtml(html)).toContain('Pledged (USD)');
    // Pledged, backers, state and end: nothing else can be changed here.
    const form = html.match(/<form[^>]*aria-label="Campaign numbers"[\s\S]*?<\/form>/)?.[0] ?? '';
    const names = [...form.matchAll(/<(?:input|select|textarea)[^>]*name="([^"]+)"/g)].map((match) => match[1]);
    expect(names).toEqual(['pledged', 'backers', 'state', 'ends_at']);
  });

  it('saves a post of the form as the creator and says so in the page', async () => {
    const { id, path } = await postWithLink('tide-lamp-save');
    const response = await site.post(path, { pledged: '48,210.5', backers: '241', state: 'live', ends_at: '2030-06-20' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = decodeHtml(await response.text());
    expect(html).toContain('Thank you: your numbers are updated');
    expect(await campaignOf(id)).toMatchObject({ pledged: 4_821_050, backers: 241, ends_at: ENDS_AT + 5 * DAY, facts_source: 'creator' });
  });

  it("takes the form a browser posts with `Origin: null`, as the page's no-referrer policy makes it", async () => {
    const { id, path } = await postWithLink('tide-lamp-null-origin');
    const response = await site.app.request(`http://localhost${path}`, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'x-forwarded-for': '10.9.9.9' },
      body: new URLSearchParams({ backers: '77' }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(200);
    expect(decodeHtml(await response.text())).toContain('Thank you: your numbers are updated');
    expect((await campaignOf(id)).backers).toBe(77);
  });

  it('names a field it cannot read and saves nothing', async () => {
    const { id, path } = await postWithLink('tide-lamp-refused');
    const response = await site.post(path, { pledged: '12.345', backers: '3', state: 'live', ends_at: '2030-06-15' });
    expect(response.status).toBe(400);
    const html = decodeHtml(await response.text());
    expect(html).toContain('Pledged must be an amount such as 48210 or 48210.50');
    expect(inputTag(html, 'pledged')).toContain('value="12.345"');
    expect(await campaignOf(id)).toMatchObject({ pledged: 125_050, backers: 12 });
  });

  it('answers 404 to a wrong, revoked or expired link, and its post changes nothing', async () => {
    expect((await site.get('/campaign-update/not-a-real-token')).status).toBe(404);
    const { id, path } = await postWithLink('tide-lamp-revoked');
    await t.request('DELETE', `/admin/posts/${id}/campaign/update-link`, { token: await t.adminToken() });
    const revoked = await site.get(path);
    expect(revoked.status).toBe(404);
    expect(revoked.headers.get('cache-control')).toBe('no-store');
    const revokedPage = decodeHtml(await revoked.text());
    expect(revokedPage).toContain('This link does not work');
    expect(revokedPage).toContain('It may have expired or been replaced by a newer one. Ask us for a new link through the contact form.');
    expect((await site.post(path, { backers: '999' })).status).toBe(404);
    expect((await campaignOf(id)).backers).toBe(12);
  });
});
