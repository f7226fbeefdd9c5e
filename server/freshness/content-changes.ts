import { createHash } from 'node:crypto';
import { nowSeconds } from '../db/database.ts';
import { readContentTableStamp, readNewestContentChange, recordContentChange } from '../db/queries/content.ts';
import { readNewsletterIssuesStamp } from '../db/queries/newsletters.ts';
import { siteSettingsStamp } from '../db/queries/site-settings.ts';
import { listStaffNames } from '../db/queries/users.ts';
import type { Db } from '../db/schema.ts';

/**
 * What a write touched, as the sources a kept page names
 * (`common/page-sources.ts`); null when it may touch anything (settings,
 * categories, layout). A page that names no sources at all is touched
 * only by those; one that says nothing, by every write (decisions 070 and
 * 074).
 */
export type ChangeScope = readonly string[] | null;

/** How many writes' scopes are remembered; a cache further behind treats them as touching everything. */
const SCOPES_KEPT = 256;

/**
 * Tells the caches of public answers, in this process, that content is being
 * written: they stop serving kept copies at once rather than at their next
 * look at the database (which is how they learn of other servers' writes).
 * One per running app, handed in with its dependencies: never a global, so
 * two apps in one process (tests) never see each other's writes.
 */
export class ContentChanges {
  private writes = 0;
  /** The scope of each of the last writes, the newest last. */
  private scopes: ChangeScope[] = [];

  /** How many writes were announced; a cache compares it with the count it last saw. */
  get count(): number {
    return this.writes;
  }

  /**
   * The one way a write that changes what public pages show runs
   * (docs/architecture.md, "Freshness"): this server's caches are told as it
   * starts and again once it has committed; in its own transaction it is
   * recorded in the change feed, which every other server reads, and
   * stamps the sources of the rendered-page store. `touched` names the
   * sources it touches (null: anything); `work` may add to it as it learns
   * them (an edit's old categories).
   */
  async write<T>(db: Db, touched: Set<string> | null, work: (trx: Db, touched: Set<string>) => Promise<T>): Promise<T> {
    const scope = () => touched && [...touched];
    this.notify(scope());
    try {
      return await db.transaction().execute(async (trx) => {
        const result = await work(trx, touched ?? new Set());
        await recordContentChange(trx, scope());
        for (const record of this.recorders.values()) await record(trx, scope());
        return result;
      });
    } finally {
      this.notify(scope());
    }
  }

  /**
   * Called when a write starts and again when it has committed, with what
   * it touches when that is known (nothing said: everything). Writes go
   * through `write`, which calls it; tests call it to stand for one.
   */
  notify(scope: ChangeScope = null): void {
    this.writes += 1;
    this.scopes.push(scope);
    if (this.scopes.length > SCOPES_KEPT) this.scopes.shift();
    for (const listener of this.listeners) listener();
  }

  private listeners = new Set<() => void>();
  private recorders = new Map<string, (trx: Db, scope: ChangeScope) => Promise<void>>();

  /**
   * Runs `record` in every write's transaction, after its change feed row:
   * what must exist if and only if the write does (a CDN's purge job,
   * decision 098). One per `name`: building the services again replaces it
   * rather than doubling it.
   */
  alsoRecord(name: string, record: (trx: Db, scope: ChangeScope) => Promise<void>): void {
    this.recorders.set(name, record);
  }

  /** Calls `listener` after each announced write (a cache that acts at once); returns how to stop. */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * What the writes announced after the `count`-th touched together: their
   * sources, or null when any of them may touch anything (or they are too
   * many to remember).
   */
  touchedSince(count: number): ReadonlySet<string> | null {
    const missed = this.writes - count;
    if (missed <= 0) return new Set();
    if (missed > this.scopes.length) return null;
    const touched = new Set<string>();
    for (const scope of this.scopes.slice(-missed)) {
      if (scope === null) return null;
      for (const source of scope) touched.add(source);
    }
    return touched;
  }

  private seen = 0;

  /**
   * Changes by this process plus those another server made and a cache
   * noticed: what a copy of settings kept in this process compares with, so
   * a page rendered after a cache saw a change never shows the old value.
   */
  get generation(): number {
    return this.writes + this.seen;
  }

  /** Called by a cache that saw the stored content change (another server wrote it). */
  changedElsewhere(): void {
    this.seen += 1;
  }
}

/**
 * What the caches of public answers compare to learn of writes made by
 * other servers: a stamp of everything a public page shows. Posts and
 * resources; newsletter issues, whose sent ones the archive pages list; the
 * site settings, shown on every page; and the names of staff, shown as the
 * bylines of the posts they created.
 */
export async function readContentFingerprint(db: Db): Promise<string> {
  const { content, rest } = await readContentFingerprintParts(db);
  return `${content}${rest}`;
}

/**
 * The fingerprint in two parts: `content`, the posts and resources, whose
 * writes through the content service are told in the change feed too
 * (decision 070); and `rest`, whose changes touch every page (a byline is
 * on post pages and lists alike, so a change of a staff name is one).
 */
export async function readContentFingerprintParts(db: Db): Promise<{ content: string; rest: string }> {
  const now = nowSeconds();
  const [posts, resources, newestChange, issues, settings, names] = await Promise.all([
    readContentTableStamp(db, 'posts', now),
    readContentTableStamp(db, 'resources', now),
    // Every write recorded, one that changes no row of the two tables (a campaign's facts confirmed) included.
    readNewestContentChange(db),
    readNewsletterIssuesStamp(db),
    siteSettingsStamp(db),
    listStaffNames(db),
  ]);
  // Hashed: the names themselves have no place in every kept page's row (decision 073).
  const bylines = createHash('sha256').update(JSON.stringify(names)).digest('base64url').slice(0, 22);
  return { content: JSON.stringify([posts, resources, newestChange]), rest: JSON.stringify([issues, settings, bylines]) };
}
