/** The owner's outbox in words: what each kind of mail is for, and how it stands. */
import type { OutboxMailJson, OutboxMailSummaryJson } from '../../common/answers.ts';

export const OUTBOX_STATUS_LABELS: Record<OutboxMailSummaryJson['status'], string> = {
  stored: 'Kept',
  sent: 'Sent',
  failed: 'Failed',
  pending: 'Sending',
};

/** Why the mail's private links are missing from this copy (decisions 049 and 088). */
export const LINK_REMOVED_NOTES: Record<NonNullable<OutboxMailJson['link_removed']>, string> = {
  sent: 'The private links of this mail (those that open an account, confirm an address or show a sponsor their report, preview or update form) were removed from this copy once it was sent: only its recipient has them.',
  expired: 'The private links of this mail have expired, and were removed from this copy.',
  private: 'The password reset link is for its recipient alone: this copy never kept it.',
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
  sponsor_live: 'Sponsored post live',
  sponsor_preview: 'Sponsored post preview',
  sponsor_report_summary: 'Sponsor report summary',
  webhook_disabled: 'Webhook endpoint turned off',
};

/** `staff_invitation` → "Staff invitation"; a kind not listed reads as its words. */
export function mailKindLabel(kind: string): string {
  const words = kind.replace(/[_-]+/g, ' ');
  return KIND_LABELS[kind] ?? `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
