import { describe, expect, it } from 'vitest';
import {
  alertSubject,
  finalResultText,
  isFollowable,
  momentsAlreadyPast,
  momentsDue,
  nextMomentAt,
  readMoments,
  writeMoments,
  type FollowMoment,
} from '../../common/follow.ts';

const HOUR = 3600;
const NOW = 1_800_000_000;
const live = {
  state: 'live' as const,
  goal: 1_000_000,
  pledged: 500_000,
  backers: 40,
  launched_at: NOW - 24 * HOUR,
  ends_at: NOW + 100 * HOUR,
};
const done = (...moments: FollowMoment[]) => new Set(moments);

describe('the moments of a followed campaign', () => {
  it('makes "ending" due at exactly 48 hours before the end, never before', () => {
    const endsAt = NOW + 48 * HOUR;
    expect(momentsDue({ ...live, ends_at: endsAt }, endsAt - 48 * HOUR - 1, done('launched')).send).toEqual([]);
    expect(momentsDue({ ...live, ends_at: endsAt }, endsAt - 48 * HOUR, done('launched')).send).toEqual(['ending']);
  });

  it('makes "ended" due at the end second, skipping what no longer holds, and ends the follow', () => {
    const endsAt = NOW + 10;
    expect(momentsDue({ ...live, ends_at: endsAt }, endsAt - 1, done('launched', 'ending'))).toEqual({ send: [], skip: [], ends: false });
    expect(momentsDue({ ...live, ends_at: endsAt }, endsAt, done('launched'))).toEqual({ send: ['ended'], skip: ['ending', 'funded'], ends: true });
  });

  it('ends a follow whose campaign is gone without a mail', () => {
    expect(momentsDue(null, NOW, done())).toEqual({ send: [], skip: ['launched', 'ending', 'funded', 'ended'], ends: true });
  });

  it('waits for a launch second set ahead, and says when the clock makes the next moment due', () => {
    const ahead = { ...live, launched_at: NOW + 60 };
    expect(momentsDue(ahead, NOW, done()).send).toEqual([]);
    expect(momentsDue(ahead, NOW + 60, done()).send).toEqual(['launched']);
    expect(nextMomentAt(ahead, NOW, done())).toBe(NOW + 60);
    expect(nextMomentAt(live, NOW, done('launched'))).toBe(live.ends_at - 48 * HOUR);
    expect(nextMomentAt({ ...live, state: 'upcoming' }, NOW, done())).toBeNull();
  });

  it('knows what a new follow has no use for, and what may be followed', () => {
    expect(momentsAlreadyPast({ ...live, state: 'upcoming' })).toEqual([]);
    expect(momentsAlreadyPast({ ...live, pledged: 1_000_000 })).toEqual(['launched', 'funded']);
    expect(isFollowable(live, NOW)).toBe(true);
    expect(isFollowable({ ...live, state: 'upcoming' }, NOW)).toBe(true);
    expect(isFollowable(live, live.ends_at)).toBe(false);
    expect(isFollowable({ ...live, state: 'canceled' }, NOW)).toBe(false);
  });

  it('words the final result and the subjects', () => {
    expect(finalResultText({ ...live, state: 'successful', pledged: 2_410_000, backers: 1873 })).toBe('funded at 241\u00a0% with 1,873 backers');
    expect(finalResultText({ ...live, state: 'failed', pledged: 620_000 })).toBe('ended at 62\u00a0% of its goal');
    expect(alertSubject([{ moment: 'ending', title: 'A' }])).toBe('Last 48 hours: A');
    expect(alertSubject([{ moment: 'ending', title: 'A' }, { moment: 'ending', title: 'B' }])).toBe('News of 2 campaigns you follow');
    expect(readMoments(writeMoments(done('ended', 'launched')))).toEqual(done('launched', 'ended'));
    expect(readMoments('not json')).toEqual(done());
  });
});
