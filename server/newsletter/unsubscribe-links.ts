/**
 * The token of a subscriber's unsubscribe link: their id sealed with the key
 * of secrets at rest (server/auth/sealing.ts), made afresh for each mail.
 * Nothing is stored, so a copy of the database holds no working link; the
 * id stays hidden in the link, so it does not tell how long the list is.
 * Links mailed before sealing carry a random token checked against its hash
 * (migration 0016).
 */
import { sealerFor } from '../auth/sealing.ts';

const BOUND_TO = 'newsletter subscriber';

export function unsubscribeLinks(key: Uint8Array) {
  const sealer = sealerFor(key, 'unsubscribe links');
  return {
    tokenOf: (subscriberId: number): string => sealer.seal(String(subscriberId), BOUND_TO),

    /** The subscriber a sealed token names; null for anything else (an older link's token among them). */
    subscriberIdOf(token: string): number | null {
      const opened = sealer.open(token, BOUND_TO);
      return opened !== null && /^[1-9][0-9]*$/.test(opened) ? Number(opened) : null;
    },
  };
}
