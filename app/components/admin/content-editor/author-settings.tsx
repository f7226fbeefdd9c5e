import type { AuthorChoiceJson } from '../../../../common/answers.ts';
import { Field } from '../../ui/field.tsx';
import { useSignedInStaffId } from '../staff-permissions.ts';
import { contentFieldId, type DraftFieldsProps } from './draft-fields.ts';
import { SettingsSection } from './settings-section.tsx';

/** The value of "No byline" in the list: no account has id 0. */
const NO_AUTHOR = '0';

/**
 * The Author picker: the member of staff the post's byline names. A new
 * post is its creator's until another is picked; a member of staff without
 * a name shows no byline, which the list says.
 */
export function AuthorSettings({ kind, draft, errors, onChange, authors }: DraftFieldsProps & { authors: AuthorChoiceJson[] }) {
  const me = useSignedInStaffId();
  const chosen = draft.author_id === undefined ? me : draft.author_id;
  const id = contentFieldId(kind, 'author_id');
  return (
    <SettingsSection title="Author">
      <Field id={id} label="Reviewed by" error={errors.author_id} hint="The byline of the post, linked to the author's page.">
        {(control) => (
          <select
            {...control}
            value={chosen === null ? NO_AUTHOR : String(chosen)}
            onChange={(event) => {
              const value = event.target.value;
              onChange({ author_id: value === NO_AUTHOR ? null : Number(value) });
            }}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          >
            {authors.map((author) => (
              <option key={author.id} value={String(author.id)}>
                {`${author.name ? author.name : `Member of staff ${author.id} (no name: no byline)`}${author.id === me ? ' (you)' : ''}`}
              </option>
            ))}
            <option value={NO_AUTHOR}>No byline</option>
          </select>
        )}
      </Field>
    </SettingsSection>
  );
}
