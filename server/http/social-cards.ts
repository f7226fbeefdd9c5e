/**
 * GET /social-cards/{post|resource}/{slug}.png and /social-cards/site.png:
 * the social card of a live post or resource, and the site's own
 * (server/social-cards). A card's version is a hash of what it shows
 * (services/site/social-cards.ts), in the address the pages give (`?v=`), so
 * networks and browsers may keep it for good. A card is drawn once, then
 * kept in storage under its version (`cards/<version>.png`, shared by every
 * server) and in memory; drawing is the costly part, so each client address
 * may have only a few drawn a minute (docs/decisions/044).
 */
import type { Context } from 'hono';
import type { Logger } from 'pino';
import { uploadKeyOfPath } from '../../common/site-images.ts';
import { hitRateLimit, type RateLimitRule } from '../db/queries/rate-limits.ts';
import type { Db } from '../db/schema.ts';
import type { AppEnv } from '../deps.ts';
import type { AppServices } from '../services/index.ts';
import type { SocialCard } from '../services/site/social-cards.ts';
import { renderSocialCard } from '../social-cards/card.tsx';
import { readSiteImage, SITE_FILE_DIRS } from '../storage/site-files.ts';
import type { MediaService } from '../services/site/media.ts';
import type { SocialCardCache } from '../social-cards/card-cache.ts';

const FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.png$/;
const SITE_CARD_FILE = 'site.png';

/**
 * The largest cover or logo a card is drawn from. Larger files are left out
 * from their size alone, never read: an image this large gains nothing at
 * 1200×630, and reading it whole would cost its size in memory per request.
 */
export const MAX_CARD_IMAGE_BYTES = 10 * 1024 * 1024;

const FOREVER = 'public, max-age=31536000, immutable';
const A_WHILE = 'public, max-age=3600';

export interface SocialCardsOptions {
  services: AppServices;
  media: MediaService;
  cache: SocialCardCache;
  db: Db;
  logger: Logger;
  /** Cards drawn (not found in storage) per client address. */
  renders: RateLimitRule;
  clientIpOf: (c: Context<AppEnv>) => string;
  /** Where the site's own images (`/images/…`, the logo) are read from. */
  staticDirs?: readonly string[];
}

export function serveSocialCards(options: SocialCardsOptions) {
  const { services, media, db, logger, renders, clientIpOf } = options;
  const staticDirs = options.staticDirs ?? SITE_FILE_DIRS;

  const { kept, drawing } = options.cache;

  /** The bytes of an image a card names: an upload, through storage by its key, or one of the site's own images. */
  async function imageBytes(address: string | null): Promise<Uint8Array | null> {
    if (!address) return null;
    const key = uploadKeyOfPath(address);
    const read = key
      ? await media.readUpload(key, MAX_CARD_IMAGE_BYTES)
      : await readSiteImage(address, MAX_CARD_IMAGE_BYTES, staticDirs);
    if (read?.status === 'too_large') logger.warn({ image: address, size: read.size }, 'social card drawn without an image over 10 MB');
    return read?.status === 'read' ? read.bytes : null;
  }

  async function draw(card: SocialCard): Promise<Uint8Array> {
    const [cover, logo] = await Promise.all([imageBytes(card.drawing.cover), imageBytes(card.drawing.logo)]);
    const png = await renderSocialCard(card.drawing, { cover, logo });
    try {
      await media.storeCard(card, png);
    } catch (error) {
      // Served all the same; the next request draws it again.
      logger.warn({ err: error, version: card.version }, 'social card could not be stored');
    }
    return png;
  }

  async function findCard(c: Context<AppEnv>): Promise<SocialCard | null> {
    const type = c.req.param('type');
    const file = c.req.param('file') ?? '';
    if (type === undefined) return file === SITE_CARD_FILE ? services.socialCards.ofSite() : null;
    const slug = FILE.exec(file)?.[1];
    if ((type !== 'post' && type !== 'resource') || !slug) return null;
    const item = type === 'post' ? await services.posts.findPublished(slug) : await services.resources.findPublished(slug);
    return item ? services.socialCards.ofItem(type, item) : null;
  }

  return async (c: Context<AppEnv>) => {
    const card = await findCard(c);
    if (!card) return c.notFound();
    const { version } = card;

    let png = kept.peek(version);
    if (png) {
      kept.use(version);
    } else {
      png = await media.readCard(version) ?? undefined;
      if (!png) {
        let pending = drawing.get(version);
        if (!pending) {
          const limit = await hitRateLimit(db, renders, clientIpOf(c));
          if (!limit.allowed) {
            return c.text('Too many new social cards asked for: try again in a minute.', 429, {
              'Retry-After': String(limit.retryAfterSeconds),
              'Cache-Control': 'no-store',
            });
          }
          pending = draw(card).finally(() => drawing.delete(version));
          drawing.set(version, pending);
        }
        png = await pending;
      }
      kept.set(version, png);
    }
    return c.body(png as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/png',
      'Cache-Control': c.req.query('v') === version ? FOREVER : A_WHILE,
    });
  };
}
