/** DATA_DIR is made owner-only, but a shared sticky directory such as /tmp is never narrowed. */
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePrivateDir } from '../../server/private-files.ts';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'private-files-'));
  made.push(dir);
  return dir;
};
const modeOf = (dir: string) => statSync(dir).mode & 0o7777;

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('ensurePrivateDir', () => {
  it('takes group and other permissions away from a directory of its own', () => {
    const dir = tempDir();
    chmodSync(dir, 0o755);
    ensurePrivateDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  it('creates a missing directory owner-only', () => {
    const dir = path.join(tempDir(), 'data');
    ensurePrivateDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  it('leaves a shared sticky directory as it is, like /tmp for a database file put straight into it', () => {
    const dir = tempDir();
    chmodSync(dir, 0o1777);
    ensurePrivateDir(dir);
    expect(modeOf(dir)).toBe(0o1777);
  });
});
