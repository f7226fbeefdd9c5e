/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps
 * every message it accepts, parsed with `mailparser`. A test may have it
 * refuse a recipient, for good (5xx) or for now (4xx), to see bounces and
 * retries.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface CapturedMail {
  /** Envelope recipients. */
  to: string[];
  parsed: ParsedMail;
  /** A header's value as sent (first occurrence), unfolded. */
  header: (name: string) => string | undefined;
}

/** A refusal for a recipient: the SMTP reply code and text, or undefined to accept. */
export type RecipientRule = (address: string, attempt: number) => { code: number; message: string } | undefined;

export interface SmtpSink {
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Errors of client connections (a reset by a client that was killed). */
  connectionErrors: Error[];
  /** Messages whose envelope names `address`. */
  to: (address: string) => CapturedMail[];
  /** Resolves once at least `count` messages arrived. */
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
  /** The messages to `address` once at least `count` of them arrived (a mail is sent after the answer). */
  waitForMailsTo: (address: string, count?: number, timeoutMs?: number) => Promise<CapturedMail[]>;
  /** Refuse (or, returning undefined, accept) recipients from now on. */
  setRecipientRule: (rule: RecipientRule | undefined) => void;
  close: () => Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  const attempts = new Map<string, number>();
  let rule: RecipientRule | undefined;
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Connections from the pool arrive together.
    maxClients: 100,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const email = address.address.toLowerCase();
      const attempt = (attempts.get(email) ?? 0) + 1;
      attempts.set(email, attempt);
      const refusal = rule?.(email, attempt);
      if (refusal) {
        const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const headerText = raw.toString('utf8').split(/\r?\n\r?\n/, 1)[0] ?? '';
        const unfolded = headerText.replace(/\r?\n[ \t]+/g, ' ');
        void simpleParser(raw).then(
          (parsed) => {
            messages.push({
              to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
              parsed,
              header: (name) => {
                const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
                return match?.[1]?.trim();
              },
            });
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client that dies mid-message (a killed server) resets its connection:
  // smtp-server reports that here, and it is no failure of the sink.
  const connectionErrors: Error[] = [];
  server.on('error', (error: Error) => connectionErrors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const to = (address: string) => messages.filter((message) => message.to.includes(address.toLowerCase()));
  /** Resolves once `arrived()` reaches `count`, or fails after `timeoutMs` saying how many did. */
  const until = (arrived: () => number, count: number, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (arrived() >= count) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`only ${arrived()} of ${count} ${what}`));
      }, timeoutMs);
      const check = () => {
        if (arrived() < count) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    connectionErrors,
    to,
    waitFor: (count, timeoutMs = 15_000) => until(() => messages.length, count, timeoutMs, 'messages arrived'),
    waitForMailsTo: async (address, count = 1, timeoutMs = 15_000) => {
      await until(() => to(address).length, count, timeoutMs, `mails reached ${address}`);
      return to(address);
    },
    setRecipientRule: (next) => {
      rule = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
