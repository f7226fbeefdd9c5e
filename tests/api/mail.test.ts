import { createServer, type Server } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type MailMessage } from '../../server/mail/mailer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Just enough of an SMTP server (RFC 5321) to accept or refuse a mail, keeping what it received. */
class SmtpStandIn {
  readonly received: { from: string; to: string[]; data: string }[] = [];
  /** Refuse every recipient with this reply, as a server does for an unknown mailbox. */
  refuseRecipientsWith: string | null = null;
  private server: Server | null = null;

  async start(): Promise<number> {
    this.server = createServer((socket) => {
      let buffer = '';
      let isReadingData = false;
      let envelope = { from: '', to: [] as string[], data: '' };
      const reply = (line: string) => socket.write(`${line}\r\n`);
      reply('220 mail.test ESMTP stand-in');
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\r\n');
        while (end !== -1) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (isReadingData) {
            if (line === '.') {
              isReadingData = false;
              this.received.push(envelope);
              envelope = { from: '', to: [], data: '' };
              reply('250 2.0.0 Ok: queued');
            } else {
              envelope.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
            }
          } else {
            const command = line.slice(0, 4).toUpperCase();
            if (command === 'EHLO') reply('250-mail.test\r\n250 8BITMIME');
            else if (command === 'HELO') reply('250 mail.test');
            else if (command === 'MAIL') {
              envelope.from = line;
              reply('250 2.1.0 Ok');
            } else if (command === 'RCPT') {
              if (this.refuseRecipientsWith) reply(this.refuseRecipientsWith);
              else {
                envelope.to.push(line);
                reply('250 2.1.5 Ok');
              }
            } else if (command === 'DATA') {
              isReadingData = true;
              reply('354 End data with <CR><LF>.<CR><LF>');
            } else if (command === 'RSET') {
              envelope = { from: '', to: [], data: '' };
              reply('250 2.0.0 Ok');
            } else if (command === 'QUIT') {
              reply('221 2.0.0 Bye');
              socket.end();
            } else reply('502 5.5.2 Command not recognized');
          }
          end = buffer.indexOf('\r\n');
        }
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('the stand-in has no port');
    return address.port;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const smtp = new SmtpStandIn();
let smtpPort: number;
let t: TestApp;
beforeAll(async () => {
  smtpPort = await smtp.start();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

let counter = 0;
function message(): MailMessage {
  counter += 1;
  return {
    kind: 'payment_confirmation',
    to: `margaret${counter}.${Date.now()}@example.com`,
    subject: `Payment received: sponsored post for Lunar Lander ${counter}`,
    text: `Hi Margaret Hamilton,\n\nThank you: we received your payment of $75.00.\n.\nA line with only a dot stays in.`,
  };
}

function capturingLogger(level: 'info' | 'debug' = 'info') {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const outboxRow = (id: number) => t.handle.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('sendMail without SMTP_URL', () => {
  it('keeps the mail in the outbox as stored and logs it without the personal data at info level', async () => {
    const { logger, lines } = capturingLogger('info');
    const mailer = createMailer({ db: t.handle.db, logger, siteProfile: t.deps.siteProfileCache, config: { PUBLIC_URL: 'http://localhost:3000' } });
    const mail = message();

    const result = await mailer.sendMail(mail);

    expect(result).toEqual({ outboxId: expect.any(Number), status: 'stored' });
    expect(await outboxRow(result.outboxId)).toEqual({
      id: result.outboxId,
      kind: 'payment_confirmation',
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      status: 'stored',
      error: null,
      created_at: expect.any(Number),
      sent_at: null,
      html_body: null,
      secret_link: null,
      redact_after: null,
      redacted_at: null,
    });
    expect(lines.map((line) => line.msg)).toEqual(['mail kept in the outbox (no SMTP_URL set)']);
    expect(lines[0]).toMatchObject({ outboxId: result.outboxId, kind: 'payment_confirmation' });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(mail.to);
    expect(logged).not.toContain('Margaret');
    expect(logged).not.toContain('Lunar Lander');
  });

  it('shows the whole mail in the log at debug level, for development', async () => {
    const { logger, lines } = capturingLogger('debug');
    const mailer = createMailer({ db: t.handle.db, logger, siteProfile: t.deps.siteProfileCache, config: { PUBLIC_URL: 'http://localhost:3000' } });
    const mail = message();
    await mailer.sendMail(mail);
    expect(lines.find((line) => line.msg === 'mail content')).toMatchObject({ to: mail.to, text: mail.text });
  });
});

describe('sendMail with SMTP_URL', () => {
  it('sends the mail through the SMTP server and marks it sent', async () => {
    const { logger } = capturingLogger();
    const mailer = createMailer({
      db: t.handle.db,
      logger,
      siteProfile: t.deps.siteProfileCache,
      config: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Showcase <hello@showcase.example.com>', PUBLIC_URL: 'http://localhost:3000' },
    });
    const mail = message();
    const before = smtp.received.length;

    const result = await mailer.sendMail(mail);

    expect(result).toEqual({ outboxId: expect.any(Number), status: 'sent' });
    const [delivered, ...more] = smtp.received.slice(before);
    expect(more).toEqual([]);
    expect(delivered?.from).toBe('MAIL FROM:<hello@showcase.example.com>');
    expect(delivered?.to).toEqual([`RCPT TO:<${mail.to}>`]);
    expect(delivered?.data).toContain(`Subject: ${mail.subject}`);
    expect(delivered?.data).toContain('From: Showcase <hello@showcase.example.com>');
    expect(delivered?.data).toContain('we received your payment of $75.00');
    expect(delivered?.data).toContain('A line with only a dot stays in.');
    const row = await outboxRow(result.outboxId);
    expect(row).toMatchObject({ status: 'sent', error: null });
    expect(row.sent_at).toBeGreaterThan(0);
  });

  it('keeps a mail the server refuses in the outbox as failed, with the reason, and does not throw', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ db: t.handle.db, logger, siteProfile: t.deps.siteProfileCache, config: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUBLIC_URL: 'http://localhost:3000' } });
    const mail = message();
    smtp.refuseRecipientsWith = '550 5.1.1 <nobody@example.com>: Recipient address rejected';
    try {
      const result = await mailer.sendMail(mail);

      expect(result).toEqual({ outboxId: expect.any(Number), status: 'failed' });
      const row = await outboxRow(result.outboxId);
      expect(row).toMatchObject({ status: 'failed', sent_at: null, text_body: mail.text });
      expect(row.error).toContain('550 5.1.1');
      const warning = lines.find((line) => line.msg === 'mail could not be sent; kept in the outbox');
      expect(warning).toMatchObject({ outboxId: result.outboxId, responseCode: 550 });
      expect(JSON.stringify(lines)).not.toContain(mail.to);
    } finally {
      smtp.refuseRecipientsWith = null;
    }
  });
});
