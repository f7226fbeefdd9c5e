import { CAMPAIGN_PLATFORMS, CAMPAIGN_STATE_LABELS, CAMPAIGN_STATES, PLATFORM_LABELS } from '../../../../common/campaign.ts';
import { CREATOR_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH } from '../../../../common/schemas/campaign.ts';
import { useSiteTimeZone } from '../../../lib/admin-time-zone.ts';
import { EMPTY_CAMPAIGN_DRAFT, type CampaignDraft } from '../../../lib/content-payload.ts';
import { secondsToSiteInput, siteInputToSeconds } from '../../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { contentFieldId, type DraftFieldsProps } from './draft-fields.ts';

const SELECT_CLASS = 'h-10 rounded-md border border-input bg-background px-3 text-sm';

/**
 * The campaign's facts as the editor gives them: platform, state, money in
 * the campaign's currency (typed in major units), backers, launch and end
 * on the site's clocks, and the creator's referral tag. Saved with the
 * post; readers see them in the post's fact box, its cards and the "Ending
 * soon" lists, and every link to the campaign carries the tag as `ref=`.
 */
export function CampaignFacts({ kind, draft, errors, onChange }: DraftFieldsProps) {
  const timeZone = useSiteTimeZone();
  const campaign = draft.campaign;
  const id = (field: string) => contentFieldId(kind, `campaign.${field}`);
  if (campaign === null) {
    return (
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">No funding facts yet: add the goal, the amount pledged and the end date to show them on the post.</p>
        <Button type="button" variant="outline" onClick={() => onChange({ campaign: { ...EMPTY_CAMPAIGN_DRAFT } })}>
          Add campaign facts
        </Button>
      </div>
    );
  }
  const set = (change: Partial<CampaignDraft>) =>
    onChange((current) => ({ campaign: current.campaign === null ? null : { ...current.campaign, ...change } }));
  const currency = campaign.currency.trim().toUpperCase() || 'USD';
  return (
    <fieldset className="grid gap-4 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">Funding facts</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('platform')} label="Platform" error={errors['campaign.platform']}>
          {(control) => (
            <select {...control} className={SELECT_CLASS} value={campaign.platform} onChange={(event) => set({ platform: event.target.value as CampaignDraft['platform'] })}>
              {CAMPAIGN_PLATFORMS.map((platform) => (
                <option key={platform} value={platform}>
                  {PLATFORM_LABELS[platform]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={id('state')} label="State" error={errors['campaign.state']}>
          {(control) => (
            <select {...control} className={SELECT_CLASS} value={campaign.state} onChange={(event) => set({ state: event.target.value as CampaignDraft['state'] })}>
              {CAMPAIGN_STATES.map((state) => (
                <option key={state} value={state}>
                  {CAMPAIGN_STATE_LABELS[state]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={id('currency')} label="Currency" hint="ISO code, such as USD or EUR" error={errors['campaign.currency']}>
          {(control) => (
            <Input {...control} maxLength={3} autoComplete="off" value={campaign.currency} onChange={(event) => set({ currency: event.target.value })} />
          )}
        </Field>
        <Field id={id('backers')} label="Backers" error={errors['campaign.backers']}>
          {(control) => (
            <Input {...control} inputMode="numeric" autoComplete="off" value={campaign.backers} onChange={(event) => set({ backers: event.target.value })} />
          )}
        </Field>
        <Field id={id('goal')} label={`Goal (${currency})`} error={errors['campaign.goal']}>
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" value={campaign.goal} onChange={(event) => set({ goal: event.target.value })} />
          )}
        </Field>
        <Field id={id('pledged')} label={`Pledged (${currency})`} error={errors['campaign.pledged']}>
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" value={campaign.pledged} onChange={(event) => set({ pledged: event.target.value })} />
          )}
        </Field>
        <Field id={id('launched_at')} label={`Launch (${timeZone})`} error={errors['campaign.launched_at']}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              step={1}
              value={campaign.launched_at === null ? '' : secondsToSiteInput(campaign.launched_at, timeZone)}
              onChange={(event) => set({ launched_at: siteInputToSeconds(event.target.value, timeZone) })}
            />
          )}
        </Field>
        <Field id={id('ends_at')} label={`End (${timeZone})`} error={errors['campaign.ends_at']}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              step={1}
              value={campaign.ends_at === null ? '' : secondsToSiteInput(campaign.ends_at, timeZone)}
              onChange={(event) => set({ ends_at: siteInputToSeconds(event.target.value, timeZone) })}
            />
          )}
        </Field>
        <Field
          id={id('ref_tag')}
          label="Referral tag"
          hint="Added as ref= to every link to the campaign; letters, digits and . _ ~ - only"
          error={errors['campaign.ref_tag']}
        >
          {(control) => (
            <Input {...control} maxLength={64} autoComplete="off" spellCheck={false} value={campaign.ref_tag} onChange={(event) => set({ ref_tag: event.target.value })} />
          )}
        </Field>
      </div>
      <CampaignBasicsFields campaign={campaign} currency={currency} errors={errors} id={id} set={set} />
      <div>
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange({ campaign: null })}>
          Remove campaign facts
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * The campaign's basics (decision 094): who runs it, where, the lowest
 * reward, when it ships and its video, shown in the fact box as "By
 * Loomwright · Lisbon, Portugal · Rewards from €89 · Ships Mar 2027".
 */
function CampaignBasicsFields({
  campaign,
  currency,
  errors,
  id,
  set,
}: {
  campaign: CampaignDraft;
  currency: string;
  errors: DraftFieldsProps['errors'];
  id: (field: string) => string;
  set: (change: Partial<CampaignDraft>) => void;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium">Campaign basics</legend>
      <Field id={id('creator_name')} label="Creator" hint="As they name themselves, such as Loomwright" error={errors['campaign.creator_name']}>
        {(control) => (
          <Input {...control} maxLength={CREATOR_NAME_MAX_LENGTH} autoComplete="off" value={campaign.creator_name} onChange={(event) => set({ creator_name: event.target.value })} />
        )}
      </Field>
      <Field id={id('location')} label="Location" hint="Such as Lisbon, Portugal" error={errors['campaign.location']}>
        {(control) => (
          <Input {...control} maxLength={LOCATION_MAX_LENGTH} autoComplete="off" value={campaign.location} onChange={(event) => set({ location: event.target.value })} />
        )}
      </Field>
      <Field
        id={id('reward_from')}
        label={`Rewards from (${currency})`}
        hint="The lowest pledge that gets the product"
        error={errors['campaign.reward_from']}
      >
        {(control) => (
          <Input {...control} inputMode="decimal" autoComplete="off" value={campaign.reward_from} onChange={(event) => set({ reward_from: event.target.value })} />
        )}
      </Field>
      <Field id={id('delivery_estimate')} label="Ships" hint="The month rewards are expected to ship" error={errors['campaign.delivery_estimate']}>
        {(control) => (
          <Input
            {...control}
            type="month"
            placeholder="2027-03"
            value={campaign.delivery_estimate}
            onChange={(event) => set({ delivery_estimate: event.target.value })}
          />
        )}
      </Field>
      <Field
        id={id('video_url')}
        label="Video"
        hint="A YouTube or Vimeo address; readers see our poster until they play it"
        error={errors['campaign.video_url']}
        className="sm:col-span-2"
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://www.youtube.com/watch?v=…"
            value={campaign.video_url}
            onChange={(event) => set({ video_url: event.target.value })}
          />
        )}
      </Field>
    </fieldset>
  );
}
