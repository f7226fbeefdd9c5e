/**
 * The owner's outbox (decision 048): every mail the site kept or sent, newest
 * first, and each one whole, with the links in it. Without a mail server it
 * is where mails are read; with one, it shows what went and what failed.
 * A key-like link is shown only while it works (decision 049): the stored
 * copy loses it once sent, or at expiry, and a link past its time is hidden
 * here before the hourly clean-up gets to it. A reset link is never shown
 * (decision 088).
 */
import type { OutboxMailJson, OutboxMailSummaryJson, OutboxPageJson } from '../../../common/answers.ts';
import { notFound } from '../../../common/errors.ts';
import { nowSeconds } from '../../db/database.ts';
import type { PageRequest } from '../../db/paging.ts';
import {
  countOutboxMailsByStatus,
  cutLinks,
  findOutboxMail,
  LINK_REMOVED_EXPIRED,
  listOutboxMails,
  secretLinksOf,
  type OutboxSummaryRow,
} from '../../db/queries/outbox.ts';
import type { OutboxRow, OutboxStatus } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';

// Up to the first character that cannot be part of an address in running text.
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
// A sentence's full stop or a closing bracket after an address belongs to the sentence.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Every address in a plain-text mail, in order, once each. */
export function linksIn(text: string): string[] {
  const found = (text.match(URL_PATTERN) ?? []).map((url) => url.replace(TRAILING_PUNCTUATION, ''));
  return [...new Set(found)];
}

function summaryJson(row: OutboxSummaryRow): OutboxMailSummaryJson {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    status: row.status,
    error: row.error,
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}

/** How its key-like links went: `private` when no copy was ever to keep them. */
function linkRemoved(row: OutboxRow, expired: boolean): OutboxMailJson['link_removed'] {
  if (row.redacted_at === null) return expired ? 'expired' : null;
  if (row.redact_after !== null && row.redact_after <= row.created_at) return 'private';
  return row.status === 'sent' ? 'sent' : 'expired';
}

function mailJson(row: OutboxRow, now: number): OutboxMailJson {
  const expired = row.secret_link !== null && row.redact_after !== null && row.redact_after <= now;
  const hidden = expired ? secretLinksOf(row.secret_link) : [];
  const text = cutLinks(row.text_body, hidden, LINK_REMOVED_EXPIRED);
  return {
    ...summaryJson(row),
    text,
    html: cutLinks(row.html_body, hidden, LINK_REMOVED_EXPIRED),
    links: linksIn(text),
    link_removed: linkRemoved(row, expired),
    link_expires_at: row.redact_after,
  };
}

export function outboxService({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return {
    async list(paging: PageRequest & { status?: OutboxStatus | undefined }): Promise<OutboxPageJson> {
      const [page, counts] = await Promise.all([listOutboxMails(db, paging), countOutboxMailsByStatus(db)]);
      return {
        mails: page.rows.map(summaryJson),
        next_token: page.next_token,
        counts,
        delivery: config.SMTP_URL ? 'smtp' : 'outbox',
      };
    },

    async find(id: number): Promise<OutboxMailJson> {
      const row = await findOutboxMail(db, id);
      if (!row) throw notFound('No mail with this id in the outbox.');
      return mailJson(row, nowSeconds());
    },
  };
}

export type OutboxService = ReturnType<typeof outboxService>;
