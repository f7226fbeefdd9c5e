/**
 * The in-memory rate limit of the page-view beacons and counted clicks
 * (decision 071): counts per subject in a fixed window, and a bounded
 * memory of subjects, the oldest forgotten first, so a flood of addresses
 * can neither grow it nor slip past it.
 */
import { describe, expect, it } from 'vitest';
import { memoryRateLimit } from '../../server/services/rate-limits.ts';

const RULE = { name: 'test', max: 2, windowSeconds: 60 };
const NOW = 6_000;

const refused = (hit: () => void): boolean => {
  try {
    hit();
    return false;
  } catch {
    return true;
  }
};

describe('the in-memory rate limit', () => {
  it('refuses a subject past its limit in the window, and forgets it when the window turns', () => {
    const limit = memoryRateLimit(RULE);
    expect(refused(() => limit('a', NOW))).toBe(false);
    expect(refused(() => limit('a', NOW))).toBe(false);
    expect(refused(() => limit('a', NOW))).toBe(true);
    expect(refused(() => limit('a', NOW + 60))).toBe(false);
  });

  it('remembers at most its cap of subjects, forgetting the oldest for a new one that is still counted', () => {
    const limit = memoryRateLimit(RULE, { maxSubjects: 3 });
    for (const subject of ['a', 'b', 'c']) limit(subject, NOW);
    expect(limit.size()).toBe(3);
    // A fourth subject past the cap is counted like any other, and refused past its limit.
    limit('d', NOW);
    limit('d', NOW);
    expect(refused(() => limit('d', NOW))).toBe(true);
    expect(limit.size()).toBe(3);
    // The oldest, 'a', was forgotten to make room: it starts again; 'c', still remembered, does not.
    limit('a', NOW);
    expect(refused(() => limit('a', NOW))).toBe(false);
    limit('c', NOW);
    expect(refused(() => limit('c', NOW))).toBe(true);
  });
});
