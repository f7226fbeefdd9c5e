import { describe, expect, it } from 'vitest';
import { useSiteApp } from './site-app.ts';

describe('the back office documents', () => {
  const { site } = useSiteApp();

  for (const path of ['/auth', '/admin', '/admin/posts', '/admin/posts/new', '/admin/resources/7', '/admin/newsletter', '/admin/forgot-password', '/admin/reset-password?token=abc', '/admin/staff', '/admin/accept-invite?token=abc']) {
    it(`serves ${path} as private, never indexed and without any admin data`, async () => {
      const response = await site.get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      // Admin data needs the token in the browser: the server sends the loading state only.
      expect(html).toContain('role="status"');
      expect(html).not.toContain('Administrator');
    });
  }

  it('never keeps an admin document in the rendered-page cache', async () => {
    const first = await site.get('/admin');
    const second = await site.get('/admin');
    expect(first.headers.get('etag')).toBeNull();
    expect(second.headers.get('etag')).toBeNull();
  });
});
