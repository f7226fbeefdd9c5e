import { SegmentedLru } from '../segmented-lru.ts';

/**
 * One app's drawn cards by version, and those it is drawing now (so one
 * request draws for all that ask at once); handed in through AppDeps. Bounded
 * by bytes, not by count: a card over a photo cover is several times the
 * size of a designed one. A crawler asking for every card once pushes out
 * only cards asked for once.
 */
export class SocialCardCache {
  readonly kept = new SegmentedLru<Uint8Array>({
    maxBytes: 16 * 1024 * 1024,
    protectedShare: 0.8,
    sizeOf: (png, key) => png.byteLength + 2 * key.length,
  });
  readonly drawing = new Map<string, Promise<Uint8Array>>();
}
