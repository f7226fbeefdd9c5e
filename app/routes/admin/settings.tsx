import { Link, useFetcher } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader } from '../../components/admin/admin-page.tsx';
import { CDN_PURGE_ALL_INTENT, CdnSection } from '../../components/admin/cdn-settings.tsx';
import type { CdnStatusJson } from '../../../common/cdn.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { api, ApiRequestError, isSessionExpired } from '../../lib/api-client.ts';
import type { AnalyticsSettingsJson, CampaignFetchingSettingsJson, SecuritySettingsJson, StaffMeJson } from '../../../common/answers.ts';
import {
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  siteSettingsUpdateSchema,
  type SiteSettingsJson,
} from '../../../common/schemas/site-settings.ts';
import { timeZoneChoices } from '../../../common/site-time.ts';
import { fillInsOf } from '../../../common/legal-templates.ts';
import type { Route } from './+types/settings';

export const meta = adminPageMeta('Settings');

export function clientLoader() {
  return withAdminSession(async () => {
    const [me, site] = await Promise.all([
      api.get<StaffMeJson>('/admin/me'),
      api.get<SiteSettingsJson>('/admin/settings/site'),
    ]);
    // Staff security, reading campaign pages and counting are the owner's alone: administrators never ask for them.
    const [security, campaignFetching, audienceNumbers, cdn] = me.permissions.includes('settings')
      ? await Promise.all([
          api.get<SecuritySettingsJson>('/admin/settings/security'),
          api.get<CampaignFetchingSettingsJson>('/admin/settings/campaign-fetching'),
          api.get<AnalyticsSettingsJson>('/admin/settings/analytics'),
          api.get<CdnStatusJson>('/admin/cdn'),
        ])
      : [null, null, null, null];
    return { site, security, campaignFetching, audienceNumbers, cdn };
  });
}
clientLoader.hydrate = true as const;

type FieldErrors = Partial<Record<string, string>>;
type ActionResult = { ok: true } | { ok: false; fieldErrors?: FieldErrors };

/** The labels that start the server's messages, to show a refusal beside its field. */
const FIELD_LABELS: [field: string, label: string][] = [
  ['site_name', 'Site name'],
  ['tagline', 'Tagline'],
  ['logo_url', 'Logo'],
  ['contact_email', 'Contact email'],
  ['privacy_email', 'Privacy email'],
  ['sponsored_price_text', 'Sponsored price text'],
  ['social_proof', 'Social proof line'],
  ['hero_heading', 'Home heading'],
  ['hero_text', 'Home line'],
  ['meta_description', 'Meta description'],
  ['sponsored_response_time', 'Response time'],
  ['sponsored_live_time', 'Time to go live'],
  ['sponsored_includes', 'What is included'],
  ['contact_line', 'Contact page line'],
  ['privacy_policy_md', 'Privacy policy'],
  ['terms_md', 'Terms of service'],
  ['time_zone', 'Time zone'],
  ...SOCIAL_NETWORKS.map((network): [string, string] => [`social.${network}`, SOCIAL_NETWORK_LABELS[network]]),
];

function siteValues(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    version: Number(form.get('version')),
    site_name: text('site_name'),
    tagline: text('tagline'),
    logo_url: text('logo_url'),
    contact_email: text('contact_email'),
    privacy_email: text('privacy_email'),
    social: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, text(`social.${network}`)])),
    sponsored_price_text: text('sponsored_price_text'),
    social_proof: text('social_proof'),
    hero_heading: text('hero_heading'),
    hero_text: text('hero_text'),
    meta_description: text('meta_description'),
    sponsored_response_time: text('sponsored_response_time'),
    sponsored_live_time: text('sponsored_live_time'),
    // One item a line; blank lines are not items.
    sponsored_includes: text('sponsored_includes')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    contact_line: text('contact_line'),
    privacy_policy_md: text('privacy_policy_md'),
    terms_md: text('terms_md'),
    time_zone: text('time_zone'),
  };
}

