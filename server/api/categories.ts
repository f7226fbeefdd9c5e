import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import { readTextParam } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

/** GET /categories and GET /categories/{slug}. */
export function categoriesApi({ categories }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ categories: await categories.list() }));
  app.get('/:slug', async (c) => c.json(await categories.getBySlug(readTextParam(c, 'slug', 'Category'))));
  return app;
}

/** GET /admin/categories and GET /admin/categories/{id} (read only). */
export function adminCategoriesApi({ categories }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ categories: await categories.list() }));
  app.get('/:id', async (c) => c.json(await categories.getById(readTextParam(c, 'id', 'Category'))));
  return app;
}
