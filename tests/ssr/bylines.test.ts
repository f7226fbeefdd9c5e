/**
 * A post's byline: "Reviewed by" the name of the member of staff who
 * created it, beside its date and read time, as the Person of its JSON-LD
 * and its feed item's creator; nothing when that member set no name. A
 * rename shows on the next read of every kept page that names them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { updateUserProfile } from '../../server/db/queries/users.ts';
import { ADMIN_EMAIL, type TestApp } from '../helpers/test-app.ts';
import { createSiteApp, jsonLdOf, liveSponsoredPostOf, PI_DAY, seedPost, textsOf, useSiteApp } from './site-app.ts';

const ownerId = async (t: TestApp) =>
  (await t.handle.db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).id;

/** The owner names themselves under Account, as in the back office. */
async function nameOwner(t: TestApp, name: string) {
  const saved = await t.request('PUT', '/admin/account/profile', { token: await t.adminToken(), body: { name, email: ADMIN_EMAIL } });
  expect(saved.status).toBe(200);
}

/** The page's meta line: byline, date and read time. */
const metaLineOf = (html: string) => html.match(/<p class="content-meta[^"]*">([\s\S]*?)<\/p>/)?.[1] ?? '';
const bylineOf = (html: string) => textsOf(metaLineOf(html), 'span').find((text) => text.startsWith('Reviewed by')) ?? null;
const articleOf = (html: string) => (jsonLdOf(html) as { '@type'?: string }[]).find((block) => block['@type'] === 'Article') as
  | { author: { '@type': string; name: string } }
  | undefined;

describe('a post page', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    const owner = await ownerId(t);
    await seedPost(t, { slug: 'owner-review', title: 'Owner Review', read_time: 6, created_by: owner });
    await seedPost(t, { slug: 'unknown-review', title: 'Unknown Review', daysAgo: 1 });
  });

  it('shows no byline and names the site as author while the creator has set no name', async () => {
    await nameOwner(t, '');
    const html = await (await site.get('/owner-review')).text();
    expect(html).not.toContain('Reviewed by');
    expect(articleOf(html)?.author).toMatchObject({ '@type': 'Organization', name: 'Crowdfunding Showcase' });
  });

  it('names its creator in the meta line beside the date and read time, and as the Person of its JSON-LD', async () => {
    await nameOwner(t, 'Jo Marsh');
    const html = await (await site.get('/owner-review')).text();
    expect(bylineOf(html)).toBe('Reviewed by Jo Marsh');
    const meta = metaLineOf(html);
    expect(meta.indexOf('Reviewed by')).toBeLessThan(meta.indexOf('<time'));
    expect(meta).toContain('6 min read');
    expect(articleOf(html)?.author).toEqual({ '@type': 'Person', name: 'Jo Marsh', url: 'http://localhost/author/jo-marsh' });
    expect(html).not.toContain(ADMIN_EMAIL);

    const unknown = await (await site.get('/unknown-review')).text();
    expect(unknown).not.toContain('Reviewed by');
    expect(articleOf(unknown)?.author).toMatchObject({ '@type': 'Organization' });
  });

  it('carries the byline into the feed as its item\'s creator', async () => {
    await nameOwner(t, 'Jo Marsh');
    const xml = await (await site.get('/rss.xml', {})).text();
    expect(xml).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? '');
    const creatorOf = (slug: string) => items.find((item) => item.includes(`/${slug}</link>`))?.match(/<dc:creator>([^<]*)<\/dc:creator>/)?.[1];
    expect(creatorOf('owner-review')).toBe('Jo Marsh');
    expect(creatorOf('unknown-review')).toBeUndefined();
  });

  it('keeps a sponsored post\'s disclosure first, then its byline', async () => {
    await nameOwner(t, 'Jo Marsh');
    const { post } = await liveSponsoredPostOf(t, PI_DAY - 3 * 86_400);
    const html = await (await site.get(`/${post.slug}`)).text();
    expect(bylineOf(html)).toBe('Reviewed by Jo Marsh');
    expect(html.indexOf('Sponsored')).toBeLessThan(html.indexOf('Reviewed by <a'));
  });
});

describe('a rename', () => {
  const { t, site } = useSiteApp();
  let owner: number;
  beforeAll(async () => {
    owner = await ownerId(t);
    await seedPost(t, { slug: 'kept-review', title: 'Kept Review', created_by: owner });
    await nameOwner(t, 'Jo Marsh');
  });

  it('made under Account shows on the next read, though the cache would not look at the database for a minute', async () => {
    // A cache that looks at the database once a minute: only the rename's own announcement can drop its copy.
    const slow = await createSiteApp(t, { cache: { checkIntervalMs: 60_000, writeSettleMs: 0, rewarmWithinMs: 0 } });
    expect(bylineOf(await (await slow.get('/kept-review')).text())).toBe('Reviewed by Jo Marsh');

    await nameOwner(t, 'Jo Marsh-Reed');
    expect(bylineOf(await (await slow.get('/kept-review')).text())).toBe('Reviewed by Jo Marsh-Reed');
    expect(bylineOf(await (await site.get('/kept-review')).text())).toBe('Reviewed by Jo Marsh-Reed');
  });

  it('made by another server is seen at the next look at the database', async () => {
    expect(bylineOf(await (await site.get('/kept-review')).text())).toBe('Reviewed by Jo Marsh-Reed');
    // Written past this server's services, as another server would: it announces nothing here.
    await updateUserProfile(t.handle.db, owner, { name: 'Jo Reed' });
    expect(bylineOf(await (await site.get('/kept-review')).text())).toBe('Reviewed by Jo Reed');
  });
});
