import { useFetcher } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader } from '../../components/admin/admin-page.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field, FieldError } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { api, ApiRequestError, isSessionExpired } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import type {
  CreatedWebhookEndpointJson,
  WebhookDeliveryJson,
  WebhookDeliveryListJson,
  WebhookEndpointJson,
  WebhookEndpointListJson,
} from '../../../common/answers.ts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, webhookEndpointSchema } from '../../../common/schemas/webhook.ts';
import type { Route } from './+types/settings-webhooks';

export const meta = adminPageMeta('Webhooks');

/** The log shown under each endpoint: its newest deliveries. */
const LOG_ROWS = 20;

export function clientLoader() {
  return withAdminSession(async () => {
    const { endpoints } = await api.get<WebhookEndpointListJson>('/admin/webhooks');
    const logs = await Promise.all(endpoints.map((endpoint) => api.get<WebhookDeliveryListJson>(`/admin/webhooks/${endpoint.id}/deliveries`)));
    return { endpoints: endpoints.map((endpoint, index) => ({ endpoint, deliveries: (logs[index]?.deliveries ?? []).slice(0, LOG_ROWS) })) };
  });
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

type FieldErrors = Partial<Record<'url' | 'events' | 'include_email', string>>;
type ActionResult = { ok: true; secret?: string; url?: string } | { ok: false; fieldErrors?: FieldErrors };

/** The labels that start the server's messages, to show a refusal beside its field. */
const FIELD_OF_MESSAGE: [field: keyof FieldErrors, start: RegExp][] = [
  ['url', /^Endpoint URL/],
  ['events', /^(Events|Choose at least one event)/],
  ['include_email', /^include_email/],
];

function endpointValues(form: FormData) {
  return {
    url: String(form.get('url') ?? ''),
    events: form.getAll('events').map(String),
    include_email: form.get('include_email') === 'on',
  };
}

async function createEndpoint(form: FormData): Promise<ActionResult> {
  const values = endpointValues(form);
  // The server's own rules, checked here first so every problem shows at once.
  const parsed = webhookEndpointSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'url' || field === 'events' || field === 'include_email') fieldErrors[field] ??= issue.message;
    }
    notifyError('Error', 'Please fix the highlighted fields.');
    return { ok: false, fieldErrors };
  }
  try {
    const created = await api.post<CreatedWebhookEndpointJson>('/admin/webhooks', values);
    notifySuccess('Endpoint added');
    return { ok: true, secret: created.secret, url: created.url };
  } catch (error) {
    if (isSessionExpired(error)) throw error;
    const message = describeFailure(error, 'The endpoint could not be added');
    const field =
      error instanceof ApiRequestError && error.code === 'VALIDATION_FAILED' ? FIELD_OF_MESSAGE.find(([, start]) => start.test(message))?.[0] : undefined;
    notifyError('Error', message);
    return field ? { ok: false, fieldErrors: { [field]: message } } : { ok: false };
  }
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  return withAdminSession(async () => {
    const intent = String(form.get('intent') ?? '');
    if (intent === 'create') return createEndpoint(form);
    const id = Number(form.get('id'));
    try {
      if (intent === 'test') {
        await api.post(`/admin/webhooks/${id}/test`, {});
        notifySuccess('Test event queued');
      } else if (intent === 'resend') {
        await api.post(`/admin/webhooks/${id}/deliveries/${Number(form.get('delivery_id'))}/resend`, {});
        notifySuccess('Delivery queued again');
      } else if (intent === 'delete') {
        await api.delete(`/admin/webhooks/${id}`);
        notifySuccess('Endpoint removed');
      } else if (intent === 'enable' || intent === 'disable') {
        await api.put(`/admin/webhooks/${id}`, {
          url: String(form.get('url') ?? ''),
          events: form.getAll('events').map(String),
          include_email: form.get('include_email') === 'true',
          enabled: intent === 'enable',
        });
        notifySuccess(intent === 'enable' ? 'Endpoint turned on' : 'Endpoint turned off');
      }
      return { ok: true };
    } catch (error) {
      if (isSessionExpired(error)) throw error;
      notifyError('Error', describeFailure(error, 'That did not work'));
      return { ok: false };
    }
  });
}

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Webhooks" />
      <div className="grid max-w-4xl gap-6">
        <p className="text-sm text-muted-foreground">
          Tell other systems what changes on the site. Each event is sent as a signed JSON POST (the Standard Webhooks format,
          so receivers can check it with its libraries), retried for about a day when the receiver fails, and logged below.
        </p>
        <NewEndpointSection />
        {loaderData.endpoints.length === 0 ? (
          <p className="text-sm text-muted-foreground">No endpoints yet.</p>
        ) : (
          loaderData.endpoints.map(({ endpoint, deliveries }) => <EndpointSection key={endpoint.id} endpoint={endpoint} deliveries={deliveries} />)
        )}
      </div>
    </>
  );
}

