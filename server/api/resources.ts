import { Hono } from 'hono';
import { z } from 'zod';
import { resourceInputSchema, resourceUpdateSchema } from '../../app/lib/schemas/resource.ts';
import { isUniqueViolation } from '../db/database.ts';
import { findCategoryById, findCategoryBySlug, unknownCategoryIds } from '../db/queries/categories.ts';
import {
  deleteResource,
  findPublishedResourceBySlug,
  findResourceById,
  insertResource,
  listAllResources,
  listPublishedResources,
  resourceExists,
  updateResource,
} from '../db/queries/resources.ts';
import { isSlugTaken } from '../db/queries/slugs.ts';
import type { Db } from '../db/schema.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { pagingQuerySchema } from '../http/cursor.ts';
import { ApiError, notFound, slugTaken, versionConflict } from '../http/errors.ts';
import { readIdParam, readJson, readQuery, readTextParam } from '../http/input.ts';

const publicListQuery = z.object({ category: z.string().trim().max(100).optional() }).and(pagingQuerySchema);

async function checkResourceReferences(
  trx: Db,
  input: { slug: string; category_id?: string | null | undefined },
  resourceId?: number,
) {
  if (input.category_id) {
    const unknown = await unknownCategoryIds(trx, [input.category_id]);
    if (unknown.length > 0) {
      throw new ApiError(400, 'VALIDATION_FAILED', `category_id: unknown category "${unknown[0]}"`);
    }
  }
  const except = resourceId === undefined ? undefined : { table: 'resources' as const, id: resourceId };
  if (await isSlugTaken(trx, input.slug, except)) throw slugTaken(input.slug);
}

/** GET /resources and GET /resources/{slug}: published resources only. */
export function resourcesApi({ db }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = readQuery(c, publicListQuery);
    let categoryId: string | undefined;
    if (query.category) {
      // Either the category's id or its slug; an unknown one matches nothing.
      const category =
        (await findCategoryById(db, query.category)) ?? (await findCategoryBySlug(db, query.category));
      if (!category) return c.json({ resources: [], next_token: null });
      categoryId = category.id;
    }
    return c.json(
      await listPublishedResources(db, { categoryId, pageSize: query.pageSize, cursor: query.cursor }),
    );
  });

  app.get('/:slug', async (c) => {
    const resource = await findPublishedResourceBySlug(db, readTextParam(c, 'slug', 'Resource'));
    if (!resource) throw notFound('Resource not found');
    return c.json(resource);
  });

  return app;
}

/** /admin/resources: the back office's full CRUD, drafts included. */
export function adminResourcesApi({ db }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => c.json(await listAllResources(db, readQuery(c, pagingQuerySchema))));

  app.get('/:id', async (c) => {
    const resource = await findResourceById(db, readIdParam(c, 'Resource'));
    if (!resource) throw notFound('Resource not found');
    return c.json(resource);
  });

  app.post('/', async (c) => {
    const input = await readJson(c, resourceInputSchema);
    try {
      const resource = await db.transaction().execute(async (trx) => {
        await checkResourceReferences(trx, input);
        return insertResource(trx, input);
      });
      return c.json(resource, 201);
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(input.slug);
      throw error;
    }
  });

  app.put('/:id', async (c) => {
    const id = readIdParam(c, 'Resource');
    const input = await readJson(c, resourceUpdateSchema);
    try {
      const resource = await db.transaction().execute(async (trx) => {
        if (!(await resourceExists(trx, id))) throw notFound('Resource not found');
        await checkResourceReferences(trx, input, id);
        const updated = await updateResource(trx, id, input);
        if (!updated) throw versionConflict('resource');
        return updated;
      });
      return c.json(resource);
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(input.slug);
      throw error;
    }
  });

  app.delete('/:id', async (c) => {
    const deleted = await deleteResource(db, readIdParam(c, 'Resource'));
    if (!deleted) throw notFound('Resource not found');
    return c.body(null, 204);
  });

  return app;
}
