import { describe, expect, it } from 'vitest';
import { ContentChanges } from '../../server/freshness/content-changes.ts';
import { SegmentedLru } from '../../server/segmented-lru.ts';

interface Item {
  bytes: number;
}

const lru = (maxBytes: number, protectedShare = 0.8) =>
  new SegmentedLru<Item>({ maxBytes, protectedShare, sizeOf: (item) => item.bytes });

/** The sizes of what is kept among `keys`, summed as the values measure now. */
const keptBytes = (cache: SegmentedLru<Item>, keys: Iterable<string>) =>
  [...keys].reduce((total, key) => total + (cache.peek(key)?.bytes ?? 0), 0);

describe('SegmentedLru', () => {
  it('keeps an entry used twice through a scan of many entries used once', () => {
    const cache = lru(100_000);
    cache.set('/popular', { bytes: 5_000 });
    cache.use('/popular');
    for (let i = 0; i < 10_000; i++) cache.set(`/post-${i}`, { bytes: 5_000 });
    expect(cache.peek('/popular')).toBeDefined();
    expect(cache.isProtected('/popular')).toBe(true);
  });

  it('lets the same scan push out an entry used only once', () => {
    const cache = lru(100_000);
    cache.set('/once', { bytes: 5_000 });
    for (let i = 0; i < 100; i++) cache.set(`/post-${i}`, { bytes: 5_000 });
    expect(cache.peek('/once')).toBeUndefined();
    // The newest of the scan are kept: probation is a plain LRU.
    expect(cache.peek('/post-99')).toBeDefined();
  });

  it('never holds more bytes than its budget, counting what entries grew by', () => {
    const budget = 50_000;
    const cache = lru(budget);
    const keys = new Set<string>();
    const items = new Map<string, Item>();
    // A fixed sequence of sets, uses and growths of varied sizes.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 5_000; step++) {
      const key = `/page-${next(40)}`;
      const action = next(3);
      if (action === 0) {
        const item = { bytes: 500 + next(9_000) };
        items.set(key, item);
        cache.set(key, item);
        keys.add(key);
      } else if (action === 1) {
        cache.use(key);
      } else {
        const item = cache.peek(key);
        if (item) {
          // A compressed copy made on first demand.
          item.bytes += next(4_000);
          cache.resize(key);
        }
      }
      expect(cache.bytes).toBeLessThanOrEqual(budget);
      expect(cache.bytes).toBe(keptBytes(cache, keys));
    }
    expect(cache.size).toBeGreaterThan(3);
  });

  it('turns away an entry larger than the whole budget, and one that grows past it', () => {
    const cache = lru(10_000);
    expect(cache.set('/huge', { bytes: 10_001 })).toBe(false);
    expect(cache.peek('/huge')).toBeUndefined();
    const item = { bytes: 1_000 };
    cache.set('/grows', item);
    item.bytes = 20_000;
    cache.resize('/grows');
    expect(cache.peek('/grows')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('moves the least recent protected entries back to probation when the protected share is full', () => {
    const cache = lru(10_000, 0.5);
    for (const key of ['/a', '/b', '/c']) {
      cache.set(key, { bytes: 2_000 });
      cache.use(key);
    }
    // 6,000 bytes used twice, 5,000 allowed: the oldest goes back to probation, still kept.
    expect(cache.isProtected('/a')).toBe(false);
    expect(cache.peek('/a')).toBeDefined();
    expect(cache.isProtected('/c')).toBe(true);
    // Probation empties first: new entries push /a out, not /b or /c.
    cache.set('/d', { bytes: 2_000 });
    cache.set('/e', { bytes: 2_000 });
    cache.set('/f', { bytes: 2_000 });
    expect(cache.peek('/a')).toBeUndefined();
    expect(cache.isProtected('/b')).toBe(true);
    expect(cache.isProtected('/c')).toBe(true);
  });

  it('counts replacing a kept entry as a use, and forgets everything on clear', () => {
    const cache = lru(10_000);
    cache.set('/page', { bytes: 1_000 });
    cache.set('/page', { bytes: 1_500 });
    expect(cache.isProtected('/page')).toBe(true);
    expect(cache.bytes).toBe(1_500);
    expect(cache.delete('/page')).toBe(true);
    expect(cache.delete('/page')).toBe(false);
    cache.set('/other', { bytes: 1_000 });
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});

describe('SegmentedLru sizes', () => {
  it('measures each entry with its key, so long keys count against the budget', () => {
    const seen: string[] = [];
    const cache = new SegmentedLru<Item>({
      maxBytes: 10_000,
      protectedShare: 0.8,
      sizeOf: (item, key) => {
        seen.push(key);
        return item.bytes + key.length;
      },
    });
    const key = (i: number) => `/page-${i}?${'q'.repeat(1_000)}`;
    for (let i = 0; i < 50; i++) cache.set(key(i), { bytes: 10 });
    expect(seen).toContain(key(49));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(10);
    expect(cache.bytes).toBe(cache.size * (10 + key(49).length));
  });

  it('holds entries used once within the probation share, however empty the protected segment is', () => {
    const cache = new SegmentedLru<Item>({ maxBytes: 100_000, protectedShare: 0.8, probationShare: 0.25, sizeOf: (item) => item.bytes });
    for (let i = 0; i < 1_000; i++) cache.set(`/post-${i}`, { bytes: 5_000 });
    expect(cache.bytes).toBe(25_000);
    // The most recent stay.
    expect(cache.peek('/post-999')).toBeDefined();
    expect(cache.peek('/post-994')).toBeUndefined();
    // Entries used twice still fill up to their own share.
    for (let i = 0; i < 16; i++) {
      cache.set(`/popular-${i}`, { bytes: 5_000 });
      cache.use(`/popular-${i}`);
    }
    expect([...Array(16).keys()].filter((i) => cache.isProtected(`/popular-${i}`))).toHaveLength(16);
    expect(cache.bytes).toBe(100_000);
  });

  it('forgets only the entries picked, in both segments, and their bytes with them', () => {
    const cache = lru(100_000);
    for (let i = 0; i < 6; i++) cache.set(`/post-${i}`, { bytes: 1_000 + i });
    cache.use('/post-1');
    cache.use('/post-2');
    expect(cache.deleteWhere((item) => item.bytes % 2 === 1)).toBe(3);
    expect([0, 1, 2, 3, 4, 5].filter((i) => cache.peek(`/post-${i}`))).toEqual([0, 2, 4]);
    expect(cache.bytes).toBe(1_000 + 1_002 + 1_004);
  });
});

describe('ContentChanges', () => {
  it('tells what the writes since a count touched, and null once one of them may touch anything', () => {
    const changes = new ContentChanges();
    changes.notify(['post:1']);
    const seen = changes.count;
    expect([...(changes.touchedSince(seen) ?? ['?'])]).toEqual([]);
    changes.notify(['post:2', 'category:tech']);
    changes.notify([]);
    expect([...(changes.touchedSince(seen) ?? ['?'])].sort()).toEqual(['category:tech', 'post:2']);
    changes.notify();
    expect(changes.touchedSince(seen)).toBeNull();
  });

  it('treats writes too many to remember as touching anything', () => {
    const changes = new ContentChanges();
    for (let i = 0; i < 1_000; i++) changes.notify([`post:${i}`]);
    expect(changes.touchedSince(0)).toBeNull();
    expect(changes.touchedSince(999)).toEqual(new Set(['post:999']));
  });
});
