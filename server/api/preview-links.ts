/**
 * /admin/posts/{id}/preview-links and /admin/resources/{id}/preview-links:
 * POST makes a link (201 `{ id, url, expires_at, created_at }`), GET lists
 * the links that still work, DELETE revokes them all, DELETE …/{linkId} one.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import { readIdParam } from '../http/input.ts';
import type { PreviewLinksService, PreviewLinkContentType } from '../services/content/preview-links.ts';

export function adminPreviewLinksApi(previewLinks: PreviewLinksService, type: PreviewLinkContentType) {
  const app = new Hono<AppEnv>();
  const label = type === 'post' ? 'Post' : 'Resource';

  app.post('/:id/preview-links', async (c) => {
    return c.json(await previewLinks.create(type, readIdParam(c, label), c.get('staff').userId), 201);
  });
  app.get('/:id/preview-links', async (c) => c.json({ links: await previewLinks.list(type, readIdParam(c, label)) }));
  app.delete('/:id/preview-links', async (c) => {
    await previewLinks.revoke(type, readIdParam(c, label));
    return c.body(null, 204);
  });
  app.delete('/:id/preview-links/:linkId', async (c) => {
    await previewLinks.revoke(type, readIdParam(c, label), readIdParam(c, 'Preview link', 'linkId'));
    return c.body(null, 204);
  });
  return app;
}
