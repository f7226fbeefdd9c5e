/**
 * Newsletter subscribers and their consent: the signup form and POST
 * /api/submissions/newsletter subscribe through `subscribe`; the confirmation
 * and unsubscribe pages confirm, unsubscribe (from the page or the mail
 * client's one-click button, RFC 8058) and resubscribe; the back office lists
 * them. With NEWSLETTER_DOUBLE_OPT_IN (the default) an address is `pending`
 * until its owner confirms it through the mailed link.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SubscriberLeftVia, SubscriberStatus } from '../../common/answers.ts';
import { DomainError } from '../../common/errors.ts';
import { isHoneypotFilled } from '../../common/honeypot.ts';
import { subscriberSchema } from '../../common/schemas/subscriber.ts';
import { NEWSLETTER_CONFIRM_DAYS, NEWSLETTER_CONSENT_TEXT, SITE_NAME } from '../../common/site.ts';
import { validate } from '../../common/validate.ts';
import { nowSeconds } from '../db/database.ts';
import type { PageRequest } from '../db/paging.ts';
import {
  confirmSubscriber,
  countSubscribers,
  findSubscriberByEmail,
  findSubscriberByUnsubscribeToken,
  findSubscriberToConfirm,
  insertSubscriber,
  listSubscribers,
  renewSignup,
  resubscribeSubscriber,
  unsubscribeSubscriber,
  type Signup,
} from '../db/queries/subscribers.ts';
import type { AppDeps } from '../deps.ts';
import type { Caller } from './caller.ts';
import { enforceRateLimit } from './rate-limits.ts';

/** A pending address is sent its link again at most this often, however often it signs up. */
const RESEND_AFTER_SECONDS = 10 * 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** Where a signup came from: the site's address (for the link in the mail) and the page it was made on. */
export interface SignupPlace {
  siteUrl: string;
  path: string | null;
}

export function subscribersService(deps: AppDeps) {
  const { db, logger, rateLimits, config, mailer } = deps;
  const doubleOptIn = config.NEWSLETTER_DOUBLE_OPT_IN;

  function confirmationMail(email: string, token: string, siteUrl: string) {
    const link = `${config.PUBLIC_URL?.replace(/\/+$/, '') ?? siteUrl}/newsletter/confirm?token=${token}`;
    return {
      kind: 'newsletter_confirmation',
      to: email,
      subject: `Confirm your subscription to ${SITE_NAME}`,
      text:
        `Please confirm that you want ${SITE_NAME}'s newsletter at this address:\n\n${link}\n\n` +
        `The link works for ${NEWSLETTER_CONFIRM_DAYS} days. If you did not ask for it, ignore this mail: ` +
        'nothing will be sent to you.\n',
    };
  }

  return {
    /**
     * Puts an address on the list: pending, with a confirmation link mailed
     * (or active at once without double opt-in). A still-pending address is
     * mailed its link again, at most every ten minutes. An active address is
     * refused with ALREADY_SUBSCRIBED. Its id, or null when a filled
     * honeypot dropped the signup.
     */
    async subscribe(
      values: unknown,
      caller: Caller,
      place: SignupPlace,
    ): Promise<{ id: number | null; status: SubscriberStatus }> {
      const { email } = validate(subscriberSchema, values);
      if (isHoneypotFilled(values)) {
        logger.info('newsletter signup: honeypot filled, signup dropped');
        return { id: null, status: doubleOptIn ? 'pending' : 'active' };
      }
      await enforceRateLimit(db, rateLimits.newsletterPerIp, caller.clientIp);
      const now = nowSeconds();
      const token = newToken();
      const signup: Signup = {
        email,
        signupPath: place.path,
        consentText: NEWSLETTER_CONSENT_TEXT,
        unsubscribeToken: newToken(),
        confirmation: doubleOptIn
          ? { tokenHash: hashToken(token), expiresAt: now + NEWSLETTER_CONFIRM_DAYS * 24 * 60 * 60 }
          : null,
      };
      const existing = await findSubscriberByEmail(db, email);
      // The client shows 'Already subscribed' for a message containing 'already'.
      if (existing?.status === 'active') throw new DomainError('ALREADY_SUBSCRIBED', 'This email is already subscribed');
      if (existing?.status === 'pending' && (existing.confirm_sent_at ?? 0) > now - RESEND_AFTER_SECONDS) {
        return { id: existing.id, status: 'pending' };
      }
      const row = existing ? await renewSignup(db, existing.id, signup) : await insertSubscriber(db, signup);
      if (!row) {
        // Signed up by a request running at the same moment, whose mail is on its way.
        const concurrent = await findSubscriberByEmail(db, email);
        if (concurrent?.status === 'pending') return { id: concurrent.id, status: 'pending' };
        throw new DomainError('ALREADY_SUBSCRIBED', 'This email is already subscribed');
      }
      if (doubleOptIn) await mailer.sendMail(confirmationMail(row.email, token, place.siteUrl));
      return { id: row.id, status: row.status };
    },

    /** Confirms the address of a mailed link; a second click is fine. INVALID_TOKEN for a bad or expired link. */
    async confirm(token: string): Promise<void> {
      const subscriber = await findSubscriberToConfirm(db, hashToken(token), nowSeconds());
      if (!subscriber || subscriber.status === 'unsubscribed' || subscriber.status === 'bounced') {
        throw new DomainError('INVALID_TOKEN', 'This confirmation link is not valid any more.', { kind: 'not_found' });
      }
      await confirmSubscriber(db, subscriber.id);
    },

    /** Whether the link of a confirmation mail is still good (the page shows its button only then). */
    async isConfirmable(token: string): Promise<boolean> {
      const subscriber = await findSubscriberToConfirm(db, hashToken(token), nowSeconds());
      return subscriber !== undefined && (subscriber.status === 'pending' || subscriber.status === 'active');
    },

    /** The subscriber an unsubscribe link names: its address and standing; NOT_FOUND for an unknown link. */
    async findByUnsubscribeToken(token: string): Promise<{ email: string; status: SubscriberStatus }> {
      const subscriber = token ? await findSubscriberByUnsubscribeToken(db, token) : undefined;
      if (!subscriber) throw new DomainError('NOT_FOUND', 'This unsubscribe link is not known.');
      return { email: subscriber.email, status: subscriber.status };
    },

    /** Takes the address of an unsubscribe link off the list, at once (RFC 8058 needs no more). */
    async unsubscribe(token: string, via: SubscriberLeftVia): Promise<void> {
      const subscriber = token ? await findSubscriberByUnsubscribeToken(db, token) : undefined;
      if (!subscriber) throw new DomainError('NOT_FOUND', 'This unsubscribe link is not known.');
      await unsubscribeSubscriber(db, subscriber.id, via);
      logger.info({ subscriber: subscriber.id, via }, 'newsletter: unsubscribed');
    },

    /** Puts the address of an unsubscribe link back on the list. */
    async resubscribe(token: string): Promise<void> {
      const subscriber = token ? await findSubscriberByUnsubscribeToken(db, token) : undefined;
      if (!subscriber) throw new DomainError('NOT_FOUND', 'This unsubscribe link is not known.');
      await resubscribeSubscriber(db, subscriber.id);
    },

    async list(paging: PageRequest) {
      const [page, total] = await Promise.all([listSubscribers(db, paging), countSubscribers(db)]);
      return { ...page, total };
    },
  };
}
