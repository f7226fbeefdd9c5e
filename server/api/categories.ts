import { Hono } from 'hono';
import { findCategoryById, findCategoryBySlug, listCategories } from '../db/queries/categories.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { readTextParam } from '../http/input.ts';

/** GET /categories and GET /categories/{slug}. */
export function categoriesApi({ db }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ categories: await listCategories(db) }));
  app.get('/:slug', async (c) => {
    const category = await findCategoryBySlug(db, readTextParam(c, 'slug', 'Category'));
    if (!category) throw notFound('Category not found');
    return c.json(category);
  });
  return app;
}

/** GET /admin/categories and GET /admin/categories/{id} (read only). */
export function adminCategoriesApi({ db }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ categories: await listCategories(db) }));
  app.get('/:id', async (c) => {
    const category = await findCategoryById(db, readTextParam(c, 'id', 'Category'));
    if (!category) throw notFound('Category not found');
    return c.json(category);
  });
  return app;
}
