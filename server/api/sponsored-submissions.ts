import { Hono } from 'hono';
import { z } from 'zod';
import {
  sponsoredSubmissionSchema,
  sponsoredSubmissionStatusSchema,
} from '../../app/lib/schemas/sponsored-submission.ts';
import {
  countSponsoredSubmissionsByStatus,
  findSponsoredSubmissionById,
  insertSponsoredSubmission,
  listSponsoredSubmissions,
  SPONSORED_TRANSITIONS,
  updateSponsoredSubmissionStatus,
} from '../db/queries/sponsored-submissions.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { clientIp } from '../http/client-ip.ts';
import { pagingQuerySchema } from '../http/cursor.ts';
import { ApiError, notFound, versionConflict } from '../http/errors.ts';
import { readIdParam, readJson, readQuery } from '../http/input.ts';
import { hitRateLimit, tooManyRequests } from '../http/rate-limit.ts';

/** POST /submissions/sponsored: a sponsored-post request without checkout. */
export function sponsoredSubmissionsApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const input = await readJson(c, sponsoredSubmissionSchema);
    const limit = await hitRateLimit(
      deps.db,
      deps.rateLimits.sponsoredPerIp,
      clientIp(c, deps.config.TRUST_PROXY),
    );
    if (!limit.allowed) throw tooManyRequests(limit);
    const submission = await insertSponsoredSubmission(deps.db, input);
    return c.json({ id: submission.id, status: submission.status }, 201);
  });
  return app;
}

const adminListQuery = z
  .object({
    status: z
      .enum(['new', 'approved', 'rejected'], { error: 'status must be new, approved or rejected' })
      .optional(),
  })
  .and(pagingQuerySchema);

/** /admin/submissions/sponsored: review, approve and reject. */
export function adminSponsoredSubmissionsApi({ db }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = readQuery(c, adminListQuery);
    const [page, counts] = await Promise.all([
      listSponsoredSubmissions(db, query),
      countSponsoredSubmissionsByStatus(db),
    ]);
    return c.json({ ...page, counts });
  });

  app.get('/:id', async (c) => {
    const submission = await findSponsoredSubmissionById(db, readIdParam(c, 'Submission'));
    if (!submission) throw notFound('Submission not found');
    return c.json(submission);
  });

  app.patch('/:id', async (c) => {
    const id = readIdParam(c, 'Submission');
    const { status, version } = await readJson(c, sponsoredSubmissionStatusSchema);
    const updated = await db.transaction().execute(async (trx) => {
      const current = await findSponsoredSubmissionById(trx, id);
      if (!current) throw notFound('Submission not found');
      if (current.version !== version) throw versionConflict('submission');
      if (!SPONSORED_TRANSITIONS[current.status].includes(status)) {
        throw new ApiError(
          409,
          'INVALID_STATUS_TRANSITION',
          current.status === status
            ? `This submission is already ${status}`
            : `A submission cannot go from ${current.status} to ${status}`,
        );
      }
      const result = await updateSponsoredSubmissionStatus(trx, id, status, version);
      if (!result) throw versionConflict('submission');
      return result;
    });
    return c.json(updated);
  });

  return app;
}
