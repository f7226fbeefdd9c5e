/**
 * The audit trail of the back office: every `/api/admin/*` call that changed
 * something (a write answered 2xx) becomes one audit entry, named by the
 * table below. A handler refines its entry with `c.set('audit', …)`, and a
 * read that hands data out in bulk (an export) asks for one the same way.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from '../deps.ts';
import type { AuditLogService, AuditRecord } from '../services/site/audit-log.ts';
import type { CallerOf } from './client-ip.ts';

/** The top level of a route's JSON answer. */
type Answer = Record<string, unknown>;

interface RouteAudit {
  action: string | ((answer: Answer) => string);
  entity: string | null;
  /** The entity's id in the path; without it, the answer's `id` (a create). */
  idParam?: string;
  /** A create: there is no version before. */
  creates?: boolean;
  /** Safe fields of the answer or the path worth keeping. */
  detail?: (answer: Answer, params: Record<string, string>) => Record<string, unknown> | null;
}

/** Writes that change nothing (a preview of unsaved values): no entry. */
const NOT_A_CHANGE = 'not a change';
/**
 * Changes whose service writes its own entry, with what only it knows (the
 * account of a sign-in event, a setting's old value): one entry, not two.
 */
const OWN_ENTRY = 'own entry';
type Unrecorded = typeof NOT_A_CHANGE | typeof OWN_ENTRY;

const contentRoutes = (type: 'post' | 'resource'): Record<string, RouteAudit> => ({
  [`POST /admin/${type}s`]: { action: `${type}.create`, entity: type, creates: true },
  [`PUT /admin/${type}s/:id`]: { action: `${type}.update`, entity: type, idParam: 'id' },
  [`DELETE /admin/${type}s/:id`]: { action: `${type}.delete`, entity: type, idParam: 'id' },
  [`POST /admin/${type}s/:id/revisions/:revisionId/restore`]: {
    action: `${type}.restore_revision`,
    entity: type,
    idParam: 'id',
    detail: (_answer, params) => ({ revision_id: Number(params.revisionId) }),
  },
  [`POST /admin/${type}s/:id/preview-links`]: {
    action: 'preview_link.create',
    entity: type,
    idParam: 'id',
    // The link's own id only: its address holds the token.
    detail: (answer) => (typeof answer.id === 'number' ? { preview_link_id: answer.id } : null),
  },
  [`DELETE /admin/${type}s/:id/preview-links`]: {
    action: 'preview_link.revoke',
    entity: type,
    idParam: 'id',
    detail: () => ({ all: true }),
  },
  [`DELETE /admin/${type}s/:id/preview-links/:linkId`]: {
    action: 'preview_link.revoke',
    entity: type,
    idParam: 'id',
    detail: (_answer, params) => ({ preview_link_id: Number(params.linkId) }),
  },
});

const webhookDetail = (answer: Answer) =>
  typeof answer.url === 'string' ? { url: answer.url, events: answer.events, enabled: answer.enabled, include_email: answer.include_email } : null;

const statusDetail = (answer: Answer) => (typeof answer.status === 'string' ? { status: answer.status } : null);

/**
 * Every admin write, by `METHOD route` as it is mounted under /api. A route
 * missing here is still recorded, as `METHOD /route` without an entity.
 */
