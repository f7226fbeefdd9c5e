/**
 * The SMTP server the mail benches send to (`newsletter.mjs`,
 * `follow-alerts.mjs`): on 127.0.0.1, taking every message and keeping
 * only counts, so memory stays flat however many arrive. Messages
 * accepted, the first and last arrival, messages per envelope recipient,
 * and how many carried both one-click unsubscribe headers (RFC 8058).
 */
import { SMTPServer } from 'smtp-server';

export async function startSmtpSink() {
  const sink = { accepted: 0, oneClick: 0, recipients: new Map(), firstAt: 0, lastAt: 0, port: 0, server: null };
  sink.server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 100,
    onData(stream, session, callback) {
      // The headers come first; 16 KB holds them.
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 16_384) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        sink.accepted += 1;
        const now = performance.now();
        if (sink.accepted === 1) sink.firstAt = now;
        sink.lastAt = now;
        const headers = head.split(/\r?\n\r?\n/, 1)[0] ?? '';
        if (/^List-Unsubscribe:/im.test(headers) && /^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im.test(headers)) sink.oneClick += 1;
        for (const { address } of session.envelope.rcptTo) {
          const key = address.toLowerCase();
          sink.recipients.set(key, (sink.recipients.get(key) ?? 0) + 1);
        }
        callback();
      });
    },
  });
  sink.server.on('error', (error) => console.error(`SMTP sink: ${error.message}`));
  await new Promise((resolve, reject) => {
    sink.server.server.once('error', reject);
    sink.server.listen(0, '127.0.0.1', () => {
      sink.port = sink.server.server.address().port;
      resolve();
    });
  });
  return sink;
}

export function stopSmtpSink(sink) {
  return new Promise((resolve) => {
    // Closes the listener and, after its grace period, any connection left open.
    const force = setTimeout(resolve, 5000);
    force.unref();
    sink.server.close(() => {
      clearTimeout(force);
      resolve();
    });
  });
}
