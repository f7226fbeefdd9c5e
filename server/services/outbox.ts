/**
 * The owner's outbox (decision 048): every mail the site kept or sent, newest
 * first, and each one whole, with the links in it. Without a mail server it
 * is where mails are read; with one, it shows what went and what failed.
 * A key-like link is shown only while it works (decision 049): the stored
 * copy loses it once sent, or at expiry, and a link past its time is hidden
 * here before the hourly clean-up gets to it.
 */
import type { OutboxMailJson, OutboxMailSummaryJson, OutboxPageJson } from '../../common/answers.ts';
import { notFound } from '../../common/errors.ts';
import { nowSeconds } from '../db/database.ts';
import type { PageRequest } from '../db/paging.ts';
import {
  countOutboxMailsByStatus,
  findOutboxMail,
  LINK_REMOVED_EXPIRED,
  listOutboxMails,
  type OutboxSummaryRow,
} from '../db/queries/outbox.ts';
import type { OutboxRow, OutboxStatus } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

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

function mailJson(row: OutboxRow, now: number): OutboxMailJson {
  let text = row.text_body;
  let html = row.html_body;
  const expired = row.secret_link !== null && row.redact_after !== null && row.redact_after <= now;
  if (expired && row.secret_link !== null) {
    const link = row.secret_link;
    text = text.split(link).join(LINK_REMOVED_EXPIRED);
    html = html === null ? null : html.split(link).join(LINK_REMOVED_EXPIRED);
  }
  const removed = row.redacted_at !== null || expired;
  return {
    ...summaryJson(row),
    text,
    html,
    links: linksIn(text),
    link_removed: !removed ? null : row.status === 'sent' && row.redacted_at !== null ? 'sent' : 'expired',
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
