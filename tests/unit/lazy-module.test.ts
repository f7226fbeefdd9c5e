/**
 * Packages loaded on first use: loaded once and shared, a failed load named
 * (package and purpose) and tried again on the next call.
 */
import { describe, expect, it, vi } from 'vitest';
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

  it('lets go what it loaded once no call came for `releaseAfterMs`, and loads it again on the next call', async () => {
    vi.useFakeTimers();
    try {
      let loads = 0;
      const load = lazyModule('some-package', 'a purpose', async () => ({ n: ++loads }), { releaseAfterMs: 60_000 });
      const first = await load();
      vi.advanceTimersByTime(59_000);
      // A call within the time keeps it, and counts the time again from there.
      expect(await load()).toBe(first);
      vi.advanceTimersByTime(59_000);
      expect(await load()).toBe(first);
      expect(loads).toBe(1);
      vi.advanceTimersByTime(60_000);
      const second = await load();
      expect(second).not.toBe(first);
      expect(loads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads a real package through a dynamic import', async () => {
    const load = lazyModule('uqr', 'a test', () => import('uqr'));
    expect((await load()).renderSVG('x')).toContain('<svg');
  });
});
