/**
 * SPEC.md section 3: the known category ids and their labels. Cards show any
 * other id as it is.
 */
const CATEGORY_LABELS: Readonly<Record<string, string>> = {
  funding: 'Funding',
  tech: 'Technology',
  creative: 'Creative Projects',
  social: 'Social Impact',
  business: 'Business',
};

/** The label of a category id: `categoryLabel('tech')` is `Technology`, an unknown id comes back raw. */
export function categoryLabel(id: string): string {
  return Object.hasOwn(CATEGORY_LABELS, id) ? (CATEGORY_LABELS[id] as string) : id;
}