async function saveSite(form: FormData): Promise<ActionResult> {
  const values = siteValues(form);
  // The server's own rules, checked here first so every problem shows at once.
  const parsed = siteSettingsUpdateSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      // A line of the included items is shown against the whole list.
      const field = issue.path[0] === 'sponsored_includes' ? 'sponsored_includes' : issue.path.join('.');
      fieldErrors[field] ??= issue.message;
    }
    notifyError('Error', 'Please fix the highlighted fields.');
    return { ok: false, fieldErrors };
  }
  try {
    await api.put('/admin/settings/site', values);
    notifySuccess('Settings saved');
    return { ok: true };
  } catch (error) {
    if (isSessionExpired(error)) throw error;
    const message = describeFailure(error, 'The settings could not be saved');
    const field =
      error instanceof ApiRequestError && error.code === 'VALIDATION_FAILED'
        ? FIELD_LABELS.find(([, label]) => message.startsWith(label))?.[0]
        : undefined;
    notifyError('Error', message);
    return field ? { ok: false, fieldErrors: { [field]: message } } : { ok: false };
  }
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  return withAdminSession(async () => {
    if (form.get('intent') === 'site') return saveSite(form);
    try {
      if (form.get('intent') === CDN_PURGE_ALL_INTENT) {
        await api.post('/admin/cdn/purge-all', {});
        notifySuccess('Purge sent', 'Every page at the CDN is purged in a moment.');
        return { ok: true };
      }
      if (form.get('intent') === 'campaign_fetching') {
        await api.put('/admin/settings/campaign-fetching', { enabled: form.get('campaign_fetching') === 'on' });
      } else if (form.get('intent') === 'audience_numbers') {
        await api.put('/admin/settings/analytics', { enabled: form.get('audience_numbers') === 'on' });
      } else {
        await api.put('/admin/settings/security', { require_totp: form.get('require_totp') === 'on' });
      }
      notifySuccess('Settings saved');
      return { ok: true };
    } catch (error) {
      if (isSessionExpired(error)) throw error;
      notifyError('Error', describeFailure(error, 'The settings could not be saved'));
      return { ok: false };
    }
  });
}

export const HydrateFallback = AdminLoading;

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Settings" />
      <div className="grid max-w-3xl gap-6">
        <SiteSection site={loaderData.site} />
        {loaderData.security ? <SecuritySection security={loaderData.security} /> : null}
        {loaderData.campaignFetching ? <CampaignFetchingSection settings={loaderData.campaignFetching} /> : null}
        {loaderData.audienceNumbers ? <AudienceNumbersSection settings={loaderData.audienceNumbers} /> : null}
        {loaderData.cdn ? <CdnSection status={loaderData.cdn} /> : null}
        {loaderData.security ? <WebhooksSection /> : null}
        <ServerSection />
      </div>
    </>
  );
}

/**
 * What the launch checklist's server items link to (decision 083): these
 * are set in the server's environment, not here, and take effect at the
 * next start.
 */
