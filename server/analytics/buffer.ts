/**
 * The page views a server has accepted and not yet written, aggregated by
 * what will be written (decision 065): its size grows with the distinct
 * pages, sources and visitors of a few seconds, never with the beacons.
 */
import type { AnalyticsDimension } from '../db/schema.ts';
import type { DailyRow, VisitorRow } from '../db/queries/analytics.ts';
import type { Client } from './visitor.ts';

export interface PageView {
  day: string;
  /** Unix seconds. */
  at: number;
  visitor: string;
  path: string;
  /** '' when the view came from nowhere or from the site itself. */
  source: string;
  /** The campaign's value as kept, `[utm_source, utm_medium, utm_campaign]` as JSON; null when untagged. */
  campaign: string | null;
  country: string;
  client: Client;
}

interface SeenVisitor {
  day: string;
  visitor: string;
  /** The dimensions a new site-wide visitor adds one to. */
  traits: [AnalyticsDimension, string][];
  paths: Set<string>;
}

const SEP = '\u0000';

export class ViewBuffer {
  private views = new Map<string, number>();
  private visitors = new Map<string, SeenVisitor>();
  private presence = new Map<string, number>();
  /** Beacons added since the last take. */
  count = 0;

  /** Distinct keys held: what the memory cap is measured in. */
  get size(): number {
    return this.views.size + this.visitors.size + this.presence.size;
  }

  add(view: PageView): void {
    this.count += 1;
    const { day, path, source, client, country } = view;
    this.bump('site', day, '');
    this.bump('page', day, path);
    this.bump('country', day, country);
    this.bump('device', day, client.device);
    this.bump('browser', day, client.browser);
    this.bump('os', day, client.os);
    if (source) {
      this.bump('source', day, source);
      this.bump('page_source', day, `${path}\n${source}`);
    }
    if (view.campaign) this.bump('campaign', day, view.campaign);
    const key = `${day}${SEP}${view.visitor}`;
    let seen = this.visitors.get(key);
    if (!seen) {
      seen = {
        day,
        visitor: view.visitor,
        traits: [
          ['country', country],
          ['device', client.device],
          ['browser', client.browser],
          ['os', client.os],
        ],
        paths: new Set(),
      };
      this.visitors.set(key, seen);
    }
    seen.paths.add(path);
    this.presence.set(view.visitor, Math.max(view.at, this.presence.get(view.visitor) ?? 0));
  }

  private bump(dimension: AnalyticsDimension, day: string, value: string): void {
    const key = `${dimension}${SEP}${day}${SEP}${value}`;
    this.views.set(key, (this.views.get(key) ?? 0) + 1);
  }

  /** Puts back what a failed write took, so it is tried again with the next flush. */
  merge(other: ViewBuffer): void {
    for (const [key, views] of other.views) this.views.set(key, (this.views.get(key) ?? 0) + views);
    for (const [key, seen] of other.visitors) {
      const mine = this.visitors.get(key);
      if (!mine) this.visitors.set(key, seen);
      else for (const path of seen.paths) mine.paths.add(path);
    }
    for (const [visitor, at] of other.presence) this.presence.set(visitor, Math.max(at, this.presence.get(visitor) ?? 0));
    this.count += other.count;
  }

  /** The visitor rows to record: site-wide ('') and per page. */
  visitorRows(): VisitorRow[] {
    const rows: VisitorRow[] = [];
    for (const seen of this.visitors.values()) {
      rows.push({ day: seen.day, visitor: seen.visitor, path: '' });
      for (const path of seen.paths) rows.push({ day: seen.day, visitor: seen.visitor, path });
    }
    return rows;
  }

  /** The roll-up rows, given which visitor rows were new across every server. */
  dailyRows(fresh: VisitorRow[]): DailyRow[] {
    const rows = new Map<string, DailyRow>();
    const row = (dimension: AnalyticsDimension, day: string, value: string): DailyRow => {
      const key = `${dimension}${SEP}${day}${SEP}${value}`;
      let found = rows.get(key);
      if (!found) {
        found = { dimension, day, value, views: 0, visitors: 0 };
        rows.set(key, found);
      }
      return found;
    };
    for (const [key, views] of this.views) {
      const [dimension, day, value] = key.split(SEP) as [AnalyticsDimension, string, string];
      row(dimension, day, value).views += views;
    }
    for (const { day, visitor, path } of fresh) {
      if (path !== '') {
        row('page', day, path).visitors += 1;
        continue;
      }
      row('site', day, '').visitors += 1;
      const seen = this.visitors.get(`${day}${SEP}${visitor}`);
      for (const [dimension, value] of seen?.traits ?? []) row(dimension, day, value).visitors += 1;
    }
    return [...rows.values()];
  }

  presenceRows(): { visitor: string; seen_at: number }[] {
    return [...this.presence].map(([visitor, seen_at]) => ({ visitor, seen_at }));
  }
}
