/**
 * Preview links: "Share preview" on a draft or scheduled post or resource
 * makes a link that shows it as it will look, for seven days or until
 * revoked, so a sponsor can check their article before it goes live. The
 * token is random and only its hash is stored; the page that opens it is
 * never cached and never indexed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PostJson, ResourceJson } from '../../common/answers.ts';
import { DomainError, notFound } from '../../common/errors.ts';
import { isLive } from '../../common/publication.ts';
import { siteLink } from '../config.ts';
import { nowSeconds } from '../db/database.ts';
import { findContentState } from '../db/queries/content.ts';
import { findPost } from '../db/queries/posts.ts';
import {
  findValidPreviewLink,
  insertPreviewLink,
  listValidPreviewLinks,
  revokePreviewLinks,
  type PreviewLinkRecord,
} from '../db/queries/preview-links.ts';
import { findResource } from '../db/queries/resources.ts';
import { CONTENT_TABLES, type ContentType } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

export const PREVIEW_LINK_DAYS = 7;

/** The kinds of content a preview link can show. */
export type PreviewLinkContentType = ContentType;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What an administrator is told of a link: its address only when it is made. */
export interface PreviewLinkJson {
  id: number;
  url?: string;
  created_at: number;
  expires_at: number;
}

export type PreviewedItem = { kind: 'post'; post: PostJson } | { kind: 'resource'; resource: ResourceJson };

const LABELS: Record<ContentType, string> = { post: 'Post', resource: 'Resource' };

export function previewLinksService(deps: AppDeps) {
  const { db, logger } = deps;

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
      const now = nowSeconds();
      if (isLive(state, now)) {
        throw new DomainError('INVALID_STATUS_TRANSITION', `This ${type} is published: share its address instead of a preview`);
      }
      const token = randomBytes(32).toString('base64url');
      const link = await insertPreviewLink(db, {
        tokenHash: hashToken(token),
        type,
        id,
        createdBy,
        now,
        expiresAt: now + PREVIEW_LINK_DAYS * 24 * 60 * 60,
      });
      logger.info({ type, id, link: link.id }, 'preview link created');
      return toJson(link, siteLink(deps.config, `/preview/${token}`));
    },

    async list(type: ContentType, id: number): Promise<PreviewLinkJson[]> {
      await mustExist(type, id);
      return (await listValidPreviewLinks(db, type, id, nowSeconds())).map((link) => toJson(link));
    },

    /** Revokes one link, or every link of the item; NOT_FOUND when there was none to revoke. */
    async revoke(type: ContentType, id: number, linkId?: number): Promise<void> {
      await mustExist(type, id);
      const revoked = await revokePreviewLinks(db, type, id, nowSeconds(), linkId);
      if (linkId !== undefined && revoked === 0) throw notFound('Preview link not found');
    },

    /** The item a preview link opens, whatever its state; undefined for a bad, expired or revoked link. */
    async open(token: string): Promise<PreviewedItem | undefined> {
      if (!token || token.length > 100) return undefined;
      const link = await findValidPreviewLink(db, hashToken(token), nowSeconds());
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
