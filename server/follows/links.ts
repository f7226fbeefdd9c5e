/**
 * The unsubscribe links of alert mails: the follow ids a mail is about
 * (ending those follows), or one follow id standing for its address
 * (ending every follow of it), sealed with the key of secrets at rest
 * (server/auth/sealing.ts) as the newsletter's are. Nothing is stored, so
 * a copy of the database holds no working link, and the link tells
 * neither the address nor how many follow.
 */
import { sealerFor } from '../auth/sealing.ts';

const THESE_FOLLOWS = 'campaign follows';
const ALL_OF_ADDRESS = 'every follow of an address';

export type FollowLink = { kind: 'these'; followIds: number[] } | { kind: 'address'; followId: number };

const ID = /^[1-9][0-9]*$/;

export function followLinks(key: Uint8Array) {
  const sealer = sealerFor(key, 'follow links');
  return {
    these: (followIds: readonly number[]): string => sealer.seal(followIds.join(','), THESE_FOLLOWS),
    address: (followId: number): string => sealer.seal(String(followId), ALL_OF_ADDRESS),

    /** What a token names; null for anything else. */
    open(token: string): FollowLink | null {
      const these = sealer.open(token, THESE_FOLLOWS);
      if (these !== null) {
        const ids = these.split(',');
        return ids.length > 0 && ids.every((id) => ID.test(id)) ? { kind: 'these', followIds: ids.map(Number) } : null;
      }
      const one = sealer.open(token, ALL_OF_ADDRESS);
      return one !== null && ID.test(one) ? { kind: 'address', followId: Number(one) } : null;
    },
  };
}

export const followUnsubscribeUrl = (siteUrl: string, token: string) => `${siteUrl}/follow/unsubscribe?token=${encodeURIComponent(token)}`;