export const AUDITED_ROUTES: Record<string, RouteAudit | Unrecorded> = {
  ...contentRoutes('post'),
  ...contentRoutes('resource'),
  'POST /admin/media/upload-url': {
    action: 'media.upload',
    entity: 'media',
    // The key names the file; the upload address holds a signed token and is never kept.
    detail: (answer) => (typeof answer.s3_key === 'string' ? { key: answer.s3_key } : null),
  },
  // The creator's update link: its address holds the token, so only when it expires is kept.
  'POST /admin/posts/:id/campaign/update-link': {
    action: 'campaign_link.issue',
    entity: 'post',
    idParam: 'id',
    detail: (answer) => (typeof answer.expires_at === 'number' ? { expires_at: answer.expires_at } : null),
  },
  'DELETE /admin/posts/:id/campaign/update-link': { action: 'campaign_link.revoke', entity: 'post', idParam: 'id' },
  'PATCH /admin/submissions/contact/:id': { action: 'contact_message.update', entity: 'contact_message', idParam: 'id', detail: statusDetail },
  'PATCH /admin/submissions/sponsored/:id': {
    action: 'sponsored_submission.status_change',
    entity: 'sponsored_submission',
    idParam: 'id',
    detail: statusDetail,
  },
  'POST /admin/submissions/sponsored/:id/draft': {
    action: 'sponsored_submission.create_draft',
    entity: 'sponsored_submission',
    idParam: 'id',
    detail: (answer) => (typeof answer.id === 'number' ? { post_id: answer.id } : null),
  },
  // The link is a secret of the sponsor's: only when it expires is kept.
  'POST /admin/submissions/sponsored/:id/preview': {
    action: 'sponsored_submission.send_preview',
    entity: 'sponsored_submission',
    idParam: 'id',
    detail: (answer) => (typeof answer.expires_at === 'number' ? { expires_at: answer.expires_at } : null),
  },
  // The sponsor report's address holds the token: nothing of it is kept.
  'POST /admin/submissions/sponsored/:id/report-link': { action: 'sponsor_report_link.issue', entity: 'sponsored_submission', idParam: 'id' },
  'DELETE /admin/submissions/sponsored/:id/report-link': { action: 'sponsor_report_link.revoke', entity: 'sponsored_submission', idParam: 'id' },
  'POST /admin/submissions/newsletter/import': {
    action: 'subscriber.import',
    entity: 'subscriber',
    // Counts only: the invalid lines quote the file.
    detail: (answer) => ({
      added: answer.added,
      existing: answer.existing,
      erased: answer.erased,
      invalid: Array.isArray(answer.invalid) ? answer.invalid.length : undefined,
    }),
  },
  'POST /admin/submissions/newsletter/:id/resend-confirmation': {
    action: 'subscriber.confirmation_resent',
    entity: 'subscriber',
    idParam: 'id',
    // Where the mail went, never its link.
    detail: (answer) => ({ delivery: (answer.mail as { delivery?: unknown } | undefined)?.delivery }),
  },
  'POST /admin/submissions/newsletter/:id/unsubscribe': { action: 'subscriber.unsubscribe', entity: 'subscriber', idParam: 'id' },
  'DELETE /admin/submissions/newsletter/:id': { action: 'subscriber.erase', entity: 'subscriber', idParam: 'id' },
  'POST /admin/newsletters': { action: 'newsletter.create', entity: 'newsletter', creates: true },
  'POST /admin/newsletters/preview': NOT_A_CHANGE,
  // A draft made from the campaigns ending soon: a create like any other.
  'POST /admin/newsletters/ending-soon': { action: 'newsletter.create', entity: 'newsletter', creates: true, detail: () => ({ from: 'ending_soon' }) },
  'PUT /admin/newsletters/:id': { action: 'newsletter.update', entity: 'newsletter', idParam: 'id' },
  'DELETE /admin/newsletters/:id': { action: 'newsletter.delete', entity: 'newsletter', idParam: 'id' },
  'POST /admin/newsletters/:id/test': { action: 'newsletter.test_send', entity: 'newsletter', idParam: 'id' },
  'POST /admin/newsletters/:id/send': {
    // One route both sends now and schedules for later; the answer says which.
    action: (answer) => (answer.status === 'scheduled' ? 'newsletter.schedule' : 'newsletter.send'),
    entity: 'newsletter',
    idParam: 'id',
    detail: statusDetail,
  },
  'POST /admin/newsletters/:id/cancel': { action: 'newsletter.cancel', entity: 'newsletter', idParam: 'id', detail: statusDetail },
  // Staff management: the handlers add the invitation's id and the role change.
  'POST /admin/users': { action: 'staff.invite', entity: 'staff_invitation', creates: true },
  'DELETE /admin/users/invitations/:id': { action: 'staff.invitation_revoke', entity: 'staff_invitation', idParam: 'id' },
  'PUT /admin/users/:id': { action: 'user.role_change', entity: 'user', idParam: 'id' },
  'DELETE /admin/users/:id': { action: 'user.remove', entity: 'user', idParam: 'id' },
  // An author's public profile (decision 092): the handler names whose; another's is an owner's or editor's edit.
  'PUT /admin/users/:id/author': { action: 'user.author_change', entity: 'user', idParam: 'id' },
  'PUT /admin/account/author': { action: 'account.author_changed', entity: 'user' },
  // Recorded by their services, which know what changed; a second, vaguer entry would only add noise.
  'POST /admin/account/password': OWN_ENTRY,
  'PUT /admin/account/profile': OWN_ENTRY,
  'DELETE /admin/demo-content': OWN_ENTRY,
  // A secret waiting for its first code: two-factor is on only once enabled (recorded then).
  'POST /admin/account/totp/setup': NOT_A_CHANGE,
  'POST /admin/account/totp/enable': OWN_ENTRY,
  'POST /admin/account/totp/disable': OWN_ENTRY,
  'POST /admin/account/recovery-codes': OWN_ENTRY,
  'POST /admin/account/sessions/revoke-others': OWN_ENTRY,
  'DELETE /admin/account/sessions/:id': OWN_ENTRY,
  'PUT /admin/settings/security': OWN_ENTRY,
  'PUT /admin/settings/campaign-fetching': OWN_ENTRY,
  'PUT /admin/settings/analytics': OWN_ENTRY,
  // Reads a campaign page for the editor; nothing is stored.
  'POST /admin/campaign-preview': NOT_A_CHANGE,
  'POST /admin/posts/:id/campaign/refresh': { action: 'post.campaign_refresh', entity: 'post', idParam: 'id' },
  // Every page at the CDN in front purged (decision 098).
  'POST /admin/cdn/purge-all': { action: 'cdn.purge_all', entity: null },
  // The handler adds the names of the fields that changed.
  'PUT /admin/settings/site': { action: 'settings.update', entity: 'settings' },
  // Webhook endpoints (decision 100): the address and events, never the secret the create answers with.
  'POST /admin/webhooks': { action: 'webhook.create', entity: 'webhook', creates: true, detail: webhookDetail },
  'PUT /admin/webhooks/:id': { action: 'webhook.update', entity: 'webhook', idParam: 'id', detail: webhookDetail },
  'DELETE /admin/webhooks/:id': { action: 'webhook.delete', entity: 'webhook', idParam: 'id' },
  'POST /admin/webhooks/:id/test': { action: 'webhook.test', entity: 'webhook', idParam: 'id' },
  'POST /admin/webhooks/:id/deliveries/:deliveryId/resend': {
    action: 'webhook.resend',
    entity: 'webhook',
    idParam: 'id',
    detail: (_answer, params) => ({ delivery_id: Number(params.deliveryId) }),
  },
};

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

const versionOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * Records the changes of `/api/admin/*`, after `requireStaff`. Only answers
 * in 2xx are changes: a refused or failed call changed nothing. Request
 * bodies are never stored, only the `version` the client sent.
 *
 * Writing the entry happens after the change is committed. When that write
 * fails, the change stands and its answer is sent: an error answer would
 * tell the client that a committed change did not happen (and invite a
 * second newsletter send). The failure is logged at error level with the
 * whole entry, so the log holds what the table missed.
 */
export function recordStaffChanges(auditLog: AuditLogService, callerOf: CallerOf, logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const requested = c.get('audit');
    // Reads are recorded only when the handler asks (exports).
    if (isRead(c.req.method) && !requested?.action) return;
    if (c.res.status < 200 || c.res.status > 299) return;

    let entry: AuditRecord | null;
    try {
      entry = await describeChange(c, callerOf);
    } catch (error) {
      logger.error({ err: error, requestId: c.get('requestId') }, 'audit entry could not be described');
      return;
    }
    if (!entry) return;
    try {
      await auditLog.record(entry);
    } catch (error) {
      logger.error({ err: error, requestId: c.get('requestId'), audit: entry }, 'audit entry not recorded; the change stands');
    }
  };
}

/** The entry of a successful call, or null for a write that changes nothing or records itself. */
async function describeChange(c: Context<AppEnv>, callerOf: CallerOf): Promise<AuditRecord | null> {
  const staff = c.get('staff');
  const requested = c.get('audit') ?? {};
  // After the handler ran, these are its route and parameters.
  const route = c.req.routePath.replace(/^\/api(?=\/)/, '');
  const params = c.req.param() as Record<string, string>;
  const listed = AUDITED_ROUTES[`${c.req.method} ${route}`];
  // A handler that names its entry always gets it.
  if (typeof listed === 'string' && !requested.action) return null;
  const known = typeof listed === 'string' ? undefined : listed;

  // A read asking for an entry (an export) names it whole; its answer may be the whole list.
  const answer = isRead(c.req.method) ? {} : await answerOf(c);
  const sent = await sentVersion(c);
  const base: AuditRecord = {
    userId: staff.userId,
    userEmail: staff.email,
    ipAddress: callerOf(c).clientIp,
    action: `${c.req.method} ${route}`,
    entity: null,
    entityId: params.id ?? null,
  };
  if (known) {
    const after = versionOf(answer.version);
    base.action = typeof known.action === 'function' ? known.action(answer) : known.action;
    base.entity = known.entity;
    base.entityId = known.idParam ? (params[known.idParam] ?? null) : typeof answer.id === 'number' ? answer.id : null;
    // Versions go up by one per change: an answer's version implies the one before it.
    base.versionBefore = known.creates ? null : (sent ?? (after !== null ? after - 1 : null));
    base.versionAfter = after;
    base.detail = known.detail?.(answer, params) ?? null;
  } else {
    base.versionBefore = sent;
    base.versionAfter = versionOf(answer.version);
  }
  return { ...base, ...requested };
}

/** The JSON answer's top level, or nothing (204, or not JSON). */
async function answerOf(c: Context<AppEnv>): Promise<Answer> {
  if (!/^application\/json\b/i.test(c.res.headers.get('content-type') ?? '')) return {};
  try {
    const body: unknown = await c.res.clone().json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } : {};
  } catch {
    return {};
  }
}

/**
 * The `version` of the JSON body, when the handler has read it: Hono keeps a
 * body read once, so this costs nothing. A body the handler did not read is
 * left alone (an upload stream, or no body at all).
 */
async function sentVersion(c: Context<AppEnv>): Promise<number | null> {
  const read = c.req.bodyCache.arrayBuffer;
  if (!read) return null;
  try {
    const body: unknown = JSON.parse(new TextDecoder().decode(await read));
    return typeof body === 'object' && body !== null && 'version' in body ? versionOf(body.version) : null;
  } catch {
    return null;
  }
}
