/**
 * The editor's markdown preview sanitises as the public pages do: links to
 * data:, vbscript: and javascript: addresses lose their address, raw HTML
 * is not rendered, ordinary links stay. And it wears the public article's
 * styles, so a post looks in the preview as it will on the site.
 */
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, seedPosts, useJourney } from './harness.ts';

describe('the markdown preview of the editor', () => {
  const { site, visitor: admin } = useJourney();

  it('renders no dangerous link and no raw HTML', async () => {
    const { page } = admin;
    await signIn(page);
    await openAdmin(page, '/admin/posts/new', 'New Post');
    await page
      .locator('#post-content')
      .fill(
        '[data](data:text/html,<script>alert(1)</script>) [vb](vbscript:msgbox) [js](javascript:alert(1)) [ok](https://example.com/ok)\n\n<img src="x" onerror="alert(1)"><b id="raw">raw</b>',
      );
    await page.getByRole('button', { name: 'Preview code (ctrl + 9)' }).click();
    const preview = page.locator('.w-md-editor-preview .markdown');
    await preview.getByText('ok').waitFor();
    const links = await preview.locator('a').evaluateAll((anchors) =>
      anchors.map((anchor) => ({ text: anchor.textContent, href: anchor.getAttribute('href') })),
    );
    expect(links.find((link) => link.text === 'ok')?.href).toBe('https://example.com/ok');
    for (const name of ['data', 'vb', 'js']) {
      const href = links.find((link) => link.text === name)?.href ?? '';
      expect(href, name).not.toMatch(/^(data|vbscript|javascript):/i);
    }
    expect(await preview.locator('img[onerror], #raw').count()).toBe(0);
  });

  it('styles the preview as the public page styles the post', async () => {
    const { page } = admin;
    const content = '## A heading\n\nSome text with [a link](https://example.com/x).\n\n- one\n- two\n\n> A quote';
    await seedPosts(site, [{ slug: 'styled-post', title: 'Styled post', content }]);
    const styles = (root: string) =>
      page.locator(root).evaluate((body) => {
        const style = (selector: string, properties: string[]) => {
          const element = selector === ':scope' ? body : body.querySelector(selector);
          if (!element) return null;
          const computed = getComputedStyle(element);
          return properties.map((property) => computed.getPropertyValue(property));
        };
        return {
          body: style(':scope', ['line-height']),
          heading: style('h2', ['font-size', 'font-weight', 'margin-top']),
          link: style('a', ['text-decoration-line', 'text-underline-offset']),
          list: style('ul', ['list-style-type', 'padding-left']),
          quote: style('blockquote', ['border-left-width', 'font-style']),
        };
      });

    await page.goto('/styled-post', { waitUntil: 'networkidle' });
    const published = await styles('article .markdown');
    // The section title of docs/design.md: semibold, with two of its own sizes above it.
    expect(published.heading).toEqual(['25px', '600', '50px']);

    await openAdmin(page, '/admin/posts/new', 'New Post');
    await page.locator('#post-content').fill(content);
    await page.getByRole('button', { name: 'Preview code (ctrl + 9)' }).click();
    await page.locator('.w-md-editor-preview .markdown h2').waitFor();
    expect(await styles('.w-md-editor-preview .markdown')).toEqual(published);
    await expectNoSeriousA11yViolations(page);
  });
});
