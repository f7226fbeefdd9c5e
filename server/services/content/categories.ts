/** Categories: read only, for the navigation, the category pages and the editors. */
import type { CategoryJson } from '../../../common/answers.ts';
import { notFound } from '../../../common/errors.ts';
import { findCategoryById, findCategoryBySlug, listCategories } from '../../db/queries/categories.ts';
import type { AppDeps } from '../../deps.ts';

export function categoriesService({ db }: AppDeps) {
  return {
    /** Every category, in menu order. */
    list: (): Promise<CategoryJson[]> => listCategories(db),

    findBySlug: (slug: string): Promise<CategoryJson | undefined> => findCategoryBySlug(db, slug),

    async getBySlug(slug: string): Promise<CategoryJson> {
      const category = await findCategoryBySlug(db, slug);
      if (!category) throw notFound('Category not found');
      return category;
    },

    async getById(id: string): Promise<CategoryJson> {
      const category = await findCategoryById(db, id);
      if (!category) throw notFound('Category not found');
      return category;
    },

    /** A category named by its id or its slug; undefined when neither matches. */
    async findByIdOrSlug(idOrSlug: string): Promise<CategoryJson | undefined> {
      return (await findCategoryById(db, idOrSlug)) ?? (await findCategoryBySlug(db, idOrSlug));
    },
  };
}
