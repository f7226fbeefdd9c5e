import { Hono } from 'hono';
import { notFound } from '../../common/errors.ts';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { pagingQuerySchema, readIdParam, readJsonObject, readQuery } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';
import { sponsoredListFilterSchema } from '../services/sponsors/sponsored-submissions.ts';

/** POST /submissions/sponsored: a sponsored-post request without checkout. */
export function sponsoredSubmissionsApi({ sponsoredSubmissions }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => c.json(await sponsoredSubmissions.submit(await readJsonObject(c), callerOf(c)), 201));
  return app;
}

/**
 * /admin/submissions/sponsored: review (filtered by status, payment and `q`),
 * approve and reject, draft the post of a paid one, and send its preview to
 * the sponsor; one submission comes with its timeline.
 */
export function adminSponsoredSubmissionsApi({ sponsoredSubmissions }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) =>
    c.json(await sponsoredSubmissions.list(readQuery(c, sponsoredListFilterSchema.and(pagingQuerySchema)))),
  );
  app.get('/:id', async (c) => {
    const submission = await sponsoredSubmissions.find(readIdParam(c, 'Submission'));
    if (!submission) throw notFound('Submission not found');
    return c.json(submission);
  });
  // 201 with the new draft post, 200 with the same post after that.
  app.post('/:id/draft', async (c) => {
    const { post, created } = await sponsoredSubmissions.createDraft(readIdParam(c, 'Submission'), c.get('staff'));
    return c.json(post, created ? 201 : 200);
  });
  // 201 with the link (to copy: it cannot be read again) and the mail on the timeline.
  app.post('/:id/preview', async (c) =>
    c.json(await sponsoredSubmissions.sendPreview(readIdParam(c, 'Submission'), c.get('staff')), 201),
  );
  // 201 with the new report link; the old one stops working.
  app.post('/:id/report-link', async (c) => c.json(await sponsoredSubmissions.reissueReportLink(readIdParam(c, 'Submission')), 201));
  app.delete('/:id/report-link', async (c) => {
    await sponsoredSubmissions.revokeReportLink(readIdParam(c, 'Submission'));
    return c.body(null, 204);
  });
  app.patch('/:id', async (c) => {
    const id = readIdParam(c, 'Submission');
    return c.json(await sponsoredSubmissions.changeStatus(id, await readJsonObject(c), c.get('staff')));
  });
  return app;
}
