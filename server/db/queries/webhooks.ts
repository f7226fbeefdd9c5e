/** Webhook endpoints and their deliveries (decision 100). */
import type { Selectable } from 'kysely';
import type { Db, WebhookDeliveryStatus, WebhookDeliveryTable, WebhookEndpointTable } from '../schema.ts';

export type WebhookEndpointRow = Selectable<WebhookEndpointTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;

export function listWebhookEndpoints(db: Db): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
}

export function findWebhookEndpoint(db: Db, id: number): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertWebhookEndpoint(
  db: Db,
  values: { url: string; events: string; includeEmail: boolean; now: number },
): Promise<WebhookEndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({
      url: values.url,
      events: values.events,
      include_email: values.includeEmail ? 1 : 0,
      // Sealed once the id it is bound to is known, in the same transaction.
      secret_sealed: '',
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateWebhookEndpoint(
  db: Db,
  id: number,
  values: Partial<Pick<WebhookEndpointRow, 'url' | 'events' | 'include_email' | 'secret_sealed' | 'enabled' | 'disabled_reason' | 'failing_since'>> & { updated_at: number },
): Promise<WebhookEndpointRow | undefined> {
  return db.updateTable('webhook_endpoints').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteWebhookEndpoint(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The enabled endpoints sent events of `type`: few, so the filter is in code (events are a JSON list). */
export async function endpointsFor(db: Db, type: string): Promise<WebhookEndpointRow[]> {
  const enabled = await db.selectFrom('webhook_endpoints').selectAll().where('enabled', '=', 1).execute();
  return enabled.filter((endpoint) => (JSON.parse(endpoint.events) as string[]).includes(type));
}

export function insertDelivery(
  db: Db,
  values: { endpointId: number; messageId: string; eventType: string; body: string; now: number },
): Promise<WebhookDeliveryRow> {
  return db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: values.endpointId,
      message_id: values.messageId,
      event_type: values.eventType,
      body: values.body,
      status: 'pending',
      next_attempt_at: values.now,
      created_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findDelivery(db: Db, id: number): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listDeliveries(db: Db, endpointId: number, limit: number): Promise<WebhookDeliveryRow[]> {
  return db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('id', 'desc').limit(limit).execute();
}

export async function recordAttempt(
  db: Db,
  id: number,
  values: {
    status: WebhookDeliveryStatus;
    attempts: number;
    nextAttemptAt: number | null;
    at: number;
    responseStatus: number | null;
    durationMs: number;
    excerpt: string | null;
    error: string | null;
  },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: values.status,
      attempts: values.attempts,
      next_attempt_at: values.nextAttemptAt,
      last_attempt_at: values.at,
      response_status: values.responseStatus,
      duration_ms: values.durationMs,
      response_excerpt: values.excerpt,
      error: values.error,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** A delivery given up without an attempt (its endpoint was turned off). */
export async function failDelivery(db: Db, id: number, error: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ status: 'failed', next_attempt_at: null, error }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/**
 * The endpoint's one place in flight, for `deliveryId` until `until`: taken
 * when free, when its holder's time ran out (its server died), or when this
 * delivery already holds it (its own job taken over).
 */
export async function takeEndpointTurn(db: Db, endpointId: number, deliveryId: number, now: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ sending_delivery: deliveryId, sending_until: until })
    .where('id', '=', endpointId)
    .where((eb) =>
      eb.or([eb('sending_delivery', 'is', null), eb('sending_until', '<', now), eb('sending_delivery', '=', deliveryId)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseEndpointTurn(db: Db, endpointId: number, deliveryId: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ sending_delivery: null, sending_until: null })
    .where('id', '=', endpointId)
    .where('sending_delivery', '=', deliveryId)
    .execute();
}

/** Keeps an endpoint's newest `kept` finished deliveries; pending ones always stay. */
export async function pruneDeliveries(db: Db, endpointId: number, kept: number): Promise<void> {
  const boundary = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(kept)
    .executeTakeFirst();
  if (!boundary) return;
  await db
    .deleteFrom('webhook_deliveries')
    .where('endpoint_id', '=', endpointId)
    .where('status', '!=', 'pending')
    .where('id', '<=', boundary.id)
    .execute();
}
