/**
 * The markdown libraries load on the first rendering (decision 039). When
 * they cannot be loaded, that is a fault of the installation: the rendering
 * fails as a server error rather than showing the source as text, and
 * nothing is kept for it, so the next request tries again.
 */
import { describe, expect, it, vi } from 'vitest';
import { ModuleLoadError } from '../../server/lazy-module.ts';
import { markdownService } from '../../server/services/content/markdown-renderings.ts';

vi.mock('remark-gfm', () => {
  throw new Error('not installed');
});

describe('the markdown service without its libraries', () => {
  it('fails with a ModuleLoadError, neither logging the source as unrenderable nor keeping anything', async () => {
    const service = markdownService();
    const errors: unknown[] = [];
    await expect(service.render('**bold**', (error) => errors.push(error))).rejects.toBeInstanceOf(ModuleLoadError);
    await expect(service.render('**bold**', (error) => errors.push(error))).rejects.toThrow(/remark-gfm/);
    expect(errors).toEqual([]);
    expect(service.stats().entries).toBe(0);
  });
});
