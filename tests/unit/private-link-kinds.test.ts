/** The table of private link kinds: their paths from the one list, their lifetimes, and the hash a token is kept and found by. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PRIVATE_LINK_PATHS, PRIVATE_LINK_PREFIXES } from '../../common/private-links.ts';
import { hashToken, newToken } from '../../server/auth/token-hash.ts';
import { creatorLinkExpiry, PRIVATE_LINK_KINDS, privateLinkPath } from '../../server/private-links/kinds.ts';
import { lookupHash } from '../../server/private-links/links.ts';

const DAY = 24 * 60 * 60;
const NOW = 1_800_000_000;

describe('private link kinds', () => {
  it('are the kinds of the one list, each at its own path', () => {
    expect(Object.keys(PRIVATE_LINK_KINDS).sort()).toEqual(Object.keys(PRIVATE_LINK_PATHS).sort());
    expect(PRIVATE_LINK_PREFIXES).toEqual(['preview', 'campaign-update', 'sponsor-report', 'follow']);
    expect(privateLinkPath('creatorUpdate', 'abc')).toBe('/campaign-update/abc');
    expect(privateLinkPath('sponsorReport', 'abc')).toBe('/sponsor-report/abc');
    expect(privateLinkPath('preview', 'abc')).toBe('/preview/abc');
  });

  it('give each kind its lifetime', () => {
    expect(PRIVATE_LINK_KINDS.preview.expiresAt(NOW)).toBe(NOW + 7 * DAY);
    expect(PRIVATE_LINK_KINDS.sponsorReport.expiresAt()).toBeNull();
    const creator = PRIVATE_LINK_KINDS.creatorUpdate;
    expect(creator.expiresAt(NOW, { endsAt: null })).toBe(NOW + 180 * DAY);
    expect(creator.expiresAt(NOW, { endsAt: NOW + 10 * DAY })).toBe(NOW + 40 * DAY);
    // An ended campaign still gets 30 days from now; a far end is capped at a year.
    expect(creator.expiresAt(NOW, { endsAt: NOW - 100 * DAY })).toBe(NOW + 30 * DAY);
    expect(creator.expiresAt(NOW, { endsAt: NOW + 1000 * DAY })).toBe(NOW + 365 * DAY);
    expect(creatorLinkExpiry(NOW + 10 * DAY, NOW)).toBe(creator.expiresAt(NOW, { endsAt: NOW + 10 * DAY }));
  });

  it('keep the tokens staff read again sealed under the purposes and owners of the links already issued, and previews never', () => {
    expect(PRIVATE_LINK_KINDS.creatorUpdate.sealed.purpose).toBe('campaign update links');
    expect(PRIVATE_LINK_KINDS.creatorUpdate.sealed.boundTo(42)).toBe('post:42');
    expect(PRIVATE_LINK_KINDS.sponsorReport.sealed.purpose).toBe('sponsor report links');
    expect(PRIVATE_LINK_KINDS.sponsorReport.sealed.boundTo(7)).toBe('sponsored_submission:7');
    expect(PRIVATE_LINK_KINDS.preview.sealed).toBeNull();
    expect(PRIVATE_LINK_KINDS.preview.perOwner).toBe('many');
    expect(PRIVATE_LINK_KINDS.creatorUpdate.perOwner).toBe('one');
    expect(PRIVATE_LINK_KINDS.sponsorReport.perOwner).toBe('one');
  });

  it('hash a token as the stored hashes were made: SHA-256 in hex', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(lookupHash(token)).toBe(hashToken(token));
  });

  it('never look up what is not shaped like a token of ours', () => {
    for (const token of ['', 'short', `${newToken()}x`, `${newToken().slice(0, 42)}/`, 'a'.repeat(100)]) expect(lookupHash(token)).toBeUndefined();
  });
});
