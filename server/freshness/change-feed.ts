import { nowSeconds } from '../db/database.ts';
import { readContentChangesSince } from '../db/queries/content.ts';
import type { Db } from '../db/schema.ts';
import { readContentFingerprintParts } from './content-changes.ts';

/** The two parts of the content fingerprint (`readContentFingerprintParts`). */
export interface ContentFingerprint {
  content: string;
  rest: string;
}

/**
 * A change a reading of the database found, made by any server: what it
 * touched (null: anything), or `settings` when the part of the fingerprint
 * every page shows moved. `unexplained`: the content moved and the feed says
 * nothing of it (a scheduled post's time came), so it touches anything and
 * no write stamped it for the rendered-page store.
 */
export type FeedChange = { settings: true } | { settings?: false; touched: ReadonlySet<string> | null; unexplained: boolean };

/** How far back the change feed is read past the last look: longer than any write's transaction. */
const FEED_MARGIN_SECONDS = 60;
/** How many changes are remembered for the caches still to take them; one further behind takes everything. */
const CHANGES_KEPT = 256;

/**
 * The one reader of the change feed in a server (docs/architecture.md,
 * "Freshness"): at most once per interval its caller asks, it reads the
 * content fingerprint and, when that moved, the feed rows since its last
 * look, and keeps what they say as a list of changes. Each cache of public
 * answers (the page cache with its rendered-page store, the public-read
 * cache) takes the changes after its own position, so one reading serves
 * them all.
 */
export class ChangeFeed {
  private fingerprint: ContentFingerprint | null = null;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  private changes: FeedChange[] = [];
  /** The position of `changes[0]`: how many were dropped from the front. */
  private dropped = 0;
  /** The feed rows already taken, among those still in its window. */
  private seen = new Set<number>();
  private feedReadAt = 0;

  constructor(private readonly db: Db) {}

  /** The position after every change found so far. */
  get position(): number {
    return this.dropped + this.changes.length;
  }

  /**
   * Reads the database again unless it was read less than `maxAgeMs` ago
   * (one reading at a time, whoever asks); answers the fingerprint and the
   * position after what it found. Throws when the database cannot be read.
   */
  async check(maxAgeMs: number): Promise<{ fingerprint: ContentFingerprint; position: number }> {
    if (this.fingerprint === null || Date.now() - this.readAt >= maxAgeMs) {
      this.reading ??= this.read().finally(() => {
        this.reading = null;
      });
      await this.reading;
    }
    if (this.fingerprint === null) throw new Error('the content fingerprint has not been read');
    return { fingerprint: this.fingerprint, position: this.position };
  }

  /** The changes found after `position`; one that touches anything when they are no longer all remembered. */
  since(position: number): readonly FeedChange[] {
    if (position >= this.position) return [];
    if (position < this.dropped) return [{ touched: null, unexplained: false }];
    return this.changes.slice(position - this.dropped);
  }

  private async read(): Promise<void> {
    const fingerprint = await readContentFingerprintParts(this.db);
    const before = this.fingerprint;
    if (before === null) {
      // Where this server starts from: the rows already there are not news.
      await this.readFeed();
    } else if (fingerprint.rest !== before.rest) {
      this.found({ settings: true });
    } else if (fingerprint.content !== before.content) {
      const touched = await this.readFeed();
      const unexplained = touched !== null && touched.size === 0;
      this.found({ touched: unexplained ? null : touched, unexplained });
    }
    this.fingerprint = fingerprint;
    this.readAt = Date.now();
  }

  private found(change: FeedChange): void {
    this.changes.push(change);
    if (this.changes.length > CHANGES_KEPT) {
      this.changes.shift();
      this.dropped += 1;
    }
  }

  /**
   * What the feed's rows not taken yet touched (null: anything; an empty
   * set: no new row). Rows are read by time, not by id, with a margin: a
   * transaction that took its id earlier may commit later.
   */
  private async readFeed(): Promise<ReadonlySet<string> | null> {
    const now = nowSeconds();
    const rows = await readContentChangesSince(this.db, Math.min(this.feedReadAt, now) - FEED_MARGIN_SECONDS);
    this.feedReadAt = now;
    const touched = new Set<string>();
    let anything = false;
    for (const row of rows) {
      if (this.seen.has(row.id)) continue;
      if (row.sources === null) anything = true;
      else for (const source of row.sources) touched.add(source);
    }
    this.seen = new Set(rows.map((row) => row.id));
    return anything ? null : touched;
  }
}
