/**
 * How newsletter mails leave: nodemailer's pooled SMTP transport (a few
 * connections kept open, a rate over all of them), or, without SMTP_URL,
 * the outbox, so the demo site works and shows what would have been sent.
 * Sending reports failures as thrown errors; `classifySendError` says which
 * are for good (the recipient's server refused the address) and which are
 * worth another try.
 */
import type { Kysely } from 'kysely';
import { siteOrigin, type Config } from '../config.ts';
import { insertOutboxMail } from '../db/queries/outbox.ts';
import type { Database } from '../db/schema.ts';
import { defaultSender, loadNodemailer, smtpOptions } from '../mail/mailer.ts';
import type { SiteProfileCache } from '../site-profile.ts';

export interface NewsletterMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Deterministic per (issue, subscriber), so a message sent twice is one message to the receiving side. */
  messageId: string;
  /** The recipient's own unsubscribe address (RFC 8058 one-click); none for test sends. */
  unsubscribeUrl: string | null;
}

export interface NewsletterTransport {
  /** `smtp`: mails really leave; `outbox`: they are only kept in the outbox. */
  readonly kind: 'smtp' | 'outbox';
  send(message: NewsletterMessage): Promise<void>;
  close(): void;
}

type TransportConfig = Pick<
  Config,
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'PUBLIC_URL'
  | 'NEWSLETTER_RATE_PER_SECOND'
  | 'NEWSLETTER_SMTP_CONNECTIONS'
  | 'DKIM_DOMAIN'
  | 'DKIM_SELECTOR'
  | 'DKIM_PRIVATE_KEY'
>;

export function createNewsletterTransport(
  config: TransportConfig,
  db: Kysely<Database>,
  siteProfile: Pick<SiteProfileCache, 'siteName'>,
  /** What the outbox calls the mails it keeps (the alerts of followed campaigns go this way too). */
  outboxKind = 'newsletter',
): NewsletterTransport {
  if (!config.SMTP_URL) {
    return {
      kind: 'outbox',
      async send(message) {
        await insertOutboxMail(db, {
          kind: outboxKind,
          to: message.to,
          subject: message.subject,
          text: message.text,
          // Kept too, so the owner's outbox shows the mail as it would look.
          html: message.html,
          status: 'stored',
        });
      },
      close() {},
    };
  }
  const rate = config.NEWSLETTER_RATE_PER_SECOND;
  const transport = loadNodemailer().createTransport({
    ...smtpOptions({ ...config, SMTP_URL: config.SMTP_URL }),
    pool: true,
    maxConnections: config.NEWSLETTER_SMTP_CONNECTIONS,
    // Connections are renewed now and then: some servers cap messages per connection.
    maxMessages: 500,
    ...(rate > 0 ? { rateDelta: 1000, rateLimit: rate } : {}),
  });
  let sender: Promise<string> | null = null;
  return {
    kind: 'smtp',
    async send(message) {
      // Read once per transport (one sending run), not once per recipient.
      sender ??= siteProfile.siteName().then((name) => config.MAIL_FROM ?? defaultSender(siteOrigin(config), name));
      const from = await sender;
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: message.messageId,
        headers: message.unsubscribeUrl
          ? {
              'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            }
          : {},
      });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * `bounce`: the receiving server refused the recipient or the message for
 * good (a 5xx reply to RCPT TO or DATA); `retry`: anything else (a 4xx, a
 * lost connection, a timeout, our own server refusing us for a while).
 */
export function classifySendError(error: unknown): 'bounce' | 'retry' {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  return permanent && (code === 'EENVELOPE' || code === 'EMESSAGE') ? 'bounce' : 'retry';
}

/** What is kept of a send error: its code and reply, never the message (it can quote the address). */
export function describeSendError(error: unknown): string {
  const { responseCode, code, response } = (error ?? {}) as { responseCode?: unknown; code?: unknown; response?: unknown };
  const parts = [code, responseCode, typeof response === 'string' ? response : error instanceof Error ? error.message : '']
    .filter((part) => part !== undefined && part !== '')
    .map(String);
  return parts.join(' ') || 'unknown error';
}
