import { storedCoverImage } from '../site-images.ts';
import { isOneLine, oneLineMessage, optionalText, readTimeField, requiredText } from './fields.ts';
import { slugField } from './slug.ts';

/**
 * A cover: an upload's path, an image of this site, or an https address
 * (common/site-images.ts). The server then stores this site's absolute
 * addresses as paths, which only it can tell (it knows PUBLIC_URL).
 */
const coverImageField = optionalText('Cover image', 2048).superRefine((value, ctx) => {
  if (value === null) return;
  // `new URL` drops tabs and line breaks: the address checked would not be the one kept.
  if (!isOneLine(value)) {
    ctx.addIssue({ code: 'custom', message: oneLineMessage('Cover image') });
    return;
  }
  const stored = storedCoverImage(value);
  if (!stored.ok) ctx.addIssue({ code: 'custom', message: `Cover image ${stored.problem}` });
});

/** The fields every piece of content (post or resource) has, with the same rules. */
export const contentFields = {
  title: requiredText('Title', 300),
  slug: slugField,
  excerpt: optionalText('Excerpt', 1000),
  content: requiredText('Content', 500_000),
  cover_image: coverImageField,
  read_time: readTimeField,
};
