/**
 * The payments service, the one door to payments: the payment flow of
 * sponsored submissions, whichever provider runs it (server/payments holds
 * the providers and the mails). Start a checkout, settle a payment from a
 * provider event, reconcile with the provider when a visitor asks before the
 * event arrived, and mail the submitter and the staff once a payment
 * completes.
 */
import type { SponsoredSubmissionInput } from '../../../common/schemas/sponsored-submission.ts';
import { notifyOwner } from '../site/owner-notifications.ts';
import { siteOrigin } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import {
  attachProviderSession,
  findPaymentById,
  findPaymentByProviderPaymentId,
  findPaymentBySessionId,
  insertPendingPayment,
  movePayment,
  recordPaymentEvent,
} from '../../db/queries/payments.ts';
import { findSponsoredSubmissionById, insertSponsoredSubmission } from '../../db/queries/sponsored-submissions.ts';
import type { Db, PaymentStatus, PaymentTransactionRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { PaymentCancellation, PaymentStatusWithReference, PublicPaymentStatus } from '../../../common/answers.ts';
import { DomainError } from '../../../common/errors.ts';
import { DEFAULT_SPONSORED_LIVE_TIME } from '../../../common/site-texts.ts';
import { isTestCheckoutRefused, paymentModeIn, type PaymentMode } from '../../payments/create-provider.ts';
import { paidSubmissionNotificationMail, paymentConfirmationMail, paymentReferenceOf } from '../../payments/payment-mails.ts';
import { insertSponsorEvent } from '../../db/queries/sponsored-submission-events.ts';
import type { PaymentEvent, ProviderSession, TestCheckout, TestCheckoutOutcome } from '../../payments/provider.ts';

export { PROVIDER_CHECK_INTERVAL_MS } from '../../payments/provider-checks.ts';
export { WebhookNotConfiguredError, WebhookSignatureError } from '../../payments/provider.ts';
export type { PaymentMode, TestCheckoutOutcome };

export type PaymentDeps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'payments' | 'mailer' | 'providerChecks' | 'siteProfileCache'> & {
  /** What else a completed payment does, in its transaction (the `sponsored_submission.paid` webhook). */
  onPaid?: (trx: Db, payment: PaymentTransactionRow) => Promise<void>;
};

/**
 * Which statuses a payment may reach from which. A completed payment only
 * ever becomes refunded, so late or out-of-order events (an `expired` after
 * the `completed`) never undo it; a confirmed payment wins over an earlier
 * failure or expiry because the money did arrive.
 */
export const PAYMENT_STATUS_SOURCES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: [],
  completed: ['pending', 'failed', 'expired'],
  failed: ['pending'],
  expired: ['pending'],
  refunded: ['completed'],
};

/**
 * A refunded payment is reported as failed to visitors: the sponsored post
 * will not go live, which is what the result page must say.
 */
export function publicPaymentStatus(status: PaymentStatus): PublicPaymentStatus {
  return status === 'refunded' ? 'failed' : status;
}

const PRODUCT_NAME = 'Sponsored post';

/** SPEC.md section 2's cancel page text, per status; a paid one repeats the sponsored page's promise of when it goes live. */
export function cancelMessage(status: PublicPaymentStatus, liveTime: string = DEFAULT_SPONSORED_LIVE_TIME): string {
  switch (status) {
    case 'pending':
      return 'Your payment did not complete. Review your details and try submitting again.';
    case 'failed':
      return 'Your payment did not go through. Review your details and try submitting again.';
    case 'expired':
      return 'Your checkout session expired before the payment was made. Review your details and try submitting again.';
    case 'completed':
      return `This payment was completed, so there is nothing to retry. Your sponsored post will be live within ${liveTime}.`;
  }
}

/**
 * How a checkout the visitor left stands, with the details to refill the
 * form (GET /payments/cancel and the cancel page); null for an unknown session.
 */
