/**
 * Newsletter subscribers: the signup form and POST /api/submissions/newsletter
 * subscribe through `subscribe`; the back office lists them.
 */
import { DomainError } from '../../common/errors.ts';
import { isHoneypotFilled } from '../../common/honeypot.ts';
import { subscriberSchema } from '../../common/schemas/subscriber.ts';
import { validate } from '../../common/validate.ts';
import type { PageRequest } from '../db/paging.ts';
import { countSubscribers, insertSubscriber, listSubscribers } from '../db/queries/subscribers.ts';
import type { AppDeps } from '../deps.ts';
import type { Caller } from './caller.ts';
import { enforceRateLimit } from './rate-limits.ts';

export function subscribersService(deps: AppDeps) {
  const { db, logger, rateLimits } = deps;
  return {
    /**
     * Adds an address to the list; its id, or null when a filled honeypot
     * dropped it. An address already on the list (any letter case) is
     * refused with ALREADY_SUBSCRIBED.
     */
    async subscribe(values: unknown, caller: Caller): Promise<{ id: number | null }> {
      const { email } = validate(subscriberSchema, values);
      if (isHoneypotFilled(values)) {
        logger.info('newsletter signup: honeypot filled, signup dropped');
        return { id: null };
      }
      await enforceRateLimit(db, rateLimits.newsletterPerIp, caller.clientIp);
      const subscriber = await insertSubscriber(db, email);
      // The client shows 'Already subscribed' for a message containing 'already'.
      if (!subscriber) throw new DomainError('ALREADY_SUBSCRIBED', 'This email is already subscribed');
      return { id: subscriber.id };
    },

    async list(paging: PageRequest) {
      const [page, total] = await Promise.all([listSubscribers(db, paging), countSubscribers(db)]);
      return { ...page, total };
    },
  };
}
