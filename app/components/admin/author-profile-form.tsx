import { useState, type FormEvent } from 'react';
import type { AuthorProfileJson } from '../../../common/answers.ts';
import { authorPath } from '../../../common/authors.ts';
import { fieldErrorsOf } from '../../../common/field-errors.ts';
import {
  AUTHOR_BIO_MAX_LENGTH,
  AUTHOR_LINKS_MAX,
  AUTHOR_SLUG_MAX_LENGTH,
  authorProfileSchema,
} from '../../../common/schemas/author.ts';
import { describeFailure } from '../../lib/admin-session.ts';
import { notifySuccess } from '../../lib/admin-toasts.ts';
import { api, isSessionExpired } from '../../lib/api-client.ts';
import { Byline } from '../content-meta.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { Textarea } from '../ui/textarea.tsx';
import { ImageUploader } from './image-uploader/image-uploader.tsx';

type Errors = Partial<Record<string, string>>;

/** The field a refusal names: the API's messages start with it ("slug …", "links: …"). */
function fieldOfMessage(message: string): string | null {
  return /^(slug|bio|avatar|links)\b/.exec(message)?.[1] ?? null;
}

/**
 * A member of staff's public author profile, with the byline their posts
 * show as it will read: under Account for one's own (`apiPath`
 * `/admin/account/author`), on the staff screen for anyone's.
 */
export function AuthorProfileForm({
  profile,
  apiPath,
  idPrefix,
  onSaved,
}: {
  profile: AuthorProfileJson;
  apiPath: string;
  /** Keeps the ids of two forms on one page apart. */
  idPrefix: string;
  onSaved?: (profile: AuthorProfileJson) => void;
}) {
  const [slug, setSlug] = useState(profile.slug ?? '');
  const [bio, setBio] = useState(profile.bio);
  const [avatar, setAvatar] = useState<string | null>(profile.avatar);
  const [links, setLinks] = useState<string[]>(() => [...profile.links, '', '', ''].slice(0, AUTHOR_LINKS_MAX));
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  const id = (field: string) => `${idPrefix}-${field}`;
  const payload = { slug, bio, avatar, links: links.map((link) => link.trim()).filter((link) => link !== '') };

  async function save(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    // The avatar's address is this site's own upload: the server keeps its path (the schema wants a path).
    const checked = authorProfileSchema.safeParse({ ...payload, avatar: avatar && avatar.replace(/^https?:\/\/[^/]+(?=\/uploads\/)/, '') });
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error));
      return;
    }
    setErrors({});
    setIsSaving(true);
    try {
      const saved = await api.put<AuthorProfileJson>(apiPath, payload);
      setSlug(saved.slug ?? '');
      setBio(saved.bio);
      setAvatar(saved.avatar);
      notifySuccess('Author profile saved');
      onSaved?.(saved);
    } catch (error) {
      if (isSessionExpired(error)) throw error;
      const text = describeFailure(error, 'The author profile could not be saved');
      const field = fieldOfMessage(text);
      if (field) setErrors({ [field]: text });
      else setMessage(text);
    } finally {
      setIsSaving(false);
    }
  }

  const name = profile.name.trim();
  return (
    <form noValidate onSubmit={(event) => void save(event)} className="grid gap-4">
      <div className="grid gap-2">
        <p className="text-sm font-medium">Byline preview</p>
        {/* As a post page shows it; without a name, posts show no byline. */}
        <div className="rounded-md border border-border bg-muted/40 px-4 py-3" aria-live="polite">
          {name && slug ? (
            <p className="content-meta">
              <Byline author={{ name, slug, url: authorPath(slug), avatar }} />
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Set a name under Your details: posts show no byline without one.</p>
          )}
        </div>
      </div>
      <Field id={id('slug')} label="Address of the author page" error={errors.slug} hint={`/author/${slug || '…'}: lowercase letters, digits and hyphens. Change it and the old address leads here, until another author takes it.`}>
        {(control) => (
          <Input {...control} name="slug" value={slug} maxLength={AUTHOR_SLUG_MAX_LENGTH} autoComplete="off" onChange={(event) => setSlug(event.target.value)} />
        )}
      </Field>
      <Field id={id('bio')} label="Short bio" error={errors.bio} hint={`Plain text, up to ${AUTHOR_BIO_MAX_LENGTH} characters (${[...bio].length} now).`}>
        {(control) => <Textarea {...control} name="bio" rows={3} value={bio} onChange={(event) => setBio(event.target.value)} />}
      </Field>
      <ImageUploader id={id('avatar')} label="Avatar" value={avatar} error={errors.avatar} onChange={setAvatar} onUploadingChange={setIsUploading} />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Links (https, up to {AUTHOR_LINKS_MAX})</legend>
        {links.map((link, index) => (
          <Field key={index} id={id(`link-${index}`)} label={`Link ${index + 1}`} error={index === 0 ? errors.links : undefined}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={link}
                onChange={(event) => setLinks(links.map((other, at) => (at === index ? event.target.value : other)))}
              />
            )}
          </Field>
        ))}
      </fieldset>
      {message ? (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
      <Button type="submit" className="w-fit" disabled={isSaving || isUploading}>
        {isSaving ? 'Saving...' : 'Save author profile'}
      </Button>
    </form>
  );
}
