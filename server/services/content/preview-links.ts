/**
 * Preview links: "Share preview" on a draft or scheduled post or resource
 * makes a link that shows it as it will look, for seven days or until
 * revoked, so a sponsor can check their article before it goes live. The
 * link itself is server/private-links/ (only its token's hash is kept); the
 * page that opens it is never cached and never indexed.
 */
import type { PostJson, PreviewLinkJson, ResourceJson } from '../../../common/answers.ts';
import { DomainError, notFound } from '../../../common/errors.ts';
import { isLive } from '../../../common/publication.ts';
import { nowSeconds } from '../../db/database.ts';
import { findContentState } from '../../db/queries/content.ts';
import { findPost } from '../../db/queries/posts.ts';
import type { PreviewLinkRecord } from '../../db/queries/preview-links.ts';
import { findResource } from '../../db/queries/resources.ts';
import { CONTENT_TABLES, type ContentType } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { previewLinks } from '../../private-links/links.ts';

/** The kinds of content a preview link can show. */
export type PreviewLinkContentType = ContentType;

export type PreviewedItem = { kind: 'post'; post: PostJson } | { kind: 'resource'; resource: ResourceJson };

const LABELS: Record<ContentType, string> = { post: 'Post', resource: 'Resource' };

export function previewLinksService(deps: AppDeps) {
  const { db, logger } = deps;
  const links = previewLinks(deps);

  async function mustExist(type: ContentType, id: number) {
    const state = await findContentState(db, CONTENT_TABLES[type], id);
    if (!state) throw notFound(`${LABELS[type]} not found`);
    return state;
  }

  const toJson = (link: PreviewLinkRecord, url?: string): PreviewLinkJson => ({
    id: link.id,
    ...(url ? { url } : {}),
    created_at: link.created_at,
    expires_at: link.expires_at,
  });

  return {
    /** A new link for a draft or scheduled item; a live one is refused (its own address is the link). */
    async create(type: ContentType, id: number, createdBy: number | null): Promise<PreviewLinkJson> {
      const state = await mustExist(type, id);
      if (isLive(state, nowSeconds())) {
        throw new DomainError('INVALID_STATUS_TRANSITION', `This ${type} is published: share its address instead of a preview`);
      }
      const { link, url } = await links.issue(db, type, id, createdBy);
      logger.info({ type, id, link: link.id }, 'preview link created');
      return toJson(link, url);
    },

    async list(type: ContentType, id: number): Promise<PreviewLinkJson[]> {
      await mustExist(type, id);
      return (await links.list(db, type, id)).map((link) => toJson(link));
    },

    /** Revokes one link, or every link of the item; NOT_FOUND when there was none to revoke. */
    async revoke(type: ContentType, id: number, linkId?: number): Promise<void> {
      await mustExist(type, id);
      const revoked = await links.revoke(db, type, id, linkId);
      if (linkId !== undefined && revoked === 0) throw notFound('Preview link not found');
    },

    /** The item a preview link opens, whatever its state; undefined for a bad, expired or revoked link. */
    async open(token: string): Promise<PreviewedItem | undefined> {
      const link = await links.open(db, token);
      if (!link) return undefined;
      if (link.content_type === 'post') {
        const post = await findPost(db, { id: link.content_id });
        return post && { kind: 'post', post };
      }
      const resource = await findResource(db, { id: link.content_id });
      return resource && { kind: 'resource', resource };
    },
  };
}

export type PreviewLinksService = ReturnType<typeof previewLinksService>;