export async function findPaymentCancellation(deps: PaymentDeps, sessionId: string): Promise<PaymentCancellation | null> {
  const payment = await findPaymentOfSession(deps, sessionId);
  if (!payment) return null;
  const submission = await findSponsoredSubmissionById(deps.db, payment.submission_id);
  if (!submission) return null;
  const status = publicPaymentStatus(payment.status);
  return {
    session_id: sessionId,
    status,
    message: cancelMessage(status, status === 'completed' ? (await deps.siteProfileCache.sponsorMailTexts()).liveTime : undefined),
    // What the form is refilled with; nothing is pending once it is paid.
    pending_submission:
      status === 'completed'
        ? null
        : {
            project_name: submission.project_name,
            project_url: submission.project_url,
            description: submission.description,
            contact_name: submission.contact_name,
            contact_email: submission.contact_email,
            press_kit_url: submission.press_kit_url,
          },
  };
}

export const PAYMENTS_NOT_SET_UP_MESSAGE = 'Payments are not set up on this site yet. Please try again later.';

function assertPaymentsSetUp(deps: Pick<PaymentDeps, 'config' | 'payments'>) {
  if (isTestCheckoutRefused(deps)) {
    throw new DomainError('SERVICE_UNAVAILABLE', PAYMENTS_NOT_SET_UP_MESSAGE, { retryAfterSeconds: 3600 });
  }
}

export interface StartedCheckout {
  checkout_url: string;
  session_id: string;
}

/**
 * Stores the submission and its pending payment in one transaction, then
 * asks the provider for a checkout session. If the provider fails, the
 * submission stays (payment failed, visible to admins) and a 503 is thrown.
 */
export async function startCheckout(
  deps: PaymentDeps,
  input: SponsoredSubmissionInput,
  siteUrl: string,
): Promise<StartedCheckout> {
  const { config, payments } = deps;
  assertPaymentsSetUp(deps);
  const { submission, payment } = await deps.db.transaction().execute(async (trx) => {
    const stored = await insertSponsoredSubmission(trx, input);
    const pending = await insertPendingPayment(trx, {
      submissionId: stored.id,
      provider: payments.name,
      amountCents: config.SPONSORED_PRICE_CENTS,
      currency: config.SPONSORED_CURRENCY,
    });
    return { submission: stored, payment: pending };
  });

  // Built as text: URL objects would escape the braces Stripe looks for.
  const resultUrl = (page: 'success' | 'cancel') => `${siteUrl}/payment/${page}?session_id={CHECKOUT_SESSION_ID}`;
  let created;
  try {
    created = await payments.createCheckoutSession({
      paymentId: payment.id,
      submissionId: submission.id,
      amountCents: payment.amount_cents,
      currency: payment.currency,
      productName: PRODUCT_NAME,
      productDescription: submission.project_name,
      customerEmail: submission.contact_email,
      siteUrl,
      successUrl: resultUrl('success'),
      cancelUrl: resultUrl('cancel'),
    });
  } catch (error) {
    deps.logger.error(
      { err: error, paymentId: payment.id, submissionId: submission.id, provider: payments.name },
      'the payment provider could not create a checkout session',
    );
    await deps.db.transaction().execute((trx) => movePayment(trx, payment.id, { to: 'failed', from: ['pending'] }));
    throw new DomainError(
      'SERVICE_UNAVAILABLE',
      'The payment provider could not start the checkout. Your submission was saved; please try again in a few minutes.',
      { retryAfterSeconds: 60 },
    );
  }
  await attachProviderSession(deps.db, payment.id, created.sessionId);
  deps.logger.info(
    { paymentId: payment.id, submissionId: submission.id, provider: payments.name },
    'checkout session created',
  );
  return { checkout_url: created.checkoutUrl, session_id: created.sessionId };
}

/**
 * Applies what the provider says about a session to its payment, within the
 * caller's transaction. Returns the payment as it now is, and whether this
 * call is the one that completed it (and so must send the mails).
 */
