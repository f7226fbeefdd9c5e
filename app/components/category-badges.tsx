import type { CategoryBadge } from '../lib/content-cards.ts';
import { Badge } from './ui/badge.tsx';

/** The categories a card shows: on a category's own page, that category goes without saying. */
export function shownCategories(categories: CategoryBadge[], pageCategoryId?: string): CategoryBadge[] {
  return pageCategoryId === undefined ? categories : categories.filter((category) => category.id !== pageCategoryId);
}

/** A post's categories as badges: known ids by label, others raw (SPEC.md section 3). */
export function CategoryBadges({ categories, className }: { categories: CategoryBadge[]; className?: string }) {
  if (categories.length === 0) return null;
  return (
    <ul className={className ?? 'flex flex-wrap gap-1.5'} aria-label="Categories">
      {categories.map((category) => (
        <li key={category.id}>
          <Badge variant="secondary">{category.label}</Badge>
        </li>
      ))}
    </ul>
  );
}
