import { z } from 'zod';

/**
 * The slug rule of SPEC.md section 5: lowercase, runs of non-alphanumerics
 * become one hyphen, leading and trailing hyphens trimmed.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Paths that belong to the site itself. A post or resource is served at
 * `/{slug}`, so these slugs would be unreachable or would shadow a page.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'auth',
  'author',
  'campaign-update',
  'category',
  'contact-us',
  'embed',
  'ending-soon',
  'follow',
  'go',
  'n',
  'share',
  'free-indiegogo-fee-calculator',
  'instant-kickstarter-fee-calculator',
  'newsletter',
  'payment',
  'preview',
  'privacy-policy',
  'projects',
  'resources',
  'robots-txt',
  'search',
  'sitemap-xml',
  'sponsor-report',
  'submit-your-project-for-a-sponsored-post',
  'terms-of-service',
  'uploads',
  'assets',
  'checkout',
]);

export const slugField = z
  .string({ error: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .max(200, 'Slug must be at most 200 characters')
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Slug may only contain lowercase letters, digits and single hyphens',
  )
  .refine((value) => !RESERVED_SLUGS.has(value), 'Slug is reserved by the site; choose another');
