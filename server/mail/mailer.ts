import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type Nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { MailDeliveryJson } from '../../common/answers.ts';
import { SITE_NAME } from '../../common/site.ts';
import { siteOrigin, type Config } from '../config.ts';
import { insertOutboxMail, markOutboxMailFailed, markOutboxMailSent, type SecretLinks } from '../db/queries/outbox.ts';
import type { Database, OutboxStatus } from '../db/schema.ts';
import { ModuleLoadError } from '../lazy-module.ts';
import type { SiteProfileCache } from '../site-profile.ts';

/**
 * nodemailer, loaded only when SMTP_URL is set (server/lazy-module.ts): a
 * site that keeps its mail in the outbox never needs it. Required
 * synchronously, as transports are made when the server starts.
 */
export function loadNodemailer(): typeof Nodemailer {
  try {
    return createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
  } catch (error) {
    throw new ModuleLoadError('nodemailer', 'sending mail', error);
  }
}

/** A plain-text e-mail; `kind` names what it is for (`payment_confirmation`) in the outbox and logs. */
export interface MailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  /**
   * The links in the text that work as keys (a reset, an invitation, a
   * confirmation, a sponsor's report or preview): the outbox cuts them out
   * once the mail is sent, or by `keptUntil` if it is only kept (decisions
   * 049 and 088).
   */
  secretLinks?: SecretLinks;
}

export interface MailResult {
  outboxId: number;
  status: Exclude<OutboxStatus, 'pending'>;
}

export interface Mailer {
  /**
   * Keeps the mail in the outbox and sends it when SMTP is configured.
   * Delivery failures are recorded and logged, never thrown; only a failing
   * database can make this reject.
   */
  sendMail: (message: MailMessage) => Promise<MailResult>;
}

/**
 * What a back-office action answers about its mail (decision 048). `link`,
 * for staff to pass on themselves, goes with it only when the mail did not
 * leave: kept without a mail server, or refused by it.
 */
export function mailDelivery(result: MailResult | null, link?: string): MailDeliveryJson {
  const delivery = result?.status === 'sent' ? 'sent' : result?.status === 'stored' ? 'kept' : 'failed';
  return { delivery, outbox_id: result?.outboxId ?? null, ...(link !== undefined && delivery !== 'sent' ? { link } : {}) };
}

// A mail server that does not answer must not hold a request for minutes
// (nodemailer waits up to two by default).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

type SmtpConfig = Pick<Config, 'SMTP_URL' | 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY'>;

/** The transport options every mail of the site is sent with: timeouts, and DKIM signing when configured. */
export function smtpOptions(config: SmtpConfig & { SMTP_URL: string }) {
  const { DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = config;
  return {
    url: config.SMTP_URL,
    ...SMTP_TIMEOUTS,
    ...(DKIM_DOMAIN && DKIM_SELECTOR && DKIM_PRIVATE_KEY
      ? { dkim: { domainName: DKIM_DOMAIN, keySelector: DKIM_SELECTOR, privateKey: DKIM_PRIVATE_KEY } }
      : {}),
  };
}

/** The sender when MAIL_FROM is unset: the site's name at its own domain. */
export function defaultSender(publicUrl: string, siteName: string = SITE_NAME): string {
  const host = new URL(publicUrl).hostname;
  // Quotes and line breaks would end the display name early.
  return `"${siteName.replace(/["\\\r\n]/g, '')}" <no-reply@${host}>`;
}

export function createMailer(options: {
  db: Kysely<Database>;
  logger: Logger;
  config: SmtpConfig & Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL'>;
  /** The site's name, for the sender when MAIL_FROM is unset. */
  siteProfile: Pick<SiteProfileCache, 'siteName'>;
}): Mailer {
  const { db, logger, config, siteProfile } = options;
  const transport = config.SMTP_URL ? loadNodemailer().createTransport(smtpOptions({ ...config, SMTP_URL: config.SMTP_URL })) : null;

  return {
    async sendMail(message) {
      const row = await insertOutboxMail(db, { ...message, status: transport ? 'pending' : 'stored' });
      if (!transport) {
        logger.info({ outboxId: row.id, kind: message.kind }, 'mail kept in the outbox (no SMTP_URL set)');
        logger.debug({ outboxId: row.id, to: message.to, subject: message.subject, text: message.text }, 'mail content');
        return { outboxId: row.id, status: 'stored' };
      }
      try {
        const from = config.MAIL_FROM ?? defaultSender(siteOrigin(config), await siteProfile.siteName());
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
        await markOutboxMailSent(db, row.id);
        logger.info({ outboxId: row.id, kind: message.kind }, 'mail sent');
        return { outboxId: row.id, status: 'sent' };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await markOutboxMailFailed(db, row.id, reason);
        // The SMTP reply can quote the recipient: the log gets its codes, the outbox the full text.
        const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
        logger.warn({ outboxId: row.id, kind: message.kind, code, responseCode }, 'mail could not be sent; kept in the outbox');
        return { outboxId: row.id, status: 'failed' };
      }
    },
  };
}
