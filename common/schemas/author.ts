/**
 * A member of staff's public author profile (the page `/author/{slug}` and
 * the byline of the posts they are the author of): what Account and the
 * staff screen send, and the server checks, with the same messages.
 */
import { z } from 'zod';
import { isUploadPath } from '../site-images.ts';
import { isOneLine, oneLineMessage, storedAddress } from './fields.ts';
import { slugify } from './slug.ts';

export const AUTHOR_SLUG_MAX_LENGTH = 100;
export const AUTHOR_BIO_MAX_LENGTH = 300;
export const AUTHOR_LINKS_MAX = 3;
export const AUTHOR_LINK_MAX_LENGTH = 2048;

/**
 * Slugs no author may take, though the format allows them: words the
 * author pages or the back office may one day need under `/author/`, and
 * the site's roles, which would read as a title rather than a person. A
 * taken or reserved slug is a conflict (409), not a bad value: the form
 * cannot know which slugs are taken, so it learns both the same way.
 */
export const RESERVED_AUTHOR_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'api',
  'author',
  'authors',
  'editor',
  'editors',
  'feed',
  'me',
  'new',
  'owner',
  'page',
  'rss',
  'staff',
  'team',
]);

/** Whether `slug` is one no author may take. */
export function isReservedAuthorSlug(slug: string): boolean {
  return RESERVED_AUTHOR_SLUGS.has(slug);
}

/**
 * The slug an author gets when they have none yet: from their name, else
 * `author-{id}`; `taken` says whether another author has it (then the
 * account id makes it theirs).
 */
export function defaultAuthorSlug(name: string, id: number, taken: (slug: string) => boolean): string {
  const base = slugify(name).slice(0, AUTHOR_SLUG_MAX_LENGTH - 12).replace(/-+$/, '');
  if (base && !isReservedAuthorSlug(base) && !taken(base)) return base;
  return base ? `${base}-${id}` : `author-${id}`;
}

const slugField = z
  .string({ error: 'slug must be text' })
  .trim()
  .min(1, 'slug is required')
  .max(AUTHOR_SLUG_MAX_LENGTH, `slug must be at most ${AUTHOR_SLUG_MAX_LENGTH} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug may only contain lowercase letters, digits and single hyphens');

// Plain text: no markup is rendered from it, and a line break is kept as a space.
const bioField = z
  .string({ error: 'bio must be text' })
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .refine((value) => !value.includes('\u0000'), 'bio must not contain NUL characters')
  .refine((value) => [...value].length <= AUTHOR_BIO_MAX_LENGTH, `bio must be at most ${AUTHOR_BIO_MAX_LENGTH} characters`);

const avatarField = z
  .string({ error: 'avatar must be text' })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isUploadPath(value), 'avatar must be an uploaded image (/uploads/…)');

const linkField = z
  .string({ error: 'links must be text' })
  .trim()
  .min(1, 'links must not be empty')
  .max(AUTHOR_LINK_MAX_LENGTH, `links must be at most ${AUTHOR_LINK_MAX_LENGTH} characters each`)
  .transform((value, ctx) => {
    if (!isOneLine(value)) {
      ctx.addIssue({ code: 'custom', message: oneLineMessage('links') });
      return z.NEVER;
    }
    return storedAddress(value, ctx, 'links', (_value, url) => url?.protocol === 'https:', 'links must be https:// addresses');
  });

/** `PUT /api/admin/account/author` and `PUT /api/admin/users/{id}/author`. */
export const authorProfileSchema = z.object({
  slug: slugField,
  bio: bioField.nullish().transform((value) => value ?? ''),
  avatar: avatarField,
  links: z
    .array(linkField, { error: 'links must be a list of https:// addresses' })
    .max(AUTHOR_LINKS_MAX, `links: at most ${AUTHOR_LINKS_MAX} links`)
    .nullish()
    .transform((value) => [...new Set(value ?? [])]),
});

export type AuthorProfileInput = z.output<typeof authorProfileSchema>;
