/**
 * Rendered public pages kept in the database (decision 073), beneath the
 * in-memory page cache: a page one server rendered answers on every server,
 * and after a restart or a deploy of the same build, until a write touches
 * what it was made from.
 *
 * A kept page is current when all of this holds:
 * - the same web build and page-shaping configuration rendered it;
 * - the settings part of the content fingerprint is the one it was rendered under;
 * - no write stamped one of its sources (or `*`) after the write sequence
 *   read before it was rendered (server/db/queries/rendered-pages.ts);
 * - its own expiry, the next scheduled publication and a day have not come.
 */
import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import { listLivePathsNotRendered, readNextPublication } from '../db/queries/content.ts';
import {
  ANY_SOURCE,
  deleteRenderedPages,
  findRenderedPage,
  listLeastRecentlyRead,
  listOutOfDatePaths,
  listSourceStampsAfter,
  markRenderedPagesRead,
  measureRenderedPages,
  pruneRenderedPages,
  readWriteSequence,
  saveRenderedPages,
  stampSources,
  type RenderedPageRow,
} from '../db/queries/rendered-pages.ts';
import type { AppDeps } from '../deps.ts';
import { PROJECTS_PATH, isKeptProjectsSearch } from '../../common/projects-browse.ts';

/** How long a kept page may answer at most, whatever happens: a net under what no write says. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Pages rendered close together are written in one go, off the reader's path. */
const SAVE_DELAY_MS = 100;
/** Reads are written down together, this often: when a page was last read only orders what goes first. */
const READS_DELAY_MS = 30_000;

/**
 * How much the store keeps at most (decision 089): far more than a site's
 * pages, so it bounds only what nothing else does. Past either, the least
 * recently read go until both are back under `EVICT_TO` of it.
 */
export interface StoreBound {
  rows: number;
  bytes: number;
}
export const DEFAULT_STORE_BOUND: StoreBound = { rows: 10_000, bytes: 256 * 1024 * 1024 };
const EVICT_TO = 0.9;
/**
 * Measuring the store reads every kept row (their sizes sit behind their
 * bodies): it is measured again only when the last measure plus what this
 * process kept since could pass the bound, or this long after it (other
 * servers keep pages too), not after every write of pages (decision 104).
 */
const REMEASURE_MS = 60_000;
/** Least recently read pages looked at per query while choosing what to let go. */
const EVICTION_PAGE = 500;

/** What a render started from: the write sequence and the next scheduled publication, read before it. */
export interface RenderStart {
  seq: number;
  nextPublicationAt: number | null;
}

/** A kept page as read back. */
export interface StoredPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  nonce: string | null;
  sources: ReadonlySet<string> | null;
  validUntil: number;
}

/** A rendered page to keep: as read back, with when it said it stops being true instead of when the store lets it go. */
export type PageToStore = Omit<StoredPage, 'validUntil'> & {
  /** Epoch milliseconds: when the page said it stops being true (its `Expires`), else null. */
  expiresAt: number | null;
};

// Configuration that shapes no public page: two servers differing only in it share their pages.
const NOT_SHAPING_PAGES = new Set<keyof Config>([
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'LOG_LEVEL',
  'SHUTDOWN_DRAIN_SECONDS',
  'NEWSLETTER_RATE_PER_SECOND',
  'NEWSLETTER_SMTP_CONNECTIONS',
  'AUDIT_LOG_RETENTION_DAYS',
  'ADMIN_EMAIL',
  'SEED_DEMO',
  // The CDN in front is told of writes; it shapes no page (decision 098).
  'CDN_PURGE',
  'CDN_PURGE_URL',
  'CDN_PURGE_ZONE_ID',
  'CDN_PURGE_SERVICE_ID',
  'CDN_PURGE_TOKEN',
  'CDN_PURGE_BY',
  'CDN_PURGE_API_URL',
]);
// Secrets: whether one is set may shape a page (payments on or off), never its value, which is not hashed here.
const SECRETS = new Set<keyof Config>([
  'ADMIN_PASSWORD',
  'JWT_SECRET',
  'TOTP_ENCRYPTION_KEY',
  'METRICS_TOKEN',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'DKIM_PRIVATE_KEY',
]);

