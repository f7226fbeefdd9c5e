/**
 * The site's own images (`/images/…`, the default logo): files of the web
 * build, or of `public/` when the server runs from the sources. Read by the
 * social cards, which draw from covers, and by the first start, which makes
 * the demo covers uploads.
 */
import path from 'node:path';
import { open } from 'node:fs/promises';
import type { CappedRead } from './driver.ts';

/** Where the site's own images are looked for, in order. */
export const SITE_FILE_DIRS: readonly string[] = ['build/client', 'public'];

/** A file of the site's own images, read only when it has at most `maxBytes`; null when there is none. */
export async function readSiteImage(address: string, maxBytes: number, dirs: readonly string[] = SITE_FILE_DIRS): Promise<CappedRead | null> {
  for (const dir of dirs) {
    const root = path.resolve(dir);
    const file = path.resolve(root, `.${address}`);
    // The address is canonical already (common/site-images.ts); this keeps even a wrong one inside the folder.
    if (!file.startsWith(root + path.sep)) return null;
    let handle;
    try {
      handle = await open(file, 'r');
    } catch {
      continue; // Not in this folder: the next one.
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) continue;
      if (info.size > maxBytes) return { status: 'too_large', size: info.size };
      const bytes = Buffer.alloc(info.size);
      const { bytesRead } = await handle.read(bytes, 0, info.size, 0);
      return { status: 'read', bytes: bytes.subarray(0, bytesRead) };
    } finally {
      await handle.close();
    }
  }
  return null;
}
