/**
 * The one markdown dialect and sanitising of the site: GitHub-flavoured
 * markdown, raw HTML never rendered, and rehype-sanitize's safe subset
 * (no event handlers, no `javascript:` links). Posts, resources and the
 * newsletter's texts all render with these plugins.
 *
 * This module names the libraries but does not load them: the server loads
 * them on its first rendering (decision 039), and the stamp and types below
 * are read by code that never renders.
 */
import type rehypeSanitize from 'rehype-sanitize';
import type remarkGfm from 'remark-gfm';

/** react-markdown's plugin options of the dialect, given the libraries as their loader got them. */
export function markdownPlugins(libraries: { remarkGfm: typeof remarkGfm; rehypeSanitize: typeof rehypeSanitize }) {
  return { remarkPlugins: [libraries.remarkGfm], rehypePlugins: [libraries.rehypeSanitize] };
}

/**
 * What makes the HTML of a markdown source: the libraries that parse,
 * sanitise and print it, at the versions installed, and `rules` for the
 * options above. Rendered HTML is stored and reused under a key that
 * includes this (decision 033), so it must change whenever the output could:
 * a unit test fails when an installed version differs from the one named
 * here, and `rules` goes up with any change to markdownPlugins.
 */
export const MARKDOWN_RENDERER = {
  rules: 1,
  libraries: {
    'react-markdown': '10.1.0',
    'remark-gfm': '4.0.1',
    'rehype-sanitize': '6.0.0',
    'hast-util-sanitize': '5.0.2',
    'react-dom': '19.3.1',
  },
} as const;

/** Either sanitised HTML, or (when rendering failed) the source to show as text. */
export type RenderedMarkdown = { html: string } | { raw: string };
