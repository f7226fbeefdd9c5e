/**
 * Packages loaded on first use: loaded once and shared, a failed load named
 * (package and purpose) and tried again on the next call.
 */
import { describe, expect, it } from 'vitest';
import { lazyModule, ModuleLoadError } from '../../server/lazy-module.ts';

describe('lazyModule', () => {
  it('loads on the first call only, and shares the result', async () => {
    let loads = 0;
    const load = lazyModule('some-package', 'a purpose', async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it('names the package and what it is for when it cannot be loaded, and tries again on the next call', async () => {
    let attempts = 0;
    const load = lazyModule('some-package', 'image processing', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Cannot find module');
      return 'loaded';
    });
    const failure = await load().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ModuleLoadError);
    expect((failure as Error).message).toBe('some-package (image processing) could not be loaded: Cannot find module');
    expect((failure as Error).cause).toBeInstanceOf(Error);
    expect(await load()).toBe('loaded');
    expect(attempts).toBe(2);
  });

  it('loads a real package through a dynamic import', async () => {
    const load = lazyModule('uqr', 'a test', () => import('uqr'));
    expect((await load()).renderSVG('x')).toContain('<svg');
  });
});
