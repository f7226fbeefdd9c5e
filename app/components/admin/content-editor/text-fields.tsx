import { lazy, Suspense } from 'react';
import { slugify } from '../../../../common/schemas/slug.ts';
import { Input } from '../../ui/input.tsx';
import { Field } from '../../ui/field.tsx';
import { Label } from '../../ui/label.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { contentFieldId, type DraftFieldsProps } from './draft-fields.ts';

// The editor and its styles stay out of every other page's bundle.
const MarkdownEditor = lazy(() => import('../markdown-editor.tsx'));

/** The text of a post or resource: title (which sets the slug), slug, excerpt and content. */
export function TextFields({ kind, draft, errors, onChange }: DraftFieldsProps) {
  const fieldId = (field: 'title' | 'slug' | 'excerpt') => contentFieldId(kind, field);
  return (
    <>
      <Field id={fieldId('title')} label="Title" error={errors.title}>
        {(control) => (
          <Input
            {...control}
            required
            value={draft.title}
            onChange={(event) => {
              const title = event.target.value;
              onChange({ title, slug: slugify(title) });
            }}
          />
        )}
      </Field>
      <Field id={fieldId('slug')} label="Slug" error={errors.slug}>
        {(control) => <Input {...control} required value={draft.slug} onChange={(event) => onChange({ slug: event.target.value })} />}
      </Field>
      <Field id={fieldId('excerpt')} label="Excerpt" error={errors.excerpt} hint="Shown under the title, on cards, and as the page's description for search engines and social networks.">
        {(control) => <Textarea {...control} rows={3} value={draft.excerpt} onChange={(event) => onChange({ excerpt: event.target.value })} />}
      </Field>
      <ContentField id={contentFieldId(kind, 'content')} value={draft.content} error={errors.content} onChange={(content) => onChange({ content })} />
    </>
  );
}

/** The markdown body, in the editor loaded on demand. */
function ContentField({ id, value, error, onChange }: { id: string; value: string; error: string | undefined; onChange: (content: string) => void }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Content</Label>
      <Suspense fallback={<Spinner label="Loading the editor" />}>
        <MarkdownEditor id={id} value={value} onChange={onChange} invalid={Boolean(error)} describedBy={error ? `${id}-error` : undefined} />
      </Suspense>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
