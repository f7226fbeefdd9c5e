import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';
import { CampaignFacts } from './campaign-facts.tsx';
import { contentFieldId, type DraftFieldsProps } from './draft-fields.ts';
import { SettingsSection } from './settings-section.tsx';
import { useCampaignPrefill } from './use-campaign-prefill.ts';

/** A post's campaign link and facts, and whether it is a paid (Sponsored) post. */
export function CampaignSettings({ kind, draft, errors, onChange, refresh = null }: DraftFieldsProps & { refresh?: ReactNode }) {
  const sponsoredId = contentFieldId(kind, 'sponsored');
  const prefill = useCampaignPrefill(draft, onChange);
  const isFromSubmission = draft.fromSubmission !== null;
  return (
    <SettingsSection title="Campaign">
      <Field id={contentFieldId(kind, 'campaign_url')} label="Campaign URL *" error={errors.campaign_url}>
        {(control) => (
          <Input
            {...control}
            type="url"
            placeholder="https://"
            value={draft.campaign_url}
            onChange={(event) => onChange({ campaign_url: event.target.value })}
            onPaste={(event) => void prefill(event.clipboardData.getData('text'))}
          />
        )}
      </Field>
      <CampaignFacts kind={kind} draft={draft} errors={errors} onChange={onChange} />
      {refresh}
      <div className="grid gap-2">
        <div className="flex items-center gap-2">
          <Checkbox
            id={sponsoredId}
            checked={draft.sponsored || isFromSubmission}
            disabled={isFromSubmission}
            aria-describedby={`${sponsoredId}-hint`}
            onChange={(event) => onChange({ sponsored: event.target.checked })}
          />
          <Label htmlFor={sponsoredId}>Sponsored</Label>
        </div>
        <p id={`${sponsoredId}-hint`} className="text-sm text-muted-foreground">
          {isFromSubmission ? (
            <>
              Made from a paid{' '}
              <Link className="text-primary underline underline-offset-4" to="/admin/submissions?status=approved">
                sponsored submission
              </Link>
              : the Sponsored label stays on, as advertising rules require.
            </>
          ) : (
            'A paid post: labelled Sponsored on the site, in the feed and the newsletter, and its campaign links are marked as paid.'
          )}
        </p>
      </div>
    </SettingsSection>
  );
}
