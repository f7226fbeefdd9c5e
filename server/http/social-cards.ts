/**
 * GET /social-cards/{post|resource}/{slug}.png: the social card of a live
 * post or resource (server/social-cards). Drawn on the first request and
 * kept in memory (16 MB at most) by the item's last change, which is also in
 * the address the pages give (`?v=`), so networks and browsers may keep it
 * for good.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { AppServices } from '../services/index.ts';
import { renderSocialCard } from '../social-cards/card.tsx';
import type { MediaStorage } from '../storage/media.ts';
import { SegmentedLru } from './segmented-lru.ts';

const FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.png$/;
const UPLOADS = '/uploads/';

/**
 * Cards drawn, by type, id and last change. Bounded by bytes, not by count:
 * a card over a photo cover is several times the size of a designed one.
 * A crawler asking for every card once pushes out only cards asked for once.
 */
const kept = new SegmentedLru<Uint8Array>({
  maxBytes: 16 * 1024 * 1024,
  protectedShare: 0.8,
  sizeOf: (png, key) => png.byteLength + 2 * key.length,
});

/** A cover's bytes: an upload from storage, or one of the site's own images; none for other sites' images. */
async function coverBytes(cover: string | null, media: MediaStorage, staticDirs: readonly string[]): Promise<Uint8Array | null> {
  if (!cover) return null;
  if (cover.startsWith(UPLOADS)) return media.readStored(cover.slice(UPLOADS.length));
  if (!cover.startsWith('/') || cover.includes('..')) return null;
  for (const dir of staticDirs) {
    try {
      return await readFile(path.join(dir, cover));
    } catch {
      // Not in this folder: the next one.
    }
  }
  return null;
}

export function serveSocialCards(services: AppServices, media: MediaStorage, staticDirs: readonly string[] = ['build/client', 'public']) {
  return async (c: Context<AppEnv>) => {
    const type = c.req.param('type');
    const slug = FILE.exec(c.req.param('file') ?? '')?.[1];
    if ((type !== 'post' && type !== 'resource') || !slug) return c.notFound();
    const item = type === 'post' ? await services.posts.findPublished(slug) : await services.resources.findPublished(slug);
    if (!item) return c.notFound();

    const site = await services.siteSettings.current();
    // The site's name is drawn on the card: a renamed site draws its cards anew.
    const key = `${type}:${item.id}:${item.updated_at}:${site.version}`;
    let png = kept.peek(key);
    if (png) {
      kept.use(key);
    } else {
      // A post comes with its categories, in menu order; a resource names only its category's id.
      const category =
        'post_categories' in item
          ? item.post_categories[0]?.category
          : item.category_id
            ? await services.categories.findByIdOrSlug(item.category_id)
            : undefined;
      png = await renderSocialCard({
        title: item.title,
        category: category?.name ?? null,
        categoryId: category?.id ?? null,
        sponsored: 'sponsored' in item && item.sponsored,
        cover: await coverBytes(item.cover_image, media, staticDirs),
        siteName: site.site_name,
      });
      kept.set(key, png);
    }
    const isCurrent = c.req.query('v') === String(item.updated_at);
    return c.body(png as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/png',
      'Cache-Control': isCurrent ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    });
  };
}
