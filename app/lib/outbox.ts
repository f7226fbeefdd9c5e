/** The owner's outbox in words: what each kind of mail is for, and how it stands. */
import type { OutboxMailSummaryJson } from '../../common/answers.ts';

export const OUTBOX_STATUS_LABELS: Record<OutboxMailSummaryJson['status'], string> = {
  stored: 'Kept',
  sent: 'Sent',
  failed: 'Failed',
  pending: 'Sending',
};

const KIND_LABELS: Record<string, string> = {
  staff_invitation: 'Staff invitation',
  password_reset: 'Password reset',
  email_change: 'Address change',
  email_changed: 'Address changed notice',
  new_sign_in: 'Sign-in alert',
  newsletter_confirmation: 'Newsletter confirmation',
  newsletter: 'Newsletter',
  payment_confirmation: 'Payment receipt',
};

/** `staff_invitation` → "Staff invitation"; a kind not listed reads as its words. */
export function mailKindLabel(kind: string): string {
  const words = kind.replace(/[_-]+/g, ' ');
  return KIND_LABELS[kind] ?? `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
