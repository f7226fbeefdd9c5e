import { useDeferredValue, useMemo } from 'react';
import { estimateReadTime, WORDS_PER_MINUTE } from '../../../../common/read-time.ts';
import type { ContentDraft } from '../../../lib/content-payload.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';

/**
 * The read time: estimated from the content and following it, unless the
 * author sets it by hand (then an empty field saves none).
 */
export function ReadTimeField({
  id,
  draft,
  error,
  onChange,
}: {
  id: string;
  draft: ContentDraft;
  error: string | undefined;
  onChange: (changes: Pick<ContentDraft, 'read_time' | 'readTimeOverridden'>) => void;
}) {
  // Deferred so a long body's estimate never holds up the keystroke that changed it; the saved
  // value is estimated again from the content itself.
  const content = useDeferredValue(draft.content);
  const estimate = useMemo(() => estimateReadTime(content), [content]);
  const overridden = draft.readTimeOverridden;
  return (
    <div className="grid gap-3">
      <Field
        id={id}
        label="Read Time (minutes)"
        error={error}
        hint={
          overridden
            ? `Set by hand. The content reads in about ${estimate} min.`
            : `Estimated from the content at ${WORDS_PER_MINUTE} words a minute; it follows the text.`
        }
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="5"
            readOnly={!overridden}
            className={overridden ? undefined : 'bg-muted'}
            value={overridden ? draft.read_time : String(estimate)}
            onChange={(event) => onChange({ read_time: event.target.value, readTimeOverridden: true })}
          />
        )}
      </Field>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-override`}
          checked={overridden}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? { read_time: draft.read_time || String(estimate), readTimeOverridden: true }
                : { read_time: draft.read_time, readTimeOverridden: false },
            )
          }
        />
        <Label htmlFor={`${id}-override`}>Set the read time by hand</Label>
      </div>
    </div>
  );
}
