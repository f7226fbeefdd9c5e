/**
 * Which counted paths are pages that exist (issue of growing roll-ups): a
 * beacon names its path, and a made-up one must add no row. The slugs of
 * live posts and resources, the categories and the sent newsletter issues
 * are read together and kept in memory, so a beacon costs a set lookup and
 * never a query of its own: what a stream of made-up paths can make the
 * server do is nothing more than it does anyway.
 */
import type { ContentChanges } from '../freshness/content-changes.ts';
import { listPublicSlugs, type PublicSlugs } from '../db/queries/analytics.ts';
import type { Db } from '../db/schema.ts';
import { isFixedPage } from './visitor.ts';

/**
 * How long a copy serves at most. A write on this server drops it at once
 * (the `ContentChanges` generation moves, as for the site profile); another
 * server's new post, or a scheduled one whose time came, is counted within
 * this.
 */
export const PUBLIC_PAGES_TTL_MS = 30_000;

interface Kept extends PublicSlugs {
  readAt: number;
  generation: number;
}

export class PublicPages {
  private kept: Kept | null = null;
  private reading: Promise<Kept> | null = null;

  constructor(
    private readonly db: Db,
    private readonly contentChanges: ContentChanges,
    private readonly ttlMs = PUBLIC_PAGES_TTL_MS,
  ) {}

  /**
   * Whether `path`, as `countedPath` gives it (one or two slug segments),
   * is a page of the site now. The fixed pages need no lookup.
   */
  async exists(path: string): Promise<boolean> {
    if (isFixedPage(path)) return true;
    const [first = '', second] = path.split('/').slice(1);
    const slugs = await this.current();
    if (second === undefined) return slugs.items.has(first);
    if (first === 'category') return slugs.categories.has(second);
    if (first === 'newsletter') return slugs.issues.has(second);
    if (first === 'author') return slugs.authors.has(second);
    return false;
  }

  private async current(): Promise<Kept> {
    const generation = this.contentChanges.generation;
    const kept = this.kept;
    if (kept && kept.generation === generation && Date.now() - kept.readAt < this.ttlMs) return kept;
    // One read at a time, however many beacons wait for it.
    this.reading ??= listPublicSlugs(this.db)
      .then((slugs) => {
        this.kept = { ...slugs, readAt: Date.now(), generation };
        return this.kept;
      })
      .catch((error: unknown) => {
        // A database that does not answer: the last copy serves another round, if there is one.
        if (!kept) throw error;
        this.kept = { ...kept, readAt: Date.now() };
        return this.kept;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }
}
