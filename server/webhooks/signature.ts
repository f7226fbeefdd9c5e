/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/): a
 * secret is `whsec_` and the base64 of its key; a signature is `v1,` and
 * the base64 HMAC-SHA256, under that key, of `{id}.{timestamp}.{body}`.
 * Receivers verify with the spec's libraries or a few lines of their own.
 */
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
/** 24 bytes: within the spec's 24 to 64, and 192 bits no guess reaches. */
const SECRET_BYTES = 24;

/** A new endpoint secret. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** The key a secret stands for: the bytes after `whsec_`. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** The `webhook-signature` header of one attempt. */
export function signWebhook(secret: string, messageId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${messageId}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt, signed at `timestamp` (Unix seconds). */
export function webhookHeaders(secret: string, messageId: string, timestamp: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, messageId, timestamp, body),
  };
}

/** A message id: unique per event, the same on every attempt. */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}
