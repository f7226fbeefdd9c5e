import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error is a bug somewhere; make it fail the test.
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (calls.length > 0) throw new Error(`console.error was called: ${String(calls[0]?.[0])}`);
});
