/**
 * The one markdown dialect and sanitising of the site: GitHub-flavoured
 * markdown, raw HTML never rendered, and rehype-sanitize's safe subset
 * (no event handlers, no `javascript:` links). Posts, resources and the
 * newsletter's texts all render with these plugins.
 */
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

export const MARKDOWN_PLUGINS = { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeSanitize] };
