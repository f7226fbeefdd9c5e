import { formatMoney } from '../../common/money.ts';
import { SITE_NAME } from '../../common/site.ts';
import { DEFAULT_SPONSORED_LIVE_TIME, DEFAULT_SPONSORED_RESPONSE_TIME } from '../../common/site-texts.ts';
import type { SponsoredSubmissionJson } from '../db/queries/sponsored-submissions.ts';
import type { PaymentTransactionRow } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { SponsorMailTexts } from '../site-profile.ts';
import { LOCAL_PROVIDER_NAME } from './local-provider.ts';

// Text typed into the form ends up in a header: keep it on one line.
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const DEFAULT_SPONSOR_MAIL_TEXTS: SponsorMailTexts = {
  siteName: SITE_NAME,
  responseTime: DEFAULT_SPONSORED_RESPONSE_TIME,
  liveTime: DEFAULT_SPONSORED_LIVE_TIME,
};

/** A payment through the built-in test checkout, which takes no money: its mails say so. */
const isTestPayment = (payment: PaymentTransactionRow) => payment.provider === LOCAL_PROVIDER_NAME;
const TEST_PAYMENT_LINE = 'This was a test payment: no money was taken.';
const testSubject = (payment: PaymentTransactionRow, subject: string) =>
  isTestPayment(payment) ? `[TEST] ${subject}` : subject;

/**
 * The reference a sponsor quotes about a payment: the provider's payment id
 * (what Stripe's dashboard and the back office's Transaction column show),
 * else ours. The receipt and the success page show this same one.
 */
export const paymentReferenceOf = (payment: Pick<PaymentTransactionRow, 'id' | 'provider_payment_id'>): string =>
  payment.provider_payment_id ?? String(payment.id);

/** The receipt sent to whoever submitted the project, with the promises the sponsored page makes (SPEC.md's by default). */
export function paymentConfirmationMail(
  submission: SponsoredSubmissionJson,
  payment: PaymentTransactionRow,
  siteUrl: string | undefined,
  texts: SponsorMailTexts = DEFAULT_SPONSOR_MAIL_TEXTS,
): MailMessage {
  const amount = formatMoney(payment.amount_cents, payment.currency);
  return {
    kind: 'payment_confirmation',
    to: submission.contact_email,
    subject: testSubject(payment, oneLine(`Payment received: sponsored post for ${submission.project_name}`)),
    text: [
      `Hi ${submission.contact_name},`,
      '',
      `Thank you: we received your payment of ${amount} for a sponsored post about ${submission.project_name}.`,
      ...(isTestPayment(payment) ? [TEST_PAYMENT_LINE] : []),
      '',
      'What happens next:',
      `- We review your project and get back to you within ${texts.responseTime}.`,
      `- Your sponsored post goes live within ${texts.liveTime} after payment.`,
      '',
      `Project: ${submission.project_url}`,
      `Payment reference: ${paymentReferenceOf(payment)}`,
      '',
      // The sender may well be a no-reply address: point at the contact form instead.
      `Questions? Write to us through the contact form${siteUrl ? ` at ${siteUrl}/contact-us` : ' on our site'} and mention your payment reference.`,
      '',
      texts.siteName,
      ...(siteUrl ? [siteUrl] : []),
    ].join('\n'),
  };
}

/** Tells the site's staff that a paid submission waits for review. */
export function paidSubmissionNotificationMail(
  submission: SponsoredSubmissionJson,
  payment: PaymentTransactionRow,
  siteUrl: string | undefined,
): Omit<MailMessage, 'to'> {
  return {
    kind: 'payment_admin_notification',
    subject: testSubject(payment, oneLine(`New paid sponsored submission: ${submission.project_name}`)),
    text: [
      'A sponsored post was paid for and waits for review.',
      ...(isTestPayment(payment) ? [TEST_PAYMENT_LINE] : []),
      '',
      `Project: ${submission.project_name}`,
      `Project URL: ${submission.project_url}`,
      `Contact: ${submission.contact_name} <${submission.contact_email}>`,
      `Amount: ${formatMoney(payment.amount_cents, payment.currency)}`,
      `Transaction: ${payment.provider_payment_id ?? payment.id} (${payment.provider})`,
      '',
      `Review it at ${siteUrl ?? ''}/admin/submissions`,
    ].join('\n'),
  };
}
