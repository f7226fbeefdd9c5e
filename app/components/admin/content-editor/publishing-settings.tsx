import { formatSiteDateTime, secondsToSiteInput, siteInputToSeconds } from '../../../lib/dates.ts';
import { useSiteTimeZone } from '../../../lib/admin-time-zone.ts';
import type { ContentDraft, PublicationStage } from '../../../lib/content-payload.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';
import { contentFieldId, type DraftFieldsProps } from './draft-fields.ts';
import { ReadTimeField } from './read-time-field.tsx';
import { SettingsSection } from './settings-section.tsx';

/** When and whether the item is public, its read time and, for a post, its pin to the home page's lead tile. */
export function PublishingSettings({ kind, draft, errors, onChange }: DraftFieldsProps) {
  return (
    <SettingsSection title="Publishing">
      <Field id={contentFieldId(kind, 'status')} label="Status" error={errors.status}>
        {(control) => (
          <select
            {...control}
            value={draft.stage}
            onChange={(event) => {
              const stage = event.target.value as PublicationStage;
              onChange((current) => withStage(current, stage));
            }}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          >
            <option value="draft">Draft</option>
            <option value="scheduled">Scheduled</option>
            <option value="published">Published</option>
          </select>
        )}
      </Field>
      {draft.stage === 'draft' ? null : (
        <PublicationTime
          id={contentFieldId(kind, 'publish_at')}
          stage={draft.stage}
          value={draft.publish_at}
          error={errors.publish_at}
          onChange={(publish_at) => onChange({ publish_at })}
        />
      )}
      <ReadTimeField id={contentFieldId(kind, 'read_time')} draft={draft} error={errors.read_time} onChange={onChange} />
      {kind === 'post' ? <PinField id={contentFieldId(kind, 'pinned')} checked={draft.pinned} onChange={(pinned) => onChange({ pinned })} /> : null}
    </SettingsSection>
  );
}

/**
 * The stage chosen in the Status menu, with the time it keeps: a draft keeps
 * its first publication for when it is published again; Published drops a
 * time still ahead (it means now), Scheduled one already past (it needs a
 * new one).
 */
function withStage(draft: ContentDraft, stage: PublicationStage): ContentDraft {
  const now = Date.now() / 1000;
  const at = draft.publish_at;
  if (stage === 'published' && at !== null && at > now) return { ...draft, stage, publish_at: null };
  if (stage === 'scheduled' && at !== null && at <= now) return { ...draft, stage, publish_at: null };
  return { ...draft, stage };
}

/**
 * When the item goes public, on the clocks of the site's time zone (its
 * owner's setting): a time ahead for a schedule; for Published, the first
 * publication date (kept when published again), or empty for now.
 */
function PublicationTime({
  id,
  stage,
  value,
  error,
  onChange,
}: {
  id: string;
  stage: 'scheduled' | 'published';
  value: number | null;
  error: string | undefined;
  onChange: (value: number | null) => void;
}) {
  const timeZone = useSiteTimeZone();
  const isAhead = value !== null && value > Date.now() / 1000;
  const hint =
    stage === 'scheduled' ? (
      isAhead ? (
        <strong>Scheduled for {formatSiteDateTime(value, timeZone)}</strong>
      ) : (
        'Choose when it goes live.'
      )
    ) : value === null ? (
      'Empty: it is published now.'
    ) : (
      'Its publication date: kept when it is taken offline and published again, unless you change it.'
    );
  return (
    <Field id={id} label={`Publication time (${timeZone})`} error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type="datetime-local"
          step={1}
          required={stage === 'scheduled'}
          value={value === null ? '' : secondsToSiteInput(value, timeZone)}
          onChange={(event) => onChange(siteInputToSeconds(event.target.value, timeZone))}
        />
      )}
    </Field>
  );
}

/** The pin that puts a post on the home page's lead tile, the one way a sponsored post gets there (decision 080). */
function PinField({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <Checkbox id={id} checked={checked} aria-describedby={`${id}-hint`} onChange={(event) => onChange(event.target.checked)} />
        <Label htmlFor={id}>Pinned to the home page</Label>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        The newest pinned post leads the home page, sponsored or not. Without a pin, the newest post that is not sponsored leads.
      </p>
    </div>
  );
}
