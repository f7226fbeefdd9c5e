/**
 * Newsletter subscribers and their consent: the signup form and POST
 * /api/submissions/newsletter subscribe through `subscribe`; the confirmation
 * and unsubscribe pages confirm, unsubscribe (from the page or the mail
 * client's one-click button, RFC 8058) and resubscribe; the back office lists
 * them. With NEWSLETTER_DOUBLE_OPT_IN (the default) an address is `pending`
 * until its owner confirms it through the mailed link.
 */
import { createHash } from 'node:crypto';
import type { MailDeliveryJson, SubscriberJson, SubscriberLeftVia, SubscriberStatus } from '../../../common/answers.ts';
import { DomainError, notFound } from '../../../common/errors.ts';
import { isHoneypotFilled } from '../../../common/honeypot.ts';
import { subscriberImportSchema, subscriberSchema } from '../../../common/schemas/subscriber.ts';
import { emailProblem } from '../../../common/schemas/email.ts';
import { NEWSLETTER_CONFIRM_DAYS, NEWSLETTER_CONSENT_TEXT } from '../../../common/site.ts';
import { siteLink } from '../../config.ts';
import { mailDelivery } from '../../mail/mailer.ts';
import { unsubscribeLinks } from '../../newsletter/unsubscribe-links.ts';
import { validate } from '../../../common/validate.ts';
import { nowSeconds } from '../../db/database.ts';
import type { PageRequest } from '../../db/paging.ts';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  confirmSubscriber,
  countSubscribers,
  countSubscribersByStatus,
  eraseSubscriber,
  findErasedHashes,
  findSubscriberById,
  insertImportedSubscribers,
  findSubscriberByEmail,
  findSubscriberByUnsubscribeTokenHash,
  findSubscriberToConfirm,
  insertSubscriber,
  listSubscribers,
  renewConfirmation,
  renewSignup,
  resubscribeSubscriber,
  unsubscribeSubscriber,
  type Signup,
} from '../../db/queries/subscribers.ts';
import { deleteFollowsOfEmail } from '../../db/queries/follows.ts';
import type { WebhookEmitter } from '../site/webhooks.ts';
import type { Db } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { Caller } from '../../auth/caller.ts';
import { hashToken, newToken } from '../../auth/token-hash.ts';
import { enforceRateLimit } from '../rate-limits.ts';

/** A pending address is sent its link again at most this often, however often it signs up. */
const RESEND_AFTER_SECONDS = 10 * 60;
/** Rows read per query while exporting the whole list. */
const EXPORT_BATCH = 1000;

/** What an erased address leaves behind: enough to recognise it, not to read it. */
const hashAddress = (email: string) => createHash('sha256').update(`newsletter-erasure:${email.trim().toLowerCase()}`).digest('hex');

/** Where a signup came from: the page it was made on. */
export interface SignupPlace {
  path: string | null;
}

