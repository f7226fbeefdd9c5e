import { Link } from 'react-router';

/** A category as a link to its page. */
export interface CategoryLink {
  slug: string;
  name: string;
}

/** The other categories, so a visitor is never stuck on one list. */
export function OtherCategories({ categories }: { categories: readonly CategoryLink[] }) {
  if (categories.length === 0) return null;
  return (
    <nav aria-labelledby="other-categories" className="mt-section border-t border-border pt-10">
      <h2 id="other-categories" className="section-title-sm">
        Other categories
      </h2>
      <ul className="mt-4 flex flex-wrap gap-3">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={`/category/${category.slug}`}
              prefetch="intent"
              className="inline-flex items-center rounded-full border border-border bg-card px-4 py-2 text-sm font-medium hover:border-primary hover:text-primary"
            >
              {category.name}
            </Link>
          </li>
        ))}
        <li>
          <Link
            to="/projects"
            prefetch="intent"
            className="inline-flex items-center rounded-full border border-border bg-card px-4 py-2 text-sm font-medium hover:border-primary hover:text-primary"
          >
            All Projects
          </Link>
        </li>
      </ul>
    </nav>
  );
}
