import { imageAddressField, optionalText, readTimeField, requiredText } from './fields.ts';
import { slugField } from './slug.ts';

/** The fields every piece of content (post or resource) has, with the same rules. */
export const contentFields = {
  title: requiredText('Title', 300),
  slug: slugField,
  excerpt: optionalText('Excerpt', 1000),
  content: requiredText('Content', 500_000),
  cover_image: imageAddressField('Cover image'),
  read_time: readTimeField,
};