/**
 * What a kept page must have been rendered by: the web build (its asset
 * version) and the configuration that shapes pages, hashed.
 */
export function renderKey(assetsVersion: string, config: Config): string {
  const shaping = Object.entries(config)
    .filter(([name]) => !NOT_SHAPING_PAGES.has(name as keyof Config))
    .map(([name, value]) => [name, SECRETS.has(name as keyof Config) ? Boolean(value) : (value ?? null)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify([assetsVersion, shaping])).digest('base64url').slice(0, 22);
}

/**
 * Only the site's own addresses are kept, not what a visitor typed: those
 * without a query string, and the first page of each of `/projects`'s
 * choices in its one spelling (decision 095).
 */
export function isStorablePath(url: URL): boolean {
  if (url.pathname.endsWith('.data')) return false;
  return url.search === '' || (url.pathname === PROJECTS_PATH && isKeptProjectsSearch(url.search));
}

/** The key of a kept page: its path, and the query string of one that has a kept one. */
export function storedPathOf(url: URL): string {
  return url.pathname + url.search;
}

export class RenderedPageStore {
  private pending = new Map<string, RenderedPageRow>();
  /** The store's size as last measured, plus the pages this process kept since (at most: a page kept may replace one). */
  private size: (StoreBound & { at: number }) | null = null;
  private saving: Promise<void> | null = null;
  /** The marks of this process's writes still on their way to the database: a read waits for them. */
  private stamping: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'logger' | 'contentChanges' | 'pageRenders'>,
    /** From renderKey(): pages another build or configuration rendered are not used. */
    readonly key: string,
    private readonly bound: StoreBound = DEFAULT_STORE_BOUND,
  ) {
    // Every write stamps what it touched in its own transaction (ContentChanges.write). This process's is
    // announced as it starts and once it has committed: the stamps it wrote are read before the next kept
    // page is answered, whatever the fingerprint's pace.
    deps.contentChanges.onWrite(() => {
      this.stampsRead = false;
    });
  }

  /** Read before a render: a write committing after this makes the page it renders out of date. */
  async begin(): Promise<RenderStart> {
    const [seq, nextPublicationAt] = await Promise.all([
      readWriteSequence(this.deps.db),
      readNextPublication(this.deps.db, Math.floor(Date.now() / 1000)),
    ]);
    return { seq, nextPublicationAt };
  }

  /** Every source's latest stamp this process has read, and the write sequence with them. */
  private stamps = new Map<string, number>();
  private knownStamp = 0;
  private writeSequence = 0;
  private stampsRead = false;

  /**
   * Reads the stamps written since the last look (each server's writes,
   * in the order they committed). The page cache calls it as it reads the
   * content fingerprint, so a kept page is judged on what the database said
   * at most that long ago, as the memory cache's copies are; this process's
   * own writes are kept from the store meanwhile by their settling.
   */
  async readStamps(): Promise<void> {
    await this.stamping;
    const [rows, sequence] = await Promise.all([listSourceStampsAfter(this.deps.db, this.knownStamp), readWriteSequence(this.deps.db)]);
    for (const { source, seq } of rows) {
      this.stamps.set(source, seq);
      this.knownStamp = Math.max(this.knownStamp, seq);
    }
    this.writeSequence = Math.max(this.writeSequence, sequence);
    this.stampsRead = true;
  }

  /** Whether a page rendered at sequence `seq`, showing `sources` (null: anything), is still current. */
  private isCurrent(seq: number, sources: readonly string[] | null): boolean {
    if (sources === null) return this.writeSequence <= seq;
    if ((this.stamps.get(ANY_SOURCE) ?? 0) > seq) return false;
    return sources.every((source) => (this.stamps.get(source) ?? 0) <= seq);
  }

  /** The kept page of `path` when it is current for settings `rest`; null otherwise. */
  async find(path: string, rest: string): Promise<StoredPage | null> {
    await this.stamping;
    if (!this.stampsRead) await this.readStamps();
    const row = this.pending.get(path) ?? (await findRenderedPage(this.deps.db, path));
    if (!row) return null;
    this.noteRead(path);
    if (row.build !== this.key || row.rest !== rest || Date.now() >= row.valid_until) return null;
    const sources = row.sources === null ? null : new Set(JSON.parse(row.sources) as string[]);
    if (!this.isCurrent(Number(row.seq), sources && [...sources])) return null;
    return {
      status: row.status,
      headers: JSON.parse(row.headers) as [string, string][],
      body: row.body,
      nonce: row.nonce,
      sources,
      validUntil: row.valid_until,
    };
  }

  /**
   * The paths to render ahead of readers, at most `limit`: pages this
   * build kept that are no longer current under settings `rest` (the latest
   * rendered first), then, while the store has room, live posts and
   * resources of which no page is kept at all, newest first. Reads only
   * those paths, never every kept page's state.
   */
  async outOfDate(rest: string, limit: number): Promise<string[]> {
    // Pages just rendered are current: written first, so they are not counted as missing.
    await this.flush();
    await this.stamping;
    const stale = await listOutOfDatePaths(this.deps.db, { build: this.key, rest, nowMs: Date.now(), limit });
    this.deps.pageRenders.rendered('out_of_date', stale.length);
    if (stale.length >= limit) return stale;
    // A full store renders no page nobody asked for: it would only push out one somebody did.
    const roomIn = ({ rows }: StoreBound) => Math.floor(this.bound.rows * EVICT_TO) - rows;
    let size = await this.measure();
    // The estimate may count a page kept again as a new one: measured afresh before room is refused.
    if (roomIn(size) < limit - stale.length) size = await this.measure(true);
    const room = roomIn(size);
    if (room <= 0) return stale;
    const missing = await listLivePathsNotRendered(this.deps.db, Math.min(limit - stale.length, room));
    this.deps.pageRenders.rendered('not_kept', missing.length);
    return [...stale, ...missing];
  }

  /** Lets go the kept copy of `path`: it no longer renders as a page to keep. */
  async forget(path: string): Promise<void> {
    this.pending.delete(path);
    await deleteRenderedPages(this.deps.db, [path]);
  }

  private reads = new Set<string>();
  private readsTimer: ReturnType<typeof setTimeout> | null = null;

  /** Notes that a reader asked for the page at `path`, written down with others shortly. */
  private noteRead(path: string): void {
    this.reads.add(path);
    this.readsTimer ??= setTimeout(() => void this.writeReads(), READS_DELAY_MS).unref();
  }

  private async writeReads(): Promise<void> {
    if (this.readsTimer) clearTimeout(this.readsTimer);
    this.readsTimer = null;
    const paths = [...this.reads];
    this.reads.clear();
    if (paths.length === 0) return;
    try {
      await markRenderedPagesRead(this.deps.db, paths, Date.now());
    } catch (error) {
      // Only the order of what goes first when the store is full.
      this.deps.logger.warn({ err: error, pages: paths.length }, 'rendered pages: could not note reads');
    }
  }

  /**
   * Keeps the store within its bound: when it holds more pages or bytes
   * than that, lets go the least recently read until both are back under
   * `EVICT_TO` of it. Returns how many pages went.
   */
  async evict(): Promise<number> {
    await this.writeReads();
    const within = ({ rows, bytes }: StoreBound) => rows <= this.bound.rows && bytes <= this.bound.bytes;
    // The estimate is an upper bound: only when it passes the bound is the store measured to tell.
    if (within(await this.measure())) return 0;
    const { rows, bytes } = await this.measure(true);
    if (within({ rows, bytes })) return 0;
    const rowsOver = rows - Math.floor(this.bound.rows * EVICT_TO);
    const bytesOver = bytes - Math.floor(this.bound.bytes * EVICT_TO);
    const going: string[] = [];
    let freed = 0;
    for (let offset = 0; going.length < rowsOver || freed < bytesOver; offset += EVICTION_PAGE) {
      const oldest = await listLeastRecentlyRead(this.deps.db, offset, EVICTION_PAGE);
      for (const page of oldest) {
        if (going.length >= rowsOver && freed >= bytesOver) break;
        going.push(page.path);
        freed += page.bytes;
      }
      if (oldest.length < EVICTION_PAGE) break;
    }
    await deleteRenderedPages(this.deps.db, going);
    this.size = null;
    this.deps.pageRenders.evicted(going.length);
    if (going.length > 0) this.deps.logger.info({ pages: going.length, bytes: freed }, 'rendered pages: let the least recently read go');
    return going.length;
  }

  /** The store's size: as last measured plus what this process kept since, unless `afresh` or that is old. */
  private async measure(afresh = false): Promise<StoreBound> {
    if (!afresh && this.size && Date.now() - this.size.at < REMEASURE_MS) return this.size;
    const at = Date.now();
    const size = await measureRenderedPages(this.deps.db);
    this.size = { ...size, at };
    return size;
  }

  /** Keeps a page rendered from `start` under settings `rest`, written shortly after with others. */
  save(path: string, page: PageToStore, start: RenderStart, rest: string): void {
    const now = Date.now();
    const validUntil = Math.min(
      now + MAX_AGE_MS,
      page.expiresAt ?? Number.POSITIVE_INFINITY,
      start.nextPublicationAt === null ? Number.POSITIVE_INFINITY : start.nextPublicationAt * 1000,
    );
    if (validUntil <= now) return;
    this.pending.set(path, {
      path,
      build: this.key,
      rest,
      seq: start.seq,
      sources: page.sources === null ? null : JSON.stringify([...page.sources].sort()),
      status: page.status,
      headers: JSON.stringify(page.headers),
      body: page.body,
      nonce: page.nonce,
      rendered_at: now,
      valid_until: validUntil,
      bytes: page.body.byteLength,
      read_at: now,
    });
    this.saving ??= new Promise<void>((resolve) => setTimeout(resolve, SAVE_DELAY_MS).unref()).then(() => this.writePending());
  }

  private async writePending(): Promise<void> {
    const rows = [...this.pending.values()];
    this.pending.clear();
    this.saving = null;
    try {
      await this.deps.db.transaction().execute((trx) => saveRenderedPages(trx, rows));
      if (this.size) {
        this.size.rows += rows.length;
        for (const row of rows) this.size.bytes += row.bytes;
      }
      await this.evict();
    } catch (error) {
      // Only a copy: the page renders again when asked for.
      this.deps.logger.warn({ err: error, pages: rows.length }, 'rendered pages: could not keep rendered pages');
    }
  }

  /** Writes the pages waiting to be kept (at shutdown, and in tests). */
  async flush(): Promise<void> {
    while (this.saving) await this.saving;
    await this.writeReads();
  }

  /**
   * Marks every kept page out of date: a change no write described (a
   * scheduled publication's time came, settings changed on a server that
   * was not asked for a page since, an edit made outside the app).
   */
  stampAnything(): Promise<void> {
    this.stamping = this.stamping.then(async () => {
      try {
        await this.deps.db.transaction().execute((trx) => stampSources(trx, null));
        this.stampsRead = false;
        for (const listener of this.staleListeners) listener();
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'rendered pages: could not mark kept pages out of date');
      }
    });
    return this.stamping;
  }

  private staleListeners = new Set<() => void>();

  /** Calls `listener` once every kept page was marked out of date (to render them again ahead of readers). */
  onAllStale(listener: () => void): void {
    this.staleListeners.add(listener);
  }

  /** Lets go the copies of other builds and those past their time. */
  async prune(): Promise<number> {
    return pruneRenderedPages(this.deps.db, this.key, Date.now());
  }
}
