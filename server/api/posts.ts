import { Hono } from 'hono';
import { z } from 'zod';
import { postInputSchema, postUpdateSchema } from '../../app/lib/schemas/post.ts';
import { isUniqueViolation } from '../db/database.ts';
import { unknownCategoryIds } from '../db/queries/categories.ts';
import {
  deletePost,
  findPostById,
  findPublishedPostBySlug,
  insertPost,
  listAllPosts,
  listPublishedPosts,
  postExists,
  updatePost,
} from '../db/queries/posts.ts';
import { isSlugTaken } from '../db/queries/slugs.ts';
import type { Db } from '../db/schema.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { pagingQuerySchema } from '../http/cursor.ts';
import { ApiError, notFound, slugTaken, versionConflict } from '../http/errors.ts';
import { readIdParam, readJson, readQuery, readTextParam } from '../http/input.ts';

const publicListQuery = z
  .object({ categoryId: z.string().trim().max(100).optional() })
  .and(pagingQuerySchema);

async function checkPostReferences(
  trx: Db,
  input: { slug: string; category_ids: string[] },
  postId?: number,
) {
  const unknown = await unknownCategoryIds(trx, input.category_ids);
  if (unknown.length > 0) {
    throw new ApiError(400, 'VALIDATION_FAILED', `category_ids: unknown category "${unknown[0]}"`);
  }
  const except = postId === undefined ? undefined : { table: 'posts' as const, id: postId };
  if (await isSlugTaken(trx, input.slug, except)) throw slugTaken(input.slug);
}

/** GET /posts and GET /posts/{slug}: published posts only, whatever the query says. */
export function postsApi({ db }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = readQuery(c, publicListQuery);
    return c.json(
      await listPublishedPosts(db, {
        categoryId: query.categoryId,
        pageSize: query.pageSize,
        cursor: query.cursor,
      }),
    );
  });

  app.get('/:slug', async (c) => {
    const post = await findPublishedPostBySlug(db, readTextParam(c, 'slug', 'Post'));
    if (!post) throw notFound('Post not found');
    return c.json(post);
  });

  return app;
}

/** /admin/posts: the back office's full CRUD, drafts included. */
export function adminPostsApi({ db }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = readQuery(c, pagingQuerySchema);
    return c.json(await listAllPosts(db, query));
  });

  app.get('/:id', async (c) => {
    const post = await findPostById(db, readIdParam(c, 'Post'));
    if (!post) throw notFound('Post not found');
    return c.json(post);
  });

  app.post('/', async (c) => {
    const input = await readJson(c, postInputSchema);
    try {
      const post = await db.transaction().execute(async (trx) => {
        await checkPostReferences(trx, input);
        return insertPost(trx, input);
      });
      return c.json(post, 201);
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(input.slug);
      throw error;
    }
  });

  app.put('/:id', async (c) => {
    const id = readIdParam(c, 'Post');
    const input = await readJson(c, postUpdateSchema);
    try {
      const post = await db.transaction().execute(async (trx) => {
        if (!(await postExists(trx, id))) throw notFound('Post not found');
        await checkPostReferences(trx, input, id);
        const updated = await updatePost(trx, id, input);
        if (!updated) throw versionConflict('post');
        return updated;
      });
      return c.json(post);
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(input.slug);
      throw error;
    }
  });

  app.delete('/:id', async (c) => {
    const deleted = await deletePost(db, readIdParam(c, 'Post'));
    if (!deleted) throw notFound('Post not found');
    return c.body(null, 204);
  });

  return app;
}