async function settlePayment(
  deps: Pick<PaymentDeps, 'onPaid'>,
  trx: Db,
  payment: PaymentTransactionRow,
  session: ProviderSession,
): Promise<{ payment: PaymentTransactionRow; hasCompleted: boolean }> {
  if (session.status === 'pending') return { payment, hasCompleted: false };
  const isCompleting = session.status === 'completed';
  const moved = await movePayment(trx, payment.id, {
    to: session.status,
    from: PAYMENT_STATUS_SOURCES[session.status],
    ...(isCompleting ? { providerPaymentId: session.providerPaymentId, completedAt: nowSeconds() } : {}),
  });
  if (moved && isCompleting) await deps.onPaid?.(trx, moved);
  if (moved) return { payment: moved, hasCompleted: isCompleting };
  return { payment: (await findPaymentById(trx, payment.id)) ?? payment, hasCompleted: false };
}

/** Sends the confirmation and the staff notification; failures are logged, never thrown. */
async function sendPaymentCompletedMails(deps: PaymentDeps, payment: PaymentTransactionRow): Promise<void> {
  try {
    const submission = await findSponsoredSubmissionById(deps.db, payment.submission_id);
    if (!submission) return;
    const siteUrl = siteOrigin(deps.config);
    const receipt = await deps.mailer.sendMail(paymentConfirmationMail(submission, payment, siteUrl, await deps.siteProfileCache.sponsorMailTexts()));
    // The first mail of the sponsor's timeline.
    await insertSponsorEvent(deps.db, { submissionId: submission.id, kind: 'payment_mail', to: submission.contact_email, outboxId: receipt.outboxId });
    await notifyOwner(deps, paidSubmissionNotificationMail(submission, payment, siteUrl));
  } catch (error) {
    deps.logger.error({ err: error, paymentId: payment.id }, 'payment mails could not be queued');
  }
}

async function findPaymentOfEvent(trx: Db, event: PaymentEvent): Promise<PaymentTransactionRow | undefined> {
  if (event.kind === 'refund') return findPaymentByProviderPaymentId(trx, event.provider, event.providerPaymentId);
  if (event.kind !== 'session') return undefined;
  const bySession = await findPaymentBySessionId(trx, event.session.sessionId);
  if (bySession) return bySession.provider === event.provider ? bySession : undefined;
  if (event.session.paymentId === null) return undefined;
  // The event can beat the request that stored the session id: the
  // session's metadata names the payment too.
  const byMetadata = await findPaymentById(trx, event.session.paymentId);
  if (!byMetadata || byMetadata.provider !== event.provider) return undefined;
  if (byMetadata.provider_session_id !== null && byMetadata.provider_session_id !== event.session.sessionId) {
    return undefined;
  }
  return byMetadata;
}

/**
 * Applies a verified provider event, once: the event id is recorded in the
 * same transaction as its effect, so a redelivery changes nothing and a
 * failure rolls both back (the provider then delivers it again).
 */
export async function handlePaymentEvent(deps: PaymentDeps, event: PaymentEvent): Promise<{ isDuplicate: boolean }> {
  if (event.kind === 'other') return { isDuplicate: false };
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const payment = await findPaymentOfEvent(trx, event);
    const isNew = await recordPaymentEvent(trx, {
      provider: event.provider,
      eventId: event.eventId,
      eventType: event.eventType,
      paymentId: payment?.id ?? null,
    });
    if (!isNew) return { isDuplicate: true, completed: null };
    if (!payment) {
      deps.logger.info({ eventId: event.eventId, eventType: event.eventType }, 'payment event for no payment of this site');
      return { isDuplicate: false, completed: null };
    }
    if (event.kind === 'refund') {
      // A partial refund leaves the sponsored post paid for.
      if (event.isFullRefund) await movePayment(trx, payment.id, { to: 'refunded', from: PAYMENT_STATUS_SOURCES.refunded });
      return { isDuplicate: false, completed: null };
    }
    if (payment.provider_session_id === null) await attachProviderSession(trx, payment.id, event.session.sessionId);
    const settled = await settlePayment(deps, trx, payment, event.session);
    return { isDuplicate: false, completed: settled.hasCompleted ? settled.payment : null };
  });
  deps.logger.info(
    { eventId: event.eventId, eventType: event.eventType, isDuplicate: outcome.isDuplicate },
    'payment event handled',
  );
  if (outcome.completed) await sendPaymentCompletedMails(deps, outcome.completed);
  return { isDuplicate: outcome.isDuplicate };
}

