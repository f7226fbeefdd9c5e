/**
 * A full disk during an upload: the uploads folder is a 1 MB tmpfs and an
 * image larger than that is uploaded. The client gets a clear 507 JSON
 * error, the half-written temporary file is removed, no media row claims a
 * file that is not there, and the next upload that fits is stored and served.
 * Needs root (to mount the tmpfs).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { noiseImage } from '../helpers/images.ts';
import { adminToken, cleanUpServers, createDataDir, killServer, startServer, type RunningServer } from './server.ts';
import { filesUnder, mediaRows, put, startUpload } from './uploads.ts';

const DISK_SIZE = '1m';

/** Why a small disk cannot be mounted here, or null when it can. */
function tmpfsUnavailableReason(): string | null {
  if (process.getuid?.() !== 0) return 'not running as root, so cannot mount a small disk';
  const probe = mkdtempSync(path.join(os.tmpdir(), 'showcase-faults-probe-'));
  try {
    mount(probe);
    execFileSync('umount', [probe]);
    return null;
  } catch {
    return 'mounting a tmpfs is not allowed on this machine';
  } finally {
    rmdirSync(probe);
  }
}

function mount(dir: string) {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_SIZE}`, 'tmpfs', dir], { stdio: 'ignore' });
}

const unavailable = tmpfsUnavailableReason();
const mounted: string[] = [];
let server: RunningServer | undefined;

afterEach(async () => {
  // The server must be gone before its disk can be unmounted.
  if (server) await killServer(server);
  server = undefined;
  for (const dir of mounted.splice(0)) execFileSync('umount', [dir]);
  await cleanUpServers();
});

describe('a full disk', () => {
  it.skipIf(unavailable !== null)(
    `refuses an upload that does not fit with 507, leaves nothing half-written and keeps working${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    async () => {
      const dataDir = createDataDir();
      const uploads = path.join(dataDir, 'uploads');
      mkdirSync(uploads);
      mount(uploads);
      mounted.push(uploads);
      server = await startServer({}, { dataDir });
      const token = await adminToken(server);

      const tooLarge = await noiseImage(800, 700);
      expect(tooLarge.length).toBeGreaterThan(1024 * 1024);
      const refused = await startUpload(server, token, 'too-large.png');
      const answer = await put(refused.upload_url, tooLarge);
      expect(answer.status).toBe(507);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await answer.json()).toEqual({
        error: 'UPLOAD_FAILED',
        message: 'The server has no room left to store this file. Please contact the site administrator.',
      });

      // Nothing half-written stays, and the row still says "not uploaded".
      expect(filesUnder(uploads)).toEqual([]);
      expect(mediaRows(dataDir)).toEqual([{ s3_key: refused.s3_key, state: 'pending' }]);
      expect((await fetch(`${server.baseUrl}/${refused.s3_key}`)).status).toBe(404);

      // The room the failed upload took is free again: an image that fits is stored and served.
      const fits = await noiseImage(300, 200);
      const accepted = await startUpload(server, token, 'fits.png');
      expect((await put(accepted.upload_url, fits)).status).toBe(204);
      const served = await fetch(`${server.baseUrl}/${accepted.s3_key}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(fits)).toBe(true);
      expect(existsSync(path.join(uploads, path.relative('uploads', accepted.s3_key)))).toBe(true);
      expect(mediaRows(dataDir)).toContainEqual({ s3_key: accepted.s3_key, state: 'ready' });

      expect(server.isRunning()).toBe(true);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      expect(server.stderr()).toBe('');
    },
  );
});
