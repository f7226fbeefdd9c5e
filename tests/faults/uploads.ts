/**
 * Image uploads against a running built server, and what they leave behind
 * on its disk and in its database: shared by the quota and disk-full tests.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect } from 'vitest';
import type { RunningServer } from './server.ts';

export function askToUpload(server: RunningServer, token: string, fileName: string, fileSize?: number) {
  return fetch(`${server.baseUrl}/api/admin/media/upload-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ fileName, contentType: 'image/png', ...(fileSize === undefined ? {} : { fileSize }) }),
  });
}

export async function startUpload(server: RunningServer, token: string, fileName: string, fileSize?: number) {
  const response = await askToUpload(server, token, fileName, fileSize);
  expect(response.status).toBe(201);
  return (await response.json()) as { upload_url: string; s3_key: string };
}

/** A PUT with Content-Length, as browsers send it. */
export function put(uploadUrl: string, bytes: Buffer) {
  return fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(bytes) });
}

/** Every file under `dir`, relative to it. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** The media rows of a server's SQLite database, oldest first. */
export function mediaRows(dataDir: string) {
  const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    return db.prepare('select s3_key, state from media order by id').all() as { s3_key: string; state: string }[];
  } finally {
    db.close();
  }
}

/** The widths of the resized copies recorded for `key`, or null while the background job has not finished. */
export function variantWidths(dataDir: string, key: string): string | null {
  const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    const row = db.prepare('select variant_widths from media where s3_key = ?').get(key) as { variant_widths: string | null } | undefined;
    return row?.variant_widths ?? null;
  } finally {
    db.close();
  }
}
