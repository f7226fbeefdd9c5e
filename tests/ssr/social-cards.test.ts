/**
 * The social cards of posts, resources and the site: a 1200×630 PNG drawn
 * from the cover (an upload or one of the site's images, read through
 * storage and never past 10 MB) or a designed card without one; at an
 * address whose version is a hash of what is drawn, cacheable for good;
 * drawn once, then kept in storage for every server; few drawn per client a
 * minute; 404 for drafts and unknown items.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMedia, markMediaReady } from '../../server/db/queries/media.ts';
import { freshIp } from '../helpers/test-app.ts';
import { createSiteApp, metaContent, seedPost, seedResource, useSiteApp } from './site-app.ts';

// Few drawings per client, in a window no test run straddles.
const RENDERS = { name: 'social-card-ip', max: 3, windowSeconds: 10 * 365 * 86_400 };
const { t, site } = useSiteApp({ app: { rateLimits: { socialCardRendersPerIp: RENDERS } } });

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

const solidPng = (colour: typeof RED, width = 800, height = 450) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

let uploads = 0;

/** An upload in place and ready, as the upload flow leaves it; its path. */
async function storeUpload(name: string, bytes: Uint8Array): Promise<string> {
  uploads += 1;
  const key = `uploads/2026/11/${String(uploads).padStart(24, '0')}-${name}.png`;
  const file = path.join(t.deps.config.DATA_DIR, key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  const admin = await t.handle.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  await insertMedia(t.deps.db, { s3_key: key, content_type: 'image/png', file_size: bytes.length, original_name: `${name}.png`, uploaded_by: admin.id });
  await markMediaReady(t.deps.db, key, bytes.length);
  return `/${key}`;
}

async function cardOf(address: string, ip = freshIp()) {
  const response = await site.get(address, { accept: 'image/png', 'x-forwarded-for': ip });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

/** The card's address as the item's page gives it. */
async function cardAddressOf(slug: string): Promise<string> {
  const url = new URL(metaContent(await (await site.get(`/${slug}`)).text(), 'og:image') ?? '');
  return url.pathname + url.search;
}

/** One pixel of the card's top-left area, away from the text, as hex. */
async function topLeftPixel(png: Uint8Array): Promise<string> {
  const { data } = await sharp(png).extract({ left: 40, top: 40, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data].map((value) => value.toString(16).padStart(2, '0')).join('');
}

beforeAll(async () => {
  await seedPost(t, { slug: 'card-kite', title: 'Card Kite', sponsored: true });
  await seedPost(t, { slug: 'bare-kite', title: 'Bare Kite', cover_image: null });
  await seedPost(t, { slug: 'draft-kite', title: 'Draft Kite', status: 'draft' });
  await seedResource(t, { slug: 'card-guide', title: 'Card Guide' });
});

describe('a social card', () => {
  it('is the PNG the page names, 1200×630, cacheable for good', async () => {
    const { response, bytes } = await cardOf(await cardAddressOf('card-kite'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('is drawn without a cover, and for resources too; an address without the current version is kept only a while', async () => {
    for (const address of ['/social-cards/post/bare-kite.png', '/social-cards/resource/card-guide.png?v=0123456789abcdef0123']) {
      const { response, bytes } = await cardOf(address);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
    }
  });

  it('does not exist for a draft, an unknown item or a bad address', async () => {
    for (const address of ['/social-cards/post/draft-kite.png', '/social-cards/post/nothing.png', '/social-cards/page/card-kite.png', '/social-cards/post/Card_Kite.png', '/social-cards/home.png']) {
      expect((await cardOf(address)).response.status, address).toBe(404);
    }
  });
});

describe("a card's address", () => {
  it('changes when something drawn on it changes, and only then', async () => {
    const token = await t.adminToken();
    const created = await t.request('POST', '/admin/posts', {
      token,
      body: { title: 'Moving Kite', slug: 'moving-kite', content: 'Body.', excerpt: 'One.', status: 'published', category_ids: ['tech'] },
    });
    expect(created.status).toBe(201);
    const first = await cardAddressOf('moving-kite');

    const save = async (changes: Record<string, unknown>) => {
      const { body: current } = await t.request('GET', `/admin/posts/${created.body.id}`, { token });
      const saved = await t.request('PUT', `/admin/posts/${created.body.id}`, {
        token,
        body: { title: current.title, slug: current.slug, content: current.content, excerpt: current.excerpt, status: 'published', category_ids: current.category_ids, cover_image: current.cover_image, version: current.version, ...changes },
      });
      expect(saved.status).toBe(200);
      return cardAddressOf('moving-kite');
    };

    // Not drawn: the excerpt and the body.
    expect(await save({ excerpt: 'Two.', content: 'Another body.' })).toBe(first);
    const retitled = await save({ title: 'Moved Kite' });
    expect(retitled).not.toBe(first);
    const recategorised = await save({ category_ids: ['creative'] });
    expect(recategorised).not.toBe(retitled);
    const covered = await save({ cover_image: '/images/demo/solar-backpack.webp' });
    expect(covered).not.toBe(recategorised);
    expect((await cardOf(covered)).response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('changes, and the card is drawn anew under the new name, once the owner renames the site', async () => {
    const before = await cardAddressOf('bare-kite');
    const beforeBytes = (await cardOf(before)).bytes;

    const token = await t.adminToken();
    const { body } = await t.request<Record<string, unknown>>('GET', '/admin/settings/site', { token });
    const { privacy_policy_updated: _p, terms_updated: _t, ...values } = body;
    const saved = await t.request('PUT', '/admin/settings/site', { token, body: { ...values, site_name: 'Backer Digest' } });
    expect(saved.status).toBe(200);

    const after = await cardAddressOf('bare-kite');
    expect(after).not.toBe(before);
    const { response, bytes } = await cardOf(after);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(bytes.equals(beforeBytes)).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
  });
});

describe('the cover a card is drawn from', () => {
  it('is an upload, read through storage by its key', async () => {
    const cover = await storeUpload('blue', await solidPng(BLUE));
    await seedPost(t, { slug: 'blue-kite', title: 'Blue Kite', cover_image: cover });
    const { response, bytes } = await cardOf(await cardAddressOf('blue-kite'));
    expect(response.status).toBe(200);
    // Blue, give or take the JPEG the cover is drawn through.
    expect(await topLeftPixel(bytes)).toMatch(/^0[0-9a-f]0[0-9a-f]f[0-9a-f]$/);
  });

  it('is never a file outside the uploads, whatever the stored path says', async () => {
    await writeFile(path.join(t.deps.config.DATA_DIR, 'secret.png'), await solidPng(RED));
    // Saved before covers were checked at save time (the API refuses them now).
    await seedPost(t, { slug: 'sneaky-kite', title: 'Sneaky Kite', cover_image: '/uploads/uploads/../secret.png' });
    await seedPost(t, { slug: 'sneakier-kite', title: 'Sneakier Kite', cover_image: '/images/../../secret.png' });
    const bare = await topLeftPixel((await cardOf(await cardAddressOf('bare-kite'))).bytes);
    for (const slug of ['sneaky-kite', 'sneakier-kite']) {
      const { response, bytes } = await cardOf(`/social-cards/post/${slug}.png`);
      expect(response.status).toBe(200);
      // The designed card of a post without a cover, not the red file.
      expect(await topLeftPixel(bytes), slug).toBe(bare);
    }
  });

  it('is left out when it is over 10 MB, without failing the card', async () => {
    const noise = await sharp({ create: { width: 2000, height: 1900, channels: 3, background: BLUE, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(10 * 1024 * 1024);
    const cover = await storeUpload('noise', noise);
    await seedPost(t, { slug: 'heavy-kite', title: 'Heavy Kite', cover_image: cover });
    const bare = await topLeftPixel((await cardOf(await cardAddressOf('bare-kite'))).bytes);
    const { response, bytes } = await cardOf(await cardAddressOf('heavy-kite'));
    expect(response.status).toBe(200);
    expect(await topLeftPixel(bytes)).toBe(bare);
  });
});

describe('a card once drawn', () => {
  it('is kept in storage under its version, and another server serves it from there without drawing it', async () => {
    await seedPost(t, { slug: 'kept-kite', title: 'Kept Kite', cover_image: null, category_ids: ['social'] });
    const address = await cardAddressOf('kept-kite');
    const version = new URL(address, 'http://localhost').searchParams.get('v') ?? '';
    const drawn = (await cardOf(address)).bytes;
    const file = path.join(t.deps.config.DATA_DIR, 'cards', `${version}.png`);
    expect((await readFile(file)).equals(drawn)).toBe(true);

    // A marker in its place: a second server, with nothing in memory, answers with what storage holds.
    const marker = await solidPng(BLUE, 1200, 630);
    await writeFile(file, marker);
    const other = await createSiteApp(t);
    const response = await other.get(address, { accept: 'image/png' });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(marker)).toBe(true);
  });

  it('costs no drawing: a client past its drawings still gets the cards kept, and 429 for a new one', async () => {
    for (const slug of ['limit-a', 'limit-b', 'limit-c', 'limit-d']) {
      await seedPost(t, { slug, title: `Limit ${slug}`, cover_image: null });
    }
    const ip = freshIp();
    const addresses = await Promise.all(['limit-a', 'limit-b', 'limit-c', 'limit-d'].map(cardAddressOf));
    for (const address of addresses.slice(0, 3)) expect((await cardOf(address, ip)).response.status).toBe(200);

    const refused = await cardOf(addresses[3] ?? '', ip);
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.response.headers.get('cache-control')).toBe('no-store');
    // Kept cards still come, and another client may have the new one drawn.
    expect((await cardOf(addresses[0] ?? '', ip)).response.status).toBe(200);
    expect((await cardOf(addresses[3] ?? '')).response.status).toBe(200);
  });
});

describe("the site's card", () => {
  it('is the home page\'s image: 1200×630, cacheable for good', async () => {
    const html = await (await site.get('/')).text();
    const url = new URL(metaContent(html, 'og:image') ?? '');
    expect(url.pathname).toBe('/social-cards/site.png');
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    const { response, bytes } = await cardOf(url.pathname + url.search);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });
});

describe('the share links of a post', () => {
  it('are plain links through the counted share redirect to each network, with the canonical address, and load nothing from other sites', async () => {
    const html = await (await site.get('/card-kite')).text();
    for (const network of ['x', 'linkedin', 'facebook', 'bluesky', 'email']) expect(html).toContain(`href="/share/card-kite/${network}"`);
    // The redirect leads to the network's own form for the canonical address (decision 067).
    const url = encodeURIComponent('http://localhost/card-kite');
    const x = await site.get('/share/card-kite/x', {});
    expect(x.status).toBe(302);
    expect(x.headers.get('location')).toBe(`https://x.com/intent/post?url=${url}&text=Card%20Kite`);
    expect((await site.get('/share/card-kite/email', {})).headers.get('location')).toBe(`mailto:?subject=Card%20Kite&body=${url}`);
    expect(html).toMatch(/<nav aria-label="Share"/);
    // No script or frame from another site.
    expect(html).not.toMatch(/<(script|iframe)[^>]+src="https?:\/\/(?!localhost)/);
  });
});
