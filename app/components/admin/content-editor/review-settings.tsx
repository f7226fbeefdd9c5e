import { REVIEW_LIMITS, VERDICT_LABELS, VERDICTS } from '../../../../common/review.ts';
import type { ReviewDraft } from '../../../lib/content-payload.ts';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { contentFieldId, type DraftFieldsProps } from './draft-fields.ts';
import { SettingsSection } from './settings-section.tsx';

const SELECT_CLASS = 'h-10 rounded-md border border-input bg-background px-3 text-sm';

/**
 * What the site thinks of the campaign: the verdict (none: no review), the
 * take, who it is for, the risks and a score, shown on the post as "Our
 * take" and on its card as a label. The editor leaves it out for a
 * sponsored post, which carries none (decision 093).
 */
export function ReviewSettings({ kind, draft, errors, onChange }: DraftFieldsProps) {
  const review = draft.review;
  const id = (field: string) => contentFieldId(kind, `review.${field}`);
  const set = (change: Partial<ReviewDraft>) => onChange((current) => ({ review: { ...current.review, ...change } }));
  const isOn = review.verdict !== '';
  return (
    <SettingsSection title="Review">
      {errors.review ? <p className="text-sm font-medium text-destructive">{errors.review}</p> : null}
      <Field id={id('verdict')} label="Verdict" hint="Shown on the post and its card. None: the post carries no review." error={errors['review.verdict']}>
        {(control) => (
          <select {...control} className={SELECT_CLASS} value={review.verdict} onChange={(event) => set({ verdict: event.target.value as ReviewDraft['verdict'] })}>
            <option value="">None</option>
            {VERDICTS.map((verdict) => (
              <option key={verdict} value={verdict}>
                {VERDICT_LABELS[verdict]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {isOn || review.take || review.for_whom || review.risks || review.score ? (
        <>
          <Field id={id('take')} label="Our take" hint={`${review.take.trim().length} of ${REVIEW_LIMITS.take} characters`} error={errors['review.take']}>
            {(control) => <Textarea {...control} rows={5} value={review.take} onChange={(event) => set({ take: event.target.value })} />}
          </Field>
          <Field id={id('for_whom')} label="Who it is for" hint={`Optional, up to ${REVIEW_LIMITS.forWhom} characters`} error={errors['review.for_whom']}>
            {(control) => <Input {...control} autoComplete="off" value={review.for_whom} onChange={(event) => set({ for_whom: event.target.value })} />}
          </Field>
          <Field
            id={id('risks')}
            label="Risks"
            hint={`One a line: up to ${REVIEW_LIMITS.risks}, each up to ${REVIEW_LIMITS.risk} characters`}
            error={errors['review.risks']}
          >
            {(control) => <Textarea {...control} rows={4} value={review.risks} onChange={(event) => set({ risks: event.target.value })} />}
          </Field>
          <Field
            id={id('score')}
            label="Score"
            hint={`A whole number from ${REVIEW_LIMITS.scoreMin} to ${REVIEW_LIMITS.scoreMax}; empty: no score`}
            error={errors['review.score']}
          >
            {(control) => (
              <Input {...control} inputMode="numeric" autoComplete="off" className="w-24" value={review.score} onChange={(event) => set({ score: event.target.value })} />
            )}
          </Field>
        </>
      ) : null}
    </SettingsSection>
  );
}
