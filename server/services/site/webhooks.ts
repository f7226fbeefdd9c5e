/**
 * Signed webhooks (decision 100): the owner's endpoints, the events the
 * other services emit in the transactions of their changes, and the
 * delivery job. Each delivery is a durable job of its own, retried on the
 * Standard Webhooks schedule with the same `webhook-id`; an endpoint has
 * at most one delivery in flight (its turn, a lease kept on its row); one
 * failing for 5 days is turned off and the owner mailed.
 */
import type { CreatedWebhookEndpointJson, WebhookDeliveryJson, WebhookDeliveryListJson, WebhookEndpointJson, WebhookEndpointListJson } from '../../../common/answers.ts';
import { DomainError, notFound } from '../../../common/errors.ts';
import { WEBHOOK_TEST_EVENT, webhookEndpointSchema, webhookEndpointUpdateSchema, type WebhookEventType } from '../../../common/schemas/webhook.ts';
import { validate } from '../../../common/validate.ts';
import { sealerFor } from '../../auth/sealing.ts';
import { siteLink, siteOrigin } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import type { Db } from '../../db/schema.ts';
import {
  deleteWebhookEndpoint,
  endpointsFor,
  failDelivery,
  findDelivery,
  findWebhookEndpoint,
  insertDelivery,
  insertWebhookEndpoint,
  listDeliveries,
  listWebhookEndpoints,
  pruneDeliveries,
  recordAttempt,
  releaseEndpointTurn,
  takeEndpointTurn,
  updateWebhookEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/queries/webhooks.ts';
import type { AppDeps } from '../../deps.ts';
import type { JobKind, JobOutcome } from '../../jobs/jobs.ts';
import { isFailingTooLong, nextAttemptAt } from '../../webhooks/schedule.ts';
import { DEFAULT_SEND_LIMITS, sendWebhook, urlRefusal, type SendPolicy } from '../../webhooks/sender.ts';
import { newMessageId, newWebhookSecret, webhookHeaders } from '../../webhooks/signature.ts';
import { notifyOwner } from './owner-notifications.ts';

export interface DeliveryPayload {
  deliveryId: number;
}

/** Private fields of an event, sent only to endpoints that ticked "include e-mail addresses". */
export interface EventPrivacy {
  email?: string;
}

/** What another service calls in the transaction of its change; call `wake` once it has committed. */
export type WebhookEmitter = (trx: Db, type: WebhookEventType, data: Record<string, unknown>, privateData?: EventPrivacy) => Promise<void>;

/** An endpoint's log: its newest deliveries, the rest let go. */
export const DELIVERIES_KEPT = 100;
/** How long an endpoint's turn lasts: the send's deadline, and room for writing its outcome. */
const TURN_SECONDS = 30;
/** A delivery waiting for its endpoint's turn looks again after this. */
const TURN_WAIT_SECONDS = 1;

const DISABLED_REASON = 'Turned off after 5 days of failed deliveries';

const deliveryKey = (id: number) => `webhook-delivery:${id}`;
const boundTo = (endpointId: number) => `webhook-endpoint:${endpointId}`;

function endpointJson(row: WebhookEndpointRow): WebhookEndpointJson {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    include_email: row.include_email === 1,
    enabled: row.enabled === 1,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since === null ? null : Number(row.failing_since),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

function deliveryJson(row: WebhookDeliveryRow): WebhookDeliveryJson {
  const num = (value: number | null) => (value === null ? null : Number(value));
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    message_id: row.message_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: num(row.next_attempt_at),
    last_attempt_at: num(row.last_attempt_at),
    response_status: row.response_status,
    duration_ms: row.duration_ms,
    response_excerpt: row.response_excerpt,
    error: row.error,
    created_at: Number(row.created_at),
    payload: JSON.parse(row.body) as unknown,
  };
}

/** The body of one event: the same for every attempt, so its signature covers what was kept. */
function eventBody(type: string, at: number, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: new Date(at * 1000).toISOString(), data });
}

