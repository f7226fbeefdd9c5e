import { describe, expect, it } from 'vitest';
import { isLive, isScheduled } from '../../common/publication.ts';

describe('where an item stands on the public site', () => {
  const now = 1_800_000_000;
  it('is live once published with its time reached, scheduled while the time is ahead', () => {
    expect(isLive({ status: 'published', published_at: now }, now)).toBe(true);
    expect(isLive({ status: 'published', published_at: now - 1 }, now)).toBe(true);
    expect(isLive({ status: 'published', published_at: now + 1 }, now)).toBe(false);
    expect(isScheduled({ status: 'published', published_at: now + 1 }, now)).toBe(true);
    expect(isScheduled({ status: 'published', published_at: now }, now)).toBe(false);
  });

  it('is neither for a draft, whatever its time, nor for a published item without a time', () => {
    expect(isLive({ status: 'draft', published_at: now - 1 }, now)).toBe(false);
    expect(isScheduled({ status: 'draft', published_at: now + 1 }, now)).toBe(false);
    expect(isLive({ status: 'published', published_at: null }, now)).toBe(false);
    expect(isScheduled({ status: 'published', published_at: null }, now)).toBe(false);
  });
});
