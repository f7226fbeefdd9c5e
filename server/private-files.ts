/**
 * DATA_DIR holds the database, the generated signing key and uploads: only
 * the server's own user may read them. Directories are 0700 and files 0600,
 * set with chmod after creating them (SQLite creates its files 0644, and a
 * umask can only take permissions away, never make them exact).
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The sticky bit: a directory every user shares, such as /tmp. */
const STICKY = 0o1000;

/**
 * Creates `dir` (and missing parents) owner-only; an existing directory that
 * group or others may use loses those permissions when this user owns it
 * (one it does not own, a mount point say, is left alone). A shared sticky
 * directory is never narrowed: a database file put straight into /tmp by a
 * server running as root must not take /tmp away from every other user.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (isSharedDir(dir)) return;
  narrow(dir, PRIVATE_DIR_MODE);
}

function isSharedDir(dir: string): boolean {
  try {
    return (statSync(dir).mode & STICKY) !== 0;
  } catch {
    return false;
  }
}

/** Makes `file` owner-only (at most 0600) if it exists. */
export function makeFilePrivate(file: string): void {
  narrow(file, PRIVATE_FILE_MODE);
}

/** Takes away every permission bit outside `mode`; never adds one. */
function narrow(target: string, mode: number): void {
  try {
    const current = statSync(target).mode & 0o7777;
    const narrowed = current & mode;
    if (narrowed !== current) chmodSync(target, narrowed);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Gone meanwhile, or not ours to change.
    if (code === 'ENOENT' || code === 'EPERM' || code === 'EACCES') return;
    throw error;
  }
}