export function webhooksService(deps: AppDeps) {
  const { db, config, jobs, logger } = deps;
  const sealer = sealerFor(deps.totpEncryptionKey, 'webhook secrets');
  const missing = () => notFound('Webhook endpoint not found');
  const endpointOff = () => new DomainError('WEBHOOK_ENDPOINT_OFF', 'This endpoint is turned off: turn it on to send it events');
  const policyOf = (): Pick<SendPolicy, 'allowPrivate' | 'production'> => ({
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
    production: config.NODE_ENV === 'production',
  });

  function checkUrl(url: string): void {
    const refusal = urlRefusal(url, policyOf());
    if (refusal) throw new DomainError('VALIDATION_FAILED', refusal, { fieldErrors: { url: refusal } });
  }

  async function endpointOrMissing(id: number): Promise<WebhookEndpointRow> {
    const endpoint = await findWebhookEndpoint(db, id);
    if (!endpoint) throw missing();
    return endpoint;
  }

  /** One delivery of `body` to `endpointId`, and its job, within `trx`. */
  async function queueDelivery(trx: Db, endpointId: number, message: { id: string; type: string; body: string }, now: number): Promise<WebhookDeliveryRow> {
    const delivery = await insertDelivery(trx, { endpointId, messageId: message.id, eventType: message.type, body: message.body, now });
    await jobs.enqueue(trx, deliveryJob, { deliveryId: delivery.id }, { dedupeKey: deliveryKey(delivery.id) });
    return delivery;
  }

  const emit: WebhookEmitter = async (trx, type, data, privateData = {}) => {
    const endpoints = await endpointsFor(trx, type);
    if (endpoints.length === 0) return;
    const now = nowSeconds();
    // One event, one id: an endpoint's retries and resends carry it too.
    const id = newMessageId();
    for (const endpoint of endpoints) {
      const withPrivate = endpoint.include_email === 1 && privateData.email !== undefined ? { ...data, email: privateData.email } : data;
      await queueDelivery(trx, endpoint.id, { id, type, body: eventBody(type, now, withPrivate) }, now);
    }
  };

  async function turnOff(endpoint: WebhookEndpointRow, now: number): Promise<void> {
    const updated = await updateWebhookEndpoint(db, endpoint.id, { enabled: 0, disabled_reason: DISABLED_REASON, updated_at: now });
    if (!updated) return;
    logger.warn({ endpoint: endpoint.id }, 'webhooks: endpoint turned off after 5 days of failures');
    await notifyOwner(deps, {
      kind: 'webhook_disabled',
      subject: 'A webhook endpoint was turned off',
      text:
        `Deliveries to ${endpoint.url} have failed for 5 days, so the site stopped sending to it.\n\n` +
        `Its delivery log says why. Once the receiver works again, turn the endpoint back on:\n\n` +
        `${siteLink(config, '/admin/settings/webhooks')}\n`,
    });
  }

  /** One attempt of one delivery, in its endpoint's turn. */
  async function deliver({ deliveryId }: DeliveryPayload): Promise<JobOutcome | undefined> {
    const now = nowSeconds();
    const delivery = await findDelivery(db, deliveryId);
    if (!delivery || delivery.status !== 'pending') return undefined;
    const endpoint = await findWebhookEndpoint(db, delivery.endpoint_id);
    if (!endpoint) return undefined;
    if (endpoint.enabled !== 1) {
      await failDelivery(db, deliveryId, 'The endpoint is turned off');
      return undefined;
    }
    // Brought forward by a wake before its time: it waits for it.
    if (delivery.next_attempt_at !== null && Number(delivery.next_attempt_at) > now) return { runAgainAt: Number(delivery.next_attempt_at) };
    if (!(await takeEndpointTurn(db, endpoint.id, deliveryId, now, now + TURN_SECONDS))) return { runAgainAt: now + TURN_WAIT_SECONDS };
    try {
      const secret = sealer.open(endpoint.secret_sealed, boundTo(endpoint.id));
      const timestamp = nowSeconds();
      const name = (await deps.siteProfileCache.siteName()).replace(/[^\x20-\x7e]/g, '').trim() || 'Crowdfunding Showcase';
      const outcome = secret
        ? await sendWebhook(endpoint.url, webhookHeaders(secret, delivery.message_id, timestamp, delivery.body), delivery.body, {
            ...DEFAULT_SEND_LIMITS,
            ...deps.webhookSendLimits,
            ...policyOf(),
            userAgent: `${name} Webhooks (+${siteOrigin(config)})`,
          })
        : { ok: false, status: null, durationMs: 0, excerpt: null, error: "The endpoint's secret was sealed with another key: give every server the same TOTP_ENCRYPTION_KEY" };
      const at = nowSeconds();
      const attempts = delivery.attempts + 1;
      const next = outcome.ok ? null : nextAttemptAt(attempts, at);
      await recordAttempt(db, deliveryId, {
        status: outcome.ok ? 'delivered' : next === null ? 'failed' : 'pending',
        attempts,
        nextAttemptAt: next,
        at,
        responseStatus: outcome.status,
        durationMs: outcome.durationMs,
        excerpt: outcome.excerpt,
        error: outcome.error,
      });
      if (outcome.ok) {
        if (endpoint.failing_since !== null) await updateWebhookEndpoint(db, endpoint.id, { failing_since: null, updated_at: at });
      } else {
        const failingSince = endpoint.failing_since === null ? at : Number(endpoint.failing_since);
        if (endpoint.failing_since === null) await updateWebhookEndpoint(db, endpoint.id, { failing_since: at, updated_at: at });
        if (isFailingTooLong(failingSince, at)) await turnOff(endpoint, at);
      }
      if (next === null) await pruneDeliveries(db, endpoint.id, DELIVERIES_KEPT);
      return next === null ? undefined : { runAgainAt: next };
    } finally {
      await releaseEndpointTurn(db, endpoint.id, deliveryId);
    }
  }

  const deliveryJob: JobKind<DeliveryPayload> = {
    name: 'webhook-delivery',
    // Its own tries are counted on the delivery (MAX_DELIVERY_ATTEMPTS); these are for a database that fails.
    maxAttempts: 5,
    run: deliver,
  };

  return {
    deliveryJob,
    emit,
    /** Runs the deliveries just queued; call once their transaction has committed. */
    wake: () => jobs.wake(),

    async list(): Promise<WebhookEndpointListJson> {
      return { endpoints: (await listWebhookEndpoints(db)).map(endpointJson) };
    },

    async create(values: unknown): Promise<CreatedWebhookEndpointJson> {
      const input = validate(webhookEndpointSchema, values);
      checkUrl(input.url);
      const secret = newWebhookSecret();
      const now = nowSeconds();
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertWebhookEndpoint(trx, { url: input.url, events: JSON.stringify(input.events), includeEmail: input.include_email, now });
        const sealed = await updateWebhookEndpoint(trx, inserted.id, { secret_sealed: sealer.seal(secret, boundTo(inserted.id)), updated_at: now });
        return sealed ?? inserted;
      });
      return { ...endpointJson(row), secret };
    },

    async update(id: number, values: unknown): Promise<WebhookEndpointJson> {
      const current = await endpointOrMissing(id);
      const input = validate(webhookEndpointUpdateSchema, values);
      checkUrl(input.url);
      const enabled = input.enabled ?? current.enabled === 1;
      const turnedOn = enabled && current.enabled !== 1;
      const updated = await updateWebhookEndpoint(db, id, {
        url: input.url,
        events: JSON.stringify(input.events),
        include_email: input.include_email ? 1 : 0,
        enabled: enabled ? 1 : 0,
        // Turned back on: its failures start counting afresh.
        ...(turnedOn ? { disabled_reason: null, failing_since: null } : {}),
        updated_at: nowSeconds(),
      });
      if (!updated) throw missing();
      return endpointJson(updated);
    },

    async remove(id: number): Promise<void> {
      if (!(await deleteWebhookEndpoint(db, id))) throw missing();
    },

    async deliveries(id: number): Promise<WebhookDeliveryListJson> {
      await endpointOrMissing(id);
      return { deliveries: (await listDeliveries(db, id, DELIVERIES_KEPT)).map(deliveryJson) };
    },

    /** "Send a test event": a `webhook.test` delivery, whatever events the endpoint takes. */
    async sendTest(id: number): Promise<WebhookDeliveryJson> {
      const endpoint = await endpointOrMissing(id);
      if (endpoint.enabled !== 1) throw endpointOff();
      const now = nowSeconds();
      const delivery = await db.transaction().execute((trx) =>
        queueDelivery(trx, id, { id: newMessageId(), type: WEBHOOK_TEST_EVENT, body: eventBody(WEBHOOK_TEST_EVENT, now, { endpoint_id: id, message: 'A test event sent from the back office' }) }, now),
      );
      jobs.wake();
      return deliveryJson(delivery);
    },

    /** "Resend": the same event, with its id and body, as a new delivery tried afresh. */
    async resend(id: number, deliveryId: number): Promise<WebhookDeliveryJson> {
      const endpoint = await endpointOrMissing(id);
      const original = await findDelivery(db, deliveryId);
      if (!original || original.endpoint_id !== id) throw notFound('Delivery not found');
      if (endpoint.enabled !== 1) throw endpointOff();
      const delivery = await db.transaction().execute((trx) =>
        queueDelivery(trx, id, { id: original.message_id, type: original.event_type, body: original.body }, nowSeconds()),
      );
      jobs.wake();
      return deliveryJson(delivery);
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
