/**
 * Authors: the public profile of every member of staff (a slug, a bio, an
 * avatar, links), edited by its owner under Account and by owners and
 * administrators for anyone; the author page's reads; the post editor's
 * choice of author. A profile edit changes what the author page and the
 * pages showing their byline say, so it runs through
 * `ContentChanges.write` naming that author's source (and the list of
 * authors, which the sitemap shows) alone.
 */
import type { AuthorChoiceJson, AuthorPageJson, AuthorProfileJson } from '../../../common/answers.ts';
import { DomainError, notFound } from '../../../common/errors.ts';
import { pageSource } from '../../../common/page-sources.ts';
import { authorProfileSchema, isReservedAuthorSlug } from '../../../common/schemas/author.ts';
import { storedImageAddress } from '../../../common/site-images.ts';
import { validate } from '../../../common/validate.ts';
import { siteOrigin } from '../../config.ts';
import { isUniqueViolation, nowSeconds } from '../../db/database.ts';
import type { PageRequest } from '../../db/paging.ts';
import { findRenamedAuthorSlug } from '../../db/queries/author-slug-history.ts';
import {
  findAuthorBySlug,
  findAuthorProfile,
  isAuthorSlugTaken,
  listAuthorChoices,
  listAuthorSlugsWithLivePosts,
  saveAuthorProfile,
} from '../../db/queries/authors.ts';
import { listPosts } from '../../db/queries/posts.ts';
import type { AppDeps } from '../../deps.ts';

const noSuchMember = () => notFound('No member of staff with this id.');

/** A slug another author holds, or one the site keeps: a conflict the form shows beside the field. */
function slugUnavailable(slug: string, reserved: boolean): DomainError {
  const message = reserved ? `slug "${slug}" is reserved by the site; choose another` : `slug "${slug}" is already another author's`;
  return new DomainError('SLUG_TAKEN', message, { fieldErrors: { slug: message } });
}

/**
 * The uploader answers this site's absolute address of an upload: kept as
 * its path, as a cover is, so the profile follows the site to another
 * origin. Anything else is left for the schema to judge.
 */
function withAvatarPath(values: unknown, origin: string): unknown {
  if (typeof values !== 'object' || values === null || !('avatar' in values) || typeof values.avatar !== 'string') return values;
  const stored = storedImageAddress(values.avatar.trim(), origin);
  return stored.ok ? { ...values, avatar: stored.value } : values;
}

export function authorsService(deps: AppDeps) {
  const { db, contentChanges } = deps;

  return {
    /** A member of staff's profile as Account and the staff screen edit it. */
    async profileOf(userId: number): Promise<AuthorProfileJson> {
      const profile = await findAuthorProfile(db, userId);
      if (!profile) throw noSuchMember();
      return profile;
    },

    /**
     * Saves a member of staff's profile: 400 naming the field for a bad
     * value, 409 for a slug another author holds or the site keeps.
     */
    async saveProfile(userId: number, values: unknown): Promise<AuthorProfileJson> {
      const input = validate(authorProfileSchema, withAvatarPath(values, siteOrigin(deps.config)));
      if (isReservedAuthorSlug(input.slug)) throw slugUnavailable(input.slug, true);
      try {
        return await contentChanges.write(db, new Set([pageSource.author(userId), pageSource.authorLists]), async (trx) => {
          if (await isAuthorSlugTaken(trx, input.slug, userId)) throw slugUnavailable(input.slug, false);
          const saved = await saveAuthorProfile(trx, userId, input);
          if (!saved) throw noSuchMember();
          return saved;
        });
      } catch (error) {
        // Taken by another save at the same moment: the unique index refuses the second.
        if (isUniqueViolation(error)) throw slugUnavailable(input.slug, false);
        throw error;
      }
    },

    /** Every member of staff, for the post editor's Author picker. */
    choices: (): Promise<AuthorChoiceJson[]> => listAuthorChoices(db),

    /** `/author/{slug}` and `GET /api/authors/{slug}`: the profile and a page of its live posts; undefined for no such author. */
    async findPage(slug: string, page: PageRequest): Promise<(AuthorPageJson & { id: number }) | undefined> {
      const found = await findAuthorBySlug(db, slug);
      if (!found) return undefined;
      const posts = await listPosts(db, { ...page, authorId: found.id });
      return { id: found.id, author: found.author, ...posts };
    },

    /** The public author at `slug` and their account id (their page's source); undefined for none. */
    findBySlug: (slug: string) => findAuthorBySlug(db, slug),

    /**
     * The public author whose page was at `oldSlug` before a change of slug
     * (decision 101), at their slug now; undefined when none, or when
     * they have no page any more.
     */
    async findRenamed(oldSlug: string): Promise<{ id: number; slug: string } | undefined> {
      const slug = await findRenamedAuthorSlug(db, oldSlug);
      const found = slug === undefined ? undefined : await findAuthorBySlug(db, slug);
      return found && { id: found.id, slug: found.author.slug };
    },

    /** The author pages the sitemap lists: those with live posts. */
    listSlugs: () => listAuthorSlugsWithLivePosts(db, nowSeconds()),
  };
}

export type AuthorsService = ReturnType<typeof authorsService>;
