import type { AppLoadContext } from 'react-router';
import { findCategoryBySlug, listCategories, type CategoryJson } from '../../server/db/queries/categories.ts';

export type Category = CategoryJson;

/** Every category, in menu order (the navigation's Projects dropdown). */
export function listAllCategories(context: AppLoadContext): Promise<Category[]> {
  return listCategories(context.deps.db);
}

export function findCategory(context: AppLoadContext, slug: string): Promise<Category | undefined> {
  return findCategoryBySlug(context.deps.db, slug);
}