/**
 * The payment of a checkout session, brought up to date: while it is still
 * pending, the provider is asked (the visitor may be back before the
 * webhook), at most every PROVIDER_CHECK_INTERVAL_MS per session. A provider
 * that does not answer leaves it pending.
 */
export async function findPaymentOfSession(deps: PaymentDeps, sessionId: string): Promise<PaymentTransactionRow | null> {
  const payment = await findPaymentBySessionId(deps.db, sessionId);
  if (!payment) return null;
  if (payment.status !== 'pending' || payment.provider !== deps.payments.name) return payment;
  if (!deps.providerChecks.mayAsk(sessionId)) return payment;

  let session: ProviderSession | null;
  try {
    session = await deps.payments.retrieveSession(sessionId);
  } catch (error) {
    deps.logger.warn({ err: error, paymentId: payment.id }, 'the payment provider did not answer; the payment stays pending');
    return payment;
  }
  if (!session || session.status === 'pending') return payment;
  const settled = await deps.db.transaction().execute((trx) => settlePayment(deps, trx, payment, session));
  if (settled.hasCompleted) await sendPaymentCompletedMails(deps, settled.payment);
  return settled.payment;
}

/** A session of the built-in test checkout; null when unknown or when another provider is configured. */
export async function findTestCheckout(deps: PaymentDeps, sessionId: string): Promise<TestCheckout | null> {
  assertPaymentsSetUp(deps);
  return (await deps.payments.findTestCheckout?.(sessionId)) ?? null;
}

/**
 * Settles a test checkout session as the visitor chose and applies the
 * resulting event as a webhook would. Returns where the browser goes next;
 * null for an unknown session.
 */
export async function settleTestCheckout(
  deps: PaymentDeps,
  sessionId: string,
  outcome: TestCheckoutOutcome,
): Promise<{ redirectUrl: string } | null> {
  assertPaymentsSetUp(deps);
  const settlement = await deps.payments.settleTestCheckout?.(sessionId, outcome);
  if (!settlement) return null;
  if (settlement.event) await handlePaymentEvent(deps, settlement.event);
  return { redirectUrl: settlement.redirectUrl };
}

export function paymentsService(deps: PaymentDeps) {
  return {
    /** How this site takes payments, for the back office's banner (see PaymentMode). */
    mode(): PaymentMode {
      return paymentModeIn(deps);
    },
    /** The payment of a checkout session, brought up to date with the provider; null when unknown. */
    async findStatus(sessionId: string): Promise<PaymentStatusWithReference | null> {
      const payment = await findPaymentOfSession(deps, sessionId);
      if (!payment) return null;
      const status = publicPaymentStatus(payment.status);
      return { session_id: sessionId, status, payment_reference: status === 'completed' ? paymentReferenceOf(payment) : null };
    },
    findCancellation: (sessionId: string): Promise<PaymentCancellation | null> => findPaymentCancellation(deps, sessionId),
    handleEvent: (event: PaymentEvent) => handlePaymentEvent(deps, event),
    /** Verifies a provider webhook's signature and reads its event (throws when it does not match). */
    parseWebhookEvent: deps.payments.parseWebhookEvent?.bind(deps.payments),
    findTestCheckout: (sessionId: string) => findTestCheckout(deps, sessionId),
    settleTestCheckout: (sessionId: string, outcome: TestCheckoutOutcome) => settleTestCheckout(deps, sessionId, outcome),
    /** Stores a sponsored submission and starts its checkout (the sponsored submissions service calls it). */
    startCheckout: (input: SponsoredSubmissionInput, siteUrl: string): Promise<StartedCheckout> => startCheckout(deps, input, siteUrl),
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
