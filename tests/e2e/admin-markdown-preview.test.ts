/**
 * The editor's markdown preview sanitises as the public pages do: links to
 * data:, vbscript: and javascript: addresses lose their address, raw HTML
 * is not rendered, ordinary links stay.
 */
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { useJourney } from './harness.ts';

describe('the markdown preview of the editor', () => {
  const { visitor: admin } = useJourney();

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
    const preview = page.locator('.wmde-markdown');
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
});