function ServerSection() {
  const rows = [
    {
      id: 'server-public-url',
      name: 'PUBLIC_URL',
      text: 'The address visitors reach the site at, such as https://example.com. Every link in mails, feeds, the sitemap and payment returns is built from it.',
    },
    {
      id: 'server-smtp-url',
      name: 'SMTP_URL',
      text: 'Your mail server, such as smtp://user:password@mail.example.com:587. Without it, mails are only kept in the outbox; with it, they are sent and counted as delivered once the server accepts them.',
    },
    {
      id: 'server-payments',
      name: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      text: 'Your Stripe keys, for real payments. Without them the built-in test checkout charges nothing, or sponsored posts cannot be bought at all.',
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Server configuration</CardTitle>
        <CardDescription>
          Set in the server&apos;s environment (or the container&apos;s), not on this page; restart the server for a change to apply.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm">
          {rows.map((row) => (
            <div key={row.id} id={row.id} className="scroll-mt-20">
              <dt className="font-mono font-medium">{row.name}</dt>
              <dd className="text-muted-foreground">{row.text}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function SiteSection({ site }: { site: SiteSettingsJson }) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const errors: FieldErrors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const text = (id: string, label: string, value: string | null, options: { hint?: string; type?: string; required?: boolean } = {}) => (
    <Field id={`site-${id}`} label={label} error={errors[id]} hint={options.hint}>
      {(control) => (
        <Input {...control} name={id} type={options.type ?? 'text'} defaultValue={value ?? ''} required={options.required} />
      )}
    </Field>
  );
  const markdown = (id: 'privacy_policy_md' | 'terms_md', label: string, path: string) => (
    <Field
      id={`site-${id}`}
      label={label}
      error={errors[id]}
      hint={
        <>
          Markdown. {'{{site_name}}'}, {'{{contact_email}}'}, {'{{privacy_email}}'}, {'{{response_time}}'} and {'{{live_time}}'} are
          replaced by the values above, {'{{sponsored_price}}'} by the sponsored post&apos;s price, {'{{cookies}}'} by the
          cookies visitors get (Google Analytics cookies only when its tag is configured).{' '}
          <a href={path} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-4">
            See the published page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </>
      }
    >
      {(control) => <Textarea {...control} name={id} defaultValue={site[id]} rows={14} className="font-mono text-sm!" required />}
    </Field>
  );
  const fillIns = { terms: fillInsOf(site.terms_md).length, privacy: fillInsOf(site.privacy_policy_md).length };
  return (
    <Card>
      {fillIns.terms + fillIns.privacy > 0 ? <LegalFillInsWarning {...fillIns} /> : null}
      <CardHeader>
        <CardTitle>Site</CardTitle>
        <CardDescription>How the public site names itself, where visitors write to, and its legal pages.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Keyed by the saved version, so a save shows the stored values and the next version. */}
        <fetcher.Form key={site.version} method="post" className="grid gap-5" noValidate aria-label="Site settings">
          <input type="hidden" name="intent" value="site" />
          <input type="hidden" name="version" value={site.version} />
          {text('site_name', 'Site name', site.site_name, { required: true })}
          {text('tagline', 'Tagline', site.tagline, { hint: 'Shown under the name in the footer.' })}
          {text('logo_url', 'Logo', site.logo_url, {
            hint: 'The address of an uploaded image (a path such as /uploads/logo.png, or its https:// address); empty for the built-in mark.',
          })}
          <div className="grid gap-5 sm:grid-cols-2">
            {text('contact_email', 'Contact email', site.contact_email, { type: 'email', required: true })}
            {text('privacy_email', 'Privacy email', site.privacy_email, { type: 'email', required: true })}
          </div>
          <fieldset className="grid gap-4 rounded-md border border-border p-4">
            <legend className="px-1 text-sm font-medium">Social profiles</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {SOCIAL_NETWORKS.map((network) => (
                <Field key={network} id={`site-social-${network}`} label={SOCIAL_NETWORK_LABELS[network]} error={errors[`social.${network}`]}>
                  {(control) => (
                    <Input {...control} name={`social.${network}`} type="url" placeholder="https://" defaultValue={site.social[network] ?? ''} />
                  )}
                </Field>
              ))}
            </div>
          </fieldset>
          {text('sponsored_price_text', 'Sponsored price text', site.sponsored_price_text, {
            hint: 'Replaces the price shown on the sponsored post page (the amount charged does not change). Empty shows the price.',
          })}
          {text('social_proof', 'Social proof line', site.social_proof, {
            hint: 'A claim shown on the sponsored post page, such as a total raised. Leave empty unless you can back it up.',
          })}
          <fieldset className="grid gap-4 rounded-md border border-border p-4">
            <legend className="px-1 text-sm font-medium">Home page</legend>
            {text('hero_heading', 'Home heading', site.hero_heading, { required: true, hint: 'The large heading at the top of the home page.' })}
            {text('hero_text', 'Home line', site.hero_text, { hint: 'The line under the heading; empty for none.' })}
            {text('meta_description', 'Meta description', site.meta_description, {
              required: true,
              hint: 'What search engines and shared links show under the home page’s title, and the feed’s description.',
            })}
          </fieldset>
          <fieldset className="grid gap-4 rounded-md border border-border p-4">
            <legend className="px-1 text-sm font-medium">Sponsored post page</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('sponsored_response_time', 'Response time', site.sponsored_response_time, {
                required: true,
                hint: 'Shown as “We get back to you within …”.',
              })}
              {text('sponsored_live_time', 'Time to go live', site.sponsored_live_time, {
                required: true,
                hint: 'Shown as “Your sponsored post goes live within … after payment”.',
              })}
            </div>
            <Field
              id="site-sponsored_includes"
              label="What is included"
              error={errors.sponsored_includes}
              hint="One item a line, at most 8: a title, a colon and a space, then a sentence, such as “Newsletter inclusion: Featured in our newsletter.” A “Social sharing” line shows only while the site has a social profile."
            >
              {(control) => (
                <Textarea {...control} name="sponsored_includes" defaultValue={site.sponsored_includes.join('\n')} rows={5} required />
              )}
            </Field>
          </fieldset>
          {text('contact_line', 'Contact page line', site.contact_line, {
            required: true,
            hint: 'Beside the contact form: when visitors can expect an answer.',
          })}
          <Field
            id="site-time_zone"
            label="Time zone"
            error={errors.time_zone}
            hint="The back office shows and takes times in it: publication times, newsletter sends, the dashboard's weeks and the dates in sponsors' mails."
          >
            {(control) => (
              <select {...control} name="time_zone" defaultValue={site.time_zone} className="h-10 w-fit rounded-md border border-input bg-background px-3 text-sm">
                {timeZoneChoices(site.time_zone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll('_', ' ')}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {markdown('privacy_policy_md', 'Privacy policy', '/privacy-policy')}
          {markdown('terms_md', 'Terms of service', '/terms-of-service')}
          <Button type="submit" className="w-fit" disabled={busy}>
            {busy ? 'Saving...' : 'Save site settings'}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/**
 * Shown while the starting legal texts keep parts only the owner can write
 * (who runs the site, the law, liability, refunds): published as they are,
 * they promise nothing true (decision 053).
 */
function LegalFillInsWarning({ terms, privacy }: { terms: number; privacy: number }) {
  const parts = [terms > 0 ? `${terms} in the terms of service` : null, privacy > 0 ? `${privacy} in the privacy policy` : null].filter(Boolean);
  return (
    <div role="status" data-testid="legal-fill-ins" className="mx-6 mt-6 rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <strong>Your legal pages are not finished.</strong> They are starting texts with parts only you can write, shown on the
      site as “[Fill in: …]”: {parts.join(' and ')}. Replace each one below (who runs the site, the law it answers to, your
      liability and your refunds), with advice if you need it.
    </div>
  );
}

function SecuritySection({ security }: { security: SecuritySettingsJson }) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>Applies to every member of staff.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Keyed by the saved value, so a refused change shows the stored one again. */}
        <fetcher.Form key={String(security.require_totp)} method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="security" />
          <div className="flex items-start gap-3">
            <Checkbox
              id="require_totp"
              name="require_totp"
              defaultChecked={security.require_totp}
              aria-describedby="require_totp_hint"
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor="require_totp">Require two-factor authentication for all staff</Label>
              <p id="require_totp_hint" className="text-sm text-muted-foreground">
                Staff who have not set it up can only reach their account page until they do.
              </p>
            </div>
          </div>
          <Button type="submit" className="w-fit" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function CampaignFetchingSection({ settings }: { settings: CampaignFetchingSettingsJson }) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Campaign pages</CardTitle>
        <CardDescription>Off by default: Kickstarter has no public API and its terms limit automated access.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Keyed by the saved value, so a refused change shows the stored one again. */}
        <fetcher.Form key={String(settings.enabled)} method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="campaign_fetching" />
          <div className="flex items-start gap-3">
            <Checkbox
              id="campaign_fetching"
              name="campaign_fetching"
              defaultChecked={settings.enabled}
              aria-describedby="campaign_fetching_hint"
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor="campaign_fetching">Read campaign pages from their platforms</Label>
              <p id="campaign_fetching_hint" className="text-sm text-muted-foreground">
                Pasting a campaign URL in the post editor then fills an empty title, cover image and excerpt from the page, and a
                Kickstarter campaign&apos;s pledged amount, backers and state are refreshed every 6 hours while it is live (and
                with &ldquo;Refresh now&rdquo;). Turn it on only if you accept the platforms&apos; terms for automated access.
              </p>
            </div>
          </div>
          <Button type="submit" className="w-fit" disabled={busy}>
            {busy ? 'Saving...' : 'Save campaign pages'}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** The owner's webhooks have a screen of their own: their delivery logs need the room. */
function WebhooksSection() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>Signed events to other systems when posts, campaigns, payments, subscribers or issues change.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline" className="w-fit">
          <Link to="/admin/settings/webhooks">Manage webhooks</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function AudienceNumbersSection({ settings }: { settings: AnalyticsSettingsJson }) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audience numbers</CardTitle>
        <CardDescription>On by default: counted without cookies and without personal data, so no consent is needed.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Keyed by the saved value, so a refused change shows the stored one again. */}
        <fetcher.Form key={String(settings.enabled)} method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="audience_numbers" />
          <div className="flex items-start gap-3">
            <Checkbox id="audience_numbers" name="audience_numbers" defaultChecked={settings.enabled} aria-describedby="audience_numbers_hint" className="mt-0.5" />
            <div className="grid gap-1">
              <Label htmlFor="audience_numbers">Count page views and clicks</Label>
              <p id="audience_numbers_hint" className="text-sm text-muted-foreground">
                Public pages report each view; clicks to campaigns, share buttons and newsletter links are counted too. Only daily
                totals are kept, by page, source, campaign tag, approximate country and device; no cookie is set and no address or
                browser string is stored. Visitors are told apart for one day only. Staff signed in to the back office are not
                counted.
              </p>
            </div>
          </div>
          <Button type="submit" className="w-fit" disabled={busy}>
            {busy ? 'Saving...' : 'Save audience numbers'}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
