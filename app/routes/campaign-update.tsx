import { CheckCircle2 } from 'lucide-react';
import { data, Form, useNavigation } from 'react-router';
import { CAMPAIGN_STATE_LABELS, CAMPAIGN_STATES, factsSourceText, fundingLine } from '../../common/campaign.ts';
import { amountInputText } from '../../common/money.ts';
import { formatSiteDateTime, secondsToSiteDay } from '../../common/site-time.ts';
import { PrivateLinkError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Alert, AlertDescription, AlertTitle } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { Field, FieldError } from '../components/ui/field.tsx';
import { Input } from '../components/ui/input.tsx';
import { CAMPAIGN_UPDATE_HEADERS, openCampaignUpdate, saveCampaignUpdate } from '../server/campaign-update.server.ts';
import { pageTitle } from '../lib/seo.ts';
import type { Route } from './+types/campaign-update';

/** /campaign-update/{token}: the sponsor's private form for their campaign's numbers, while the link is valid. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return data(await openCampaignUpdate(context, params.token), { headers: CAMPAIGN_UPDATE_HEADERS });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const outcome = await saveCampaignUpdate(context, params.token, request);
  return data(outcome, { status: outcome.status === 'saved' ? 200 : outcome.httpStatus, headers: CAMPAIGN_UPDATE_HEADERS });
}

export function headers() {
  return CAMPAIGN_UPDATE_HEADERS;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Update your campaign: ${loaderData.project}` : 'Link not found';
  return [{ title: pageTitle(title) }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function CampaignUpdate({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saved = actionData?.status === 'saved' ? actionData.page : null;
  const refused = actionData?.status === 'refused' ? actionData : null;
  const page = saved ?? loaderData;
  const { campaign, time_zone: timeZone } = page;
  const errorOf = (field: string) => refused?.fieldErrors[field as keyof typeof refused.fieldErrors];
  const typed = (field: 'pledged' | 'backers' | 'state' | 'ends_at', stored: string) => refused?.values[field] ?? stored;
  const funding = fundingLine(campaign);
  // A new key after each save remounts the fields, so they show what was stored.
  const formKey = saved ? `saved-${campaign.facts_updated_at}` : 'form';

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Update your campaign's numbers">
        <p>
          For the post about{' '}
          <a href={page.post_url} className="font-medium text-primary underline underline-offset-4">
            {page.project}
          </a>
          . Readers see these numbers on the post, marked as coming from you.
        </p>
      </PageHeader>

      {saved ? (
        <Alert role="status" variant="success" className="mb-6">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>Thank you: your numbers are updated</AlertTitle>
          <AlertDescription>The post now shows them, as of {formatSiteDateTime(campaign.facts_updated_at, timeZone)}.</AlertDescription>
        </Alert>
      ) : null}
      {refused ? (
        <Alert variant="destructive" className="mb-6">
          <AlertTitle>Nothing was saved</AlertTitle>
          <AlertDescription>{refused.message}</AlertDescription>
        </Alert>
      ) : null}

      <section aria-labelledby="campaign-now" className="mb-8 rounded-lg border border-border bg-card p-4 text-sm">
        <h2 id="campaign-now" className="mb-1 font-semibold">
          On the post now
        </h2>
        <p>{funding ?? 'No amounts yet'}</p>
        <p>
          {campaign.backers === null ? 'Backers not given' : `${campaign.backers.toLocaleString('en-US')} backers`} ·{' '}
          {CAMPAIGN_STATE_LABELS[campaign.state]}
        </p>
        <p className="text-muted-foreground">
          As of {formatSiteDateTime(campaign.facts_updated_at, timeZone)} · {factsSourceText(campaign)}
        </p>
      </section>

      <Form method="post" key={formKey} className="grid gap-5" aria-label="Campaign numbers">
        <FieldError id="campaign-update-form-error">{errorOf('form')}</FieldError>
        <Field id="campaign-pledged" label={`Pledged (${campaign.currency})`} error={errorOf('pledged')} hint="The total pledged so far, such as 48210 or 48210.50.">
          {(control) => (
            <Input
              {...control}
              name="pledged"
              inputMode="decimal"
              maxLength={24}
              defaultValue={typed('pledged', campaign.pledged === null ? '' : amountInputText(campaign.pledged, campaign.currency))}
            />
          )}
        </Field>
        <Field id="campaign-backers" label="Backers" error={errorOf('backers')}>
          {(control) => (
            <Input {...control} name="backers" inputMode="numeric" maxLength={18} defaultValue={typed('backers', campaign.backers === null ? '' : String(campaign.backers))} />
          )}
        </Field>
        <Field id="campaign-state" label="State" error={errorOf('state')}>
          {(control) => (
            <select
              {...control}
              name="state"
              defaultValue={typed('state', campaign.state)}
              className="h-10 w-fit rounded-md border border-input bg-background px-3 text-sm"
            >
              {CAMPAIGN_STATES.map((state) => (
                <option key={state} value={state}>
                  {CAMPAIGN_STATE_LABELS[state]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="campaign-ends-at" label="End date" error={errorOf('ends_at')} hint={`The campaign runs through this day (${timeZone}).`}>
          {(control) => (
            <Input
              {...control}
              name="ends_at"
              type="date"
              defaultValue={typed('ends_at', campaign.ends_at === null ? '' : secondsToSiteDay(campaign.ends_at, timeZone))}
            />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={navigation.state === 'submitting'} className="w-full sm:w-auto sm:justify-self-start">
          {navigation.state === 'submitting' ? 'Saving...' : 'Update the numbers'}
        </Button>
        <p className="text-xs text-muted-foreground">
          This link is private and works until {formatSiteDateTime(page.expires_at, timeZone)}. Anyone who has it can change these numbers.
        </p>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PrivateLinkError error={error} why="It may have expired or been replaced by a newer one." />;
}