function NewEndpointSection() {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const errors: FieldErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  return (
    <Card>
      <CardHeader>
        <CardTitle>Add an endpoint</CardTitle>
        <CardDescription>An https address that answers with a 2xx status within 10 seconds.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {result?.ok && result.secret ? (
          <Alert>
            <AlertTitle>Copy the signing secret now: it is not shown again</AlertTitle>
            <AlertDescription className="grid gap-2">
              <span>The receiver at {result.url} checks each delivery&apos;s signature with it.</span>
              <Label htmlFor="webhook-secret">Signing secret</Label>
              <Input id="webhook-secret" readOnly value={result.secret} className="font-mono" onFocus={(event) => event.currentTarget.select()} />
            </AlertDescription>
          </Alert>
        ) : null}
        <fetcher.Form method="post" className="grid gap-4" key={result?.ok ? result.secret : 'new'}>
          <input type="hidden" name="intent" value="create" />
          <Field id="url" label="Endpoint URL" error={errors.url}>
            {(control) => <Input {...control} name="url" type="url" inputMode="url" placeholder="https://example.com/hooks/showcase" autoComplete="off" />}
          </Field>
          <fieldset className="grid gap-2" aria-describedby={errors.events ? 'events-error' : undefined}>
            <legend className="mb-2 text-sm font-medium">Events</legend>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <div key={type} className="flex items-center gap-3">
                <Checkbox id={`event-${type}`} name="events" value={type} />
                <Label htmlFor={`event-${type}`} className="font-normal">
                  {WEBHOOK_EVENT_LABELS[type]} <code className="text-xs text-muted-foreground">{type}</code>
                </Label>
              </div>
            ))}
            <FieldError id="events-error">{errors.events}</FieldError>
          </fieldset>
          <div className="flex items-start gap-3">
            <Checkbox id="include_email" name="include_email" aria-describedby="include_email_hint" className="mt-0.5" />
            <div className="grid gap-1">
              <Label htmlFor="include_email">Include e-mail addresses</Label>
              <p id="include_email_hint" className="text-sm text-muted-foreground">
                Subscriber events then carry the subscriber&apos;s address; without it they carry its id only.
              </p>
            </div>
          </div>
          <Button type="submit" className="w-fit" disabled={busy}>
            {busy ? 'Adding...' : 'Add endpoint'}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

const STATUS_BADGES: Record<WebhookDeliveryJson['status'], 'default' | 'secondary' | 'destructive'> = {
  delivered: 'default',
  pending: 'secondary',
  failed: 'destructive',
};

const STATUS_LABELS: Record<WebhookDeliveryJson['status'], string> = { delivered: 'Delivered', pending: 'Retrying', failed: 'Failed' };

function EndpointSection({ endpoint, deliveries }: { endpoint: WebhookEndpointJson; deliveries: WebhookDeliveryJson[] }) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const headingId = `endpoint-${endpoint.id}-heading`;
  return (
    <Card>
      <CardHeader>
        <CardTitle id={headingId} className="break-all">
          {endpoint.url}
        </CardTitle>
        <CardDescription>
          {endpoint.enabled ? (
            <Badge variant="default">On</Badge>
          ) : (
            <Badge variant="destructive">Off{endpoint.disabled_reason ? `: ${endpoint.disabled_reason}` : ''}</Badge>
          )}{' '}
          {endpoint.failing_since !== null ? `Failing since ${formatDateTime(endpoint.failing_since)}. ` : ''}
          Events: {endpoint.events.join(', ')}.{endpoint.include_email ? ' Subscriber addresses included.' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fetcher.Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="id" value={endpoint.id} />
          <input type="hidden" name="url" value={endpoint.url} />
          {endpoint.events.map((type) => (
            <input key={type} type="hidden" name="events" value={type} />
          ))}
          <input type="hidden" name="include_email" value={String(endpoint.include_email)} />
          <Button type="submit" name="intent" value="test" variant="outline" disabled={busy || !endpoint.enabled}>
            Send a test event
          </Button>
          <Button type="submit" name="intent" value={endpoint.enabled ? 'disable' : 'enable'} variant="outline" disabled={busy}>
            {endpoint.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button type="submit" name="intent" value="delete" variant="destructive" disabled={busy}>
            Remove
          </Button>
        </fetcher.Form>
        <h3 className="text-sm font-medium">Delivery log</h3>
        {deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
        ) : (
          <Table labels={['Time', 'Event', 'Status', 'Response', 'Duration', 'Attempts', 'Payload', '']} aria-label={`Deliveries to ${endpoint.url}`}>
            <TableHeader>
              <TableRow>
                <TableHead>Time</TableHead>
                <TableHead>Event</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Response</TableHead>
                <TableHead>Duration</TableHead>
                <TableHead>Attempts</TableHead>
                <TableHead>Payload</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {deliveries.map((delivery) => (
                <TableRow key={delivery.id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(delivery.last_attempt_at ?? delivery.created_at)}</TableCell>
                  <TableCell>
                    <code className="text-xs">{delivery.event_type}</code>
                  </TableCell>
                  <TableCell>
                    <Badge variant={STATUS_BADGES[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
                    {delivery.status === 'pending' && delivery.next_attempt_at !== null ? (
                      <span className="block text-xs text-muted-foreground">next at {formatDateTime(delivery.next_attempt_at)}</span>
                    ) : null}
                  </TableCell>
                  <TableCell className="max-w-64 break-words">
                    {delivery.response_status ?? '—'}
                    {delivery.error ? <span className="block text-xs text-muted-foreground">{delivery.error}</span> : null}
                  </TableCell>
                  <TableCell>{delivery.duration_ms === null ? '—' : `${delivery.duration_ms} ms`}</TableCell>
                  <TableCell>{delivery.attempts}</TableCell>
                  <TableCell>
                    <details>
                      <summary className="cursor-pointer text-sm">Show</summary>
                      <pre className="max-w-80 overflow-x-auto text-xs whitespace-pre-wrap">{JSON.stringify(delivery.payload, null, 2)}</pre>
                    </details>
                  </TableCell>
                  <TableCell>
                    <fetcher.Form method="post">
                      <input type="hidden" name="id" value={endpoint.id} />
                      <input type="hidden" name="delivery_id" value={delivery.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="resend"
                        variant="outline"
                        size="sm"
                        disabled={busy || !endpoint.enabled}
                        aria-label={`Resend ${delivery.event_type} of ${formatDateTime(delivery.created_at)}`}
                      >
                        Resend
                      </Button>
                    </fetcher.Form>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
