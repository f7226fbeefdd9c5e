/**
 * What this server rendered besides answering a reader, and what it let go
 * of the rendered-page store, counted since it started for `/metrics`: how
 * much work one write sets off (decision 089).
 */

/** Why a page was rendered in the background. */
export const BACKGROUND_RENDER_REASONS = [
  /** A kept page a write (or settings, or its time) made out of date, rendered ahead of readers. */
  'out_of_date',
  /** A live post or resource with no page kept yet, rendered ahead of readers. */
  'not_kept',
  /** A page readers asked for lately that a write dropped from memory, rendered again at once. */
  'read_lately',
] as const;
export type BackgroundRenderReason = (typeof BACKGROUND_RENDER_REASONS)[number];

export class PageRenderCounts {
  readonly background = new Map<BackgroundRenderReason, number>(BACKGROUND_RENDER_REASONS.map((reason) => [reason, 0]));
  /** Kept pages let go, by why: `bound` when the store was full. */
  readonly letGo = new Map<'bound', number>([['bound', 0]]);

  rendered(reason: BackgroundRenderReason, pages = 1): void {
    this.background.set(reason, (this.background.get(reason) ?? 0) + pages);
  }

  evicted(pages: number): void {
    this.letGo.set('bound', (this.letGo.get('bound') ?? 0) + pages);
  }
}
