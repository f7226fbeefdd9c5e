import type { CategoryJson } from '../../../../common/answers.ts';
import type { ContentKind } from '../../../lib/content-payload.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import { FieldError } from '../../ui/field.tsx';
import { Label } from '../../ui/label.tsx';
import { contentFieldId } from './draft-fields.ts';
import { SettingsSection } from './settings-section.tsx';

/** A post's categories, any number of them; sent in the menu's order, ids the list lacks kept. */
export function CategorySettings({
  kind,
  categories,
  value,
  error,
  onChange,
}: {
  kind: ContentKind;
  categories: CategoryJson[];
  value: string[];
  error: string | undefined;
  onChange: (ids: string[]) => void;
}) {
  const id = contentFieldId(kind, 'category_ids');
  const toggle = (categoryId: string, isChecked: boolean) => {
    const chosen = new Set(value);
    if (isChecked) chosen.add(categoryId);
    else chosen.delete(categoryId);
    const known = categories.map((category) => category.id);
    onChange([...known.filter((known) => chosen.has(known)), ...value.filter((other) => !known.includes(other))]);
  };
  return (
    <SettingsSection title="Categories">
      {/* Focused when the form refuses the choice, so its message is read out. */}
      <fieldset id={id} tabIndex={-1} aria-describedby={error ? `${id}-error` : undefined} className="grid gap-2 rounded-md">
        <legend className="sr-only">Categories</legend>
        {categories.length === 0 ? <p className="text-sm text-muted-foreground">No categories yet.</p> : null}
        <ul className="grid gap-2">
          {categories.map((category) => (
            <li key={category.id} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${category.id}`}
                checked={value.includes(category.id)}
                aria-invalid={error ? true : undefined}
                onChange={(event) => toggle(category.id, event.target.checked)}
              />
              <Label htmlFor={`${id}-${category.id}`} className="font-normal">
                {category.name}
              </Label>
            </li>
          ))}
        </ul>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </fieldset>
    </SettingsSection>
  );
}
