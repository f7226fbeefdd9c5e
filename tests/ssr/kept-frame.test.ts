/**
 * The header and footer written from the HTML kept from an earlier render
 * (app/lib/kept-frame.ts): on every kind of public page, a page written so is
 * byte for byte the page its components would render, so the browser
 * hydrates it as one. Every request renders (no page cache), and the build's
 * own store is reached through its entry module.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettingsJson } from '../../common/schemas/site-settings.ts';
import { seedPost, seedResource, useSiteApp, withoutNonces } from './site-app.ts';

interface KeptFrameHooks {
  forgetKeptFrames(): void;
  keptFrameStats(): { parts: number; written: number };
}

async function keptFrameOfBuild(): Promise<KeptFrameHooks> {
  const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as { entry: { module: KeptFrameHooks } };
  return build.entry.module;
}

describe('the kept header and footer', () => {
  const { t, site } = useSiteApp({ site: { cache: false } });
  let frames: KeptFrameHooks;
  let category = '';

  beforeAll(async () => {
    frames = await keptFrameOfBuild();
    const row = await t.deps.db.selectFrom('categories').select(['id', 'slug']).orderBy('name').executeTakeFirstOrThrow();
    category = row.slug;
    await seedPost(t, { slug: 'kept-frame-one', title: 'Kept Frame One', category_ids: [row.id] });
    await seedPost(t, { slug: 'kept-frame-two', title: 'Kept Frame Two', daysAgo: 1 });
    await seedResource(t, { slug: 'kept-frame-guide', title: 'Kept Frame Guide' });
  });

  const page = async (address: string) => {
    const response = await site.get(address);
    return { status: response.status, html: withoutNonces(await response.text()) };
  };

  const pages = () => [
    '/',
    `/category/${category}`,
    '/kept-frame-one',
    '/resources',
    '/ending-soon',
    '/kept-frame-guide',
    '/contact-us',
    '/instant-kickstarter-fee-calculator',
    '/search?q=kept',
    '/submit-your-project-for-a-sponsored-post',
    '/privacy-policy',
    '/no-such-page',
  ];

  it('writes both from kept HTML on the next render of every kind of page, byte for byte as rendered', async () => {
    for (const address of pages()) {
      frames.forgetKeptFrames();
      const rendered = await page(address);
      expect(frames.keptFrameStats().parts, address).toBe(2);
      const { written } = frames.keptFrameStats();
      const kept = await page(address);
      expect(frames.keptFrameStats().written - written, address).toBe(2);
      expect(kept.status, address).toBe(rendered.status);
      expect(kept.html, address).toBe(rendered.html);
      // Taken out of what is sent.
      expect(kept.html, address).not.toContain('data-keep-frame');
    }
  });

  it('keeps one header per link that can be current: another page writes the same one only when the same link is current', async () => {
    frames.forgetKeptFrames();
    await page('/kept-frame-one');
    const before = frames.keptFrameStats();
    // No header link is current on either post: the second writes both parts from the first's.
    const second = await page('/kept-frame-two');
    expect(frames.keptFrameStats().written - before.written).toBe(2);
    frames.forgetKeptFrames();
    expect((await page('/kept-frame-two')).html).toBe(second.html);

    // The Resources link is current here: the header is rendered, the footer written.
    const { written } = frames.keptFrameStats();
    const resources = await page('/resources');
    expect(frames.keptFrameStats().written - written).toBe(1);
    expect(resources.html).toMatch(/<a [^>]*href="\/resources"[^>]*aria-current="page"|<a [^>]*aria-current="page"[^>]*href="\/resources"/);
    expect(second.html).not.toContain('aria-current="page"');
  });

  it('renders a part holding an image every time, so the head keeps what React adds for it', async () => {
    const token = await t.adminToken();
    const { body } = await t.request<SiteSettingsJson>('GET', '/admin/settings/site', { token });
    const { privacy_policy_updated: _p, terms_updated: _t, ...values } = body;
    const saved = await t.request('PUT', '/admin/settings/site', { token, body: { ...values, logo_url: '/uploads/kept-frame-logo.png' } });
    expect(saved.status).toBe(200);
    try {
      frames.forgetKeptFrames();
      const rendered = await page('/');
      expect(rendered.html).toContain('<img src="/uploads/kept-frame-logo.png"');
      // What a header written from kept HTML would leave out.
      expect(rendered.html).toContain('<link rel="preload" as="image" href="/uploads/kept-frame-logo.png"/>');
      const { written } = frames.keptFrameStats();
      const again = await page('/');
      expect(again.html).toBe(rendered.html);
      expect(frames.keptFrameStats()).toEqual({ parts: 0, written });
    } finally {
      await t.request('PUT', '/admin/settings/site', { token, body: values });
    }
  });
});
