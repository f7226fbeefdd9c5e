/**
 * Webhook endpoints (decision 100): what the owner's form sends and the
 * server checks, one schema for both. Whether plain http and private hosts
 * are allowed depends on the server's configuration: the service checks
 * that, with the same field message.
 */
import { z } from 'zod';
import { requiredText, storedAddress } from './fields.ts';

/** The events an endpoint may be sent, in the order the form lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'post.published',
  'post.updated',
  'post.unpublished',
  'campaign.updated',
  'campaign.ended',
  'sponsored_submission.paid',
  'subscriber.confirmed',
  'newsletter.sent',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send a test event" sends, whatever the endpoint subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'post.published': 'A post is published',
  'post.updated': 'A published post is edited',
  'post.unpublished': 'A post is unpublished or deleted',
  'campaign.updated': "A campaign's facts change",
  'campaign.ended': 'A campaign ends',
  'sponsored_submission.paid': 'A sponsored submission is paid',
  'subscriber.confirmed': 'A newsletter subscriber confirms',
  'newsletter.sent': 'A newsletter issue is sent',
};

const urlField = requiredText('Endpoint URL', 2048).transform((value, ctx) =>
  storedAddress(value, ctx, 'Endpoint URL', (_text, url) => url !== null && url.username === '' && url.password === '', 'Endpoint URL must be an http:// or https:// address without a user name or password'),
);

const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}` }), {
    error: 'Events must be a list of event types',
  })
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length, 'Events must be listed once each')
  .refine((events) => new Set(events).size === events.length, 'Events must be listed once each');

const includeEmailField = z.boolean({ error: 'include_email must be true or false' });

export const webhookEndpointSchema = z.object({
  url: urlField,
  events: eventsField,
  include_email: includeEmailField.optional().default(false),
});

/** An edit: the same fields, and `enabled` to turn an endpoint back on (or off). */
export const webhookEndpointUpdateSchema = webhookEndpointSchema.extend({
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});

export type WebhookEndpointInput = z.input<typeof webhookEndpointSchema>;
export type WebhookEndpointUpdateInput = z.input<typeof webhookEndpointUpdateSchema>;
