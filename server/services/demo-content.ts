/**
 * The demo content a fresh install was seeded with (decision 053): what of
 * it is left, for the back office's banner and badges, and its removal in
 * one go, by the owner alone. Only flagged rows are touched: nothing the
 * owner made is ever removed here.
 */
import type { DemoContentJson } from '../../common/answers.ts';
import { DomainError } from '../../common/errors.ts';
import { deleteContent, listDemoContent } from '../db/queries/content.ts';
import type { AppDeps } from '../deps.ts';
import type { AuditLogService } from './audit-log.ts';
import type { Caller, Staff } from '../auth/caller.ts';

export function demoContentService({ db, contentChanges }: AppDeps, audit: AuditLogService) {
  async function left(): Promise<DemoContentJson> {
    const [posts, resources] = await Promise.all([listDemoContent(db, 'posts'), listDemoContent(db, 'resources')]);
    return { posts, resources };
  }

  return {
    list: left,

    /** Deletes every demo post and resource in one transaction, as a delete of each would; answers what went. */
    async removeAll(staff: Staff, caller: Caller): Promise<{ posts: number; resources: number }> {
      if (staff.role !== 'owner') throw new DomainError('FORBIDDEN', 'Only the owner can remove the demo content.');
      contentChanges.notify();
      let removed: { posts: number; resources: number };
      try {
        removed = await db.transaction().execute(async (trx) => {
          const posts = await listDemoContent(trx, 'posts');
          const resources = await listDemoContent(trx, 'resources');
          for (const { id } of posts) await deleteContent(trx, 'posts', id);
          for (const { id } of resources) await deleteContent(trx, 'resources', id);
          return { posts: posts.length, resources: resources.length };
        });
      } finally {
        contentChanges.notify();
      }
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
  };
}

export type DemoContentService = ReturnType<typeof demoContentService>;