export function subscribersService(deps: AppDeps, webhooks?: { emit: WebhookEmitter; wake: () => void }) {
  const { db, logger, rateLimits, config, mailer } = deps;
  const links = unsubscribeLinks(deps.totpEncryptionKey);

  /** The subscriber an unsubscribe link names: a sealed id, or the token of a link mailed before links were sealed. */
  async function subscriberOfLink(token: string) {
    if (!token) return undefined;
    const id = links.subscriberIdOf(token);
    if (id !== null) return findSubscriberById(db, id);
    return findSubscriberByUnsubscribeTokenHash(db, hashToken(token));
  }
  const doubleOptIn = config.NEWSLETTER_DOUBLE_OPT_IN;

  async function confirmationMail(email: string, token: string, expiresAt: number) {
    const link = siteLink(config, `/newsletter/confirm?token=${token}`);
    const siteName = await deps.siteProfileCache.siteName();
    return {
      kind: 'newsletter_confirmation',
      to: email,
      secretLinks: { urls: [link], keptUntil: expiresAt },
      subject: `Confirm your subscription to ${siteName}`,
      text:
        `Please confirm that you want ${siteName}'s newsletter at this address:\n\n${link}\n\n` +
        `The link works for ${NEWSLETTER_CONFIRM_DAYS} days. If you did not ask for it, ignore this mail: ` +
        'nothing will be sent to you.\n',
    };
  }

  return {
    /**
     * Puts an address on the list: pending, with a confirmation link mailed
     * (or active at once without double opt-in). A still-pending address is
     * mailed its link again, at most every ten minutes. An active address is
     * refused with ALREADY_SUBSCRIBED. Its standing only, never its id:
     * ids are sequential and would tell the size of the list (a filled
     * honeypot drops the signup with the same answer).
     */
    async subscribe(
      values: unknown,
      caller: Caller,
      place: SignupPlace,
    ): Promise<{ status: SubscriberStatus }> {
      const { email } = validate(subscriberSchema, values);
      if (isHoneypotFilled(values)) {
        logger.info('newsletter signup: honeypot filled, signup dropped');
        return { status: doubleOptIn ? 'pending' : 'active' };
      }
      await enforceRateLimit(db, rateLimits.newsletterPerIp, caller.clientIp);
      const now = nowSeconds();
      const token = newToken();
      const signup: Signup = {
        email,
        signupPath: place.path,
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmation: doubleOptIn
          ? { tokenHash: hashToken(token), expiresAt: now + NEWSLETTER_CONFIRM_DAYS * 24 * 60 * 60 }
          : null,
      };
      const existing = await findSubscriberByEmail(db, email);
      // The client shows 'Already subscribed' for a message containing 'already'.
      if (existing?.status === 'active') throw new DomainError('ALREADY_SUBSCRIBED', 'This email is already subscribed');
      if (existing?.status === 'pending' && (existing.confirm_sent_at ?? 0) > now - RESEND_AFTER_SECONDS) {
        return { status: 'pending' };
      }
      const store = (trx: Db) => (existing ? renewSignup(trx, existing.id, signup) : insertSubscriber(trx, signup));
      // Without double opt-in the address is confirmed at once: the event goes with the signup.
      const row = doubleOptIn
        ? await store(db)
        : await db.transaction().execute(async (trx) => {
            const stored = await store(trx);
            if (stored?.status === 'active') await webhooks?.emit(trx, 'subscriber.confirmed', { id: stored.id }, { email: stored.email });
            return stored;
          });
      if (!doubleOptIn) webhooks?.wake();
      if (!row) {
        // Signed up by a request running at the same moment, whose mail is on its way.
        const concurrent = await findSubscriberByEmail(db, email);
        if (concurrent?.status === 'pending') return { status: 'pending' };
        throw new DomainError('ALREADY_SUBSCRIBED', 'This email is already subscribed');
      }
      if (doubleOptIn) await mailer.sendMail(await confirmationMail(row.email, token, row.confirm_expires_at ?? now));
      return { status: row.status };
    },

    /** Confirms the address of a mailed link; a second click is fine. INVALID_TOKEN for a bad or expired link. */
    async confirm(token: string): Promise<void> {
      const subscriber = await findSubscriberToConfirm(db, hashToken(token), nowSeconds());
      if (!subscriber || subscriber.status === 'unsubscribed' || subscriber.status === 'bounced') {
        throw new DomainError('INVALID_TOKEN', 'This confirmation link is not valid any more.', { kind: 'not_found' });
      }
      await db.transaction().execute(async (trx) => {
        // The id only: the address goes to endpoints the owner let have it.
        if (await confirmSubscriber(trx, subscriber.id)) {
          await webhooks?.emit(trx, 'subscriber.confirmed', { id: subscriber.id }, { email: subscriber.email });
        }
      });
      webhooks?.wake();
    },

    /** Whether the link of a confirmation mail is still good (the page shows its button only then). */
    async isConfirmable(token: string): Promise<boolean> {
      const subscriber = await findSubscriberToConfirm(db, hashToken(token), nowSeconds());
      return subscriber !== undefined && (subscriber.status === 'pending' || subscriber.status === 'active');
    },

    /** The subscriber an unsubscribe link names: its address and standing; NOT_FOUND for an unknown link. */
    async findByUnsubscribeToken(token: string): Promise<{ email: string; status: SubscriberStatus }> {
      const subscriber = await subscriberOfLink(token);
      if (!subscriber) throw new DomainError('NOT_FOUND', 'This unsubscribe link is not known.');
      return { email: subscriber.email, status: subscriber.status };
    },

    /** Takes the address of an unsubscribe link off the list, at once (RFC 8058 needs no more). */
    async unsubscribe(token: string, via: SubscriberLeftVia): Promise<void> {
      const subscriber = await subscriberOfLink(token);
      if (!subscriber) throw new DomainError('NOT_FOUND', 'This unsubscribe link is not known.');
      await unsubscribeSubscriber(db, subscriber.id, via);
      logger.info({ subscriber: subscriber.id, via }, 'newsletter: unsubscribed');
    },

    /** Puts the address of an unsubscribe link back on the list. */
    async resubscribe(token: string): Promise<void> {
      const subscriber = await subscriberOfLink(token);
      if (!subscriber) throw new DomainError('NOT_FOUND', 'This unsubscribe link is not known.');
      await resubscribeSubscriber(db, subscriber.id);
    },

    /**
     * A page of subscribers (of one status, when given; with `q`, those whose
     * address contains it), the total, and the count of each status.
     */
    async list(paging: PageRequest, status?: SubscriberStatus, q?: string) {
      const [page, total, counts] = await Promise.all([
        listSubscribers(db, { ...paging, status, q }),
        countSubscribers(db),
        countSubscribersByStatus(db),
      ]);
      return { ...page, total, counts };
    },

    /**
     * Mails a pending subscriber a new confirmation link (staff, when the
     * first was lost or expired). Only the newest link works, as a new
     * signup's does. At most once every ten minutes per address, signups
     * included, so the button cannot flood someone's inbox.
     */
    async resendConfirmation(id: number): Promise<{ mail: MailDeliveryJson }> {
      const now = nowSeconds();
      const token = newToken();
      const expiresAt = now + NEWSLETTER_CONFIRM_DAYS * 24 * 60 * 60;
      const renewed = await renewConfirmation(db, id, { tokenHash: hashToken(token), expiresAt }, now, now - RESEND_AFTER_SECONDS);
      if (!renewed) {
        const subscriber = await findSubscriberById(db, id);
        if (!subscriber) throw notFound('Subscriber not found');
        if (subscriber.status !== 'pending') {
          throw new DomainError('INVALID_STATUS_TRANSITION', 'Only a pending subscriber can be sent the confirmation link again.');
        }
        const retryAfterSeconds = Math.max(1, (subscriber.confirm_sent_at ?? now) + RESEND_AFTER_SECONDS - now);
        throw new DomainError(
          'RATE_LIMITED',
          `A confirmation link went to this address less than ${RESEND_AFTER_SECONDS / 60} minutes ago. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
          { retryAfterSeconds },
        );
      }
      const sent = await mailer.sendMail(await confirmationMail(renewed.email, token, expiresAt));
      logger.info({ subscriber: id, outboxId: sent.outboxId }, 'newsletter: confirmation link sent again');
      return { mail: mailDelivery(sent) };
    },

    /** Every subscriber, newest first, for the CSV export of the back office. */
    async exportAll(): Promise<SubscriberJson[]> {
      const all: SubscriberJson[] = [];
      let nextToken: string | null = null;
      do {
        const page = await listSubscribers(db, { pageSize: EXPORT_BATCH, nextToken });
        all.push(...page.subscribers);
        nextToken = page.next_token;
      } while (nextToken);
      return all;
    },

    /** An administrator takes an address off the list (it can sign up again itself). */
    async unsubscribeById(id: number): Promise<void> {
      const subscriber = await findSubscriberById(db, id);
      if (!subscriber) throw notFound('Subscriber not found');
      await unsubscribeSubscriber(db, id, 'admin');
      logger.info({ subscriber: id, via: 'admin' }, 'newsletter: unsubscribed');
    },

    /**
     * Erases a subscriber for good (a request under data-protection law):
     * the address is gone, a one-way hash of it stays so an import cannot
     * bring it back. Every campaign it follows goes with it (decision 097).
     */
    async erase(id: number): Promise<void> {
      const subscriber = await findSubscriberById(db, id);
      if (!subscriber) throw notFound('Subscriber not found');
      await db.transaction().execute(async (trx) => {
        await eraseSubscriber(trx, id, hashAddress(subscriber.email), nowSeconds());
        await deleteFollowsOfEmail(trx, subscriber.email);
      });
      logger.info({ subscriber: id }, 'newsletter: subscriber erased');
    },

    /**
     * Adds the addresses of a CSV as active subscribers, with the consent
     * note given. Addresses on the list already, erased ones and invalid
     * lines are left out and counted.
     */
    async import(values: unknown): Promise<{ added: number; existing: number; erased: number; invalid: { line: number; value: string }[] }> {
      const { csv, consent_note } = validate(subscriberImportSchema, values);
      const candidates = readImportAddresses(csv);
      const invalid = candidates.filter((candidate) => emailProblem(candidate.value) !== null);
      const valid = [
        ...new Map(
          candidates
            .filter((candidate) => emailProblem(candidate.value) === null)
            .map((candidate) => [candidate.value.trim().toLowerCase(), candidate.value.trim()]),
        ).values(),
      ];
      const erasedHashes = await findErasedHashes(db, valid.map(hashAddress));
      const allowed = valid.filter((email) => !erasedHashes.has(hashAddress(email)));
      const added = await db.transaction().execute((trx) =>
        insertImportedSubscribers(
          trx,
          allowed.map((email) => ({ email })),
          consent_note,
          nowSeconds(),
        ),
      );
      logger.info({ added, candidates: candidates.length }, 'newsletter: addresses imported');
      return {
        added,
        existing: allowed.length - added,
        erased: valid.length - allowed.length,
        invalid: invalid.slice(0, 100),
      };
    },

  };
}

/**
 * The addresses of an import, with their line numbers: the `email` column
 * when the first line names one (a typical export), else the first cell of
 * every line.
 */
function readImportAddresses(csv: string): { line: number; value: string }[] {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it was read (typed as plain rows by the library).
    rows = parseCsv(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as typeof rows;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw new DomainError('VALIDATION_FAILED', `The CSV cannot be read: ${reason}`, { fieldErrors: { csv: 'The CSV cannot be read' } });
  }
  const header = rows[0]?.record.map((cell) => cell.toLowerCase()) ?? [];
  const column = header.findIndex((cell) => cell === 'email' || cell === 'e-mail' || cell === 'email address');
  return rows
    .slice(column === -1 ? 0 : 1)
    .map(({ record, info }) => ({ line: info.lines, value: record[Math.max(column, 0)] ?? '' }));
}
