/**
 * The demo content a fresh install was seeded with (decision 053): what of
 * it is left, for the back office's banner and badges, its covers made
 * uploads on the first start (decision 076), and its removal in one go, by
 * the owner alone. Only flagged rows are touched: nothing the
 * owner made is ever removed here.
 */
import type { DemoContentJson } from '../../../common/answers.ts';
import { DomainError } from '../../../common/errors.ts';
import path from 'node:path';
import { nowSeconds } from '../../db/database.ts';
import { deleteContent, listDemoContent, listDemoSiteCovers, replaceDemoCover } from '../../db/queries/content.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuditLogService } from './audit-log.ts';
import type { MediaService } from './media.ts';
import type { Caller, Staff } from '../../auth/caller.ts';

export function demoContentService({ db, contentChanges, logger }: AppDeps, audit: AuditLogService, media: MediaService) {
  async function left(): Promise<DemoContentJson> {
    const [posts, resources] = await Promise.all([listDemoContent(db, 'posts'), listDemoContent(db, 'resources')]);
    return { posts, resources };
  }

  return {
    list: left,

    /** Deletes every demo post and resource in one transaction, as a delete of each would; answers what went. */
    async removeAll(staff: Staff, caller: Caller): Promise<{ posts: number; resources: number }> {
      if (staff.role !== 'owner') throw new DomainError('FORBIDDEN', 'Only the owner can remove the demo content.');
      const removed = await contentChanges.write(db, null, async (trx) => {
        const posts = await listDemoContent(trx, 'posts');
        const resources = await listDemoContent(trx, 'resources');
        for (const { id } of posts) await deleteContent(trx, 'posts', id);
        for (const { id } of resources) await deleteContent(trx, 'resources', id);
        return { posts: posts.length, resources: resources.length };
      });
      await audit.record({
        userId: staff.userId,
        userEmail: staff.email,
        ipAddress: caller.clientIp,
        action: 'demo_content.remove',
        entity: 'demo_content',
        entityId: 'all',
        detail: removed,
      });
      return removed;
    },

    /**
     * Makes the demo covers uploads (decision 076): each `/images/demo/…`
     * WebP cover of a demo row is stored as an upload, its resized copies
     * enqueued, and the rows point at it, so the demo pages serve the same
     * sized, long-cached copies as covers the owner uploads. Run by the
     * server that has just seeded the demo content, before it serves. A
     * cover that cannot be read or stored stays the site's own image, which
     * is served all the same. Answers how many covers moved.
     */
    async moveCoversToUploads(readImage: (address: string) => Promise<Uint8Array | null>): Promise<number> {
      const covers = new Set([...(await listDemoSiteCovers(db, 'posts')), ...(await listDemoSiteCovers(db, 'resources'))]);
      const moves: { from: string; to: string }[] = [];
      for (const cover of covers) {
        if (!cover.endsWith('.webp')) continue;
        try {
          const bytes = await readImage(cover);
          if (!bytes) {
            logger.warn({ cover }, 'demo cover not found: it stays one of the site images');
            continue;
          }
          moves.push({ from: cover, to: `/${await media.importImage(path.posix.basename(cover), 'image/webp', bytes)}` });
        } catch (error) {
          logger.warn({ err: error, cover }, 'demo cover could not be stored as an upload: it stays one of the site images');
        }
      }
      if (moves.length === 0) return 0;
      const now = nowSeconds();
      await contentChanges.write(db, null, async (trx) => {
        for (const { from, to } of moves) {
          await replaceDemoCover(trx, 'posts', from, to, now);
          await replaceDemoCover(trx, 'resources', from, to, now);
        }
      });
      return moves.length;
    },
  };
}

export type DemoContentService = ReturnType<typeof demoContentService>;
