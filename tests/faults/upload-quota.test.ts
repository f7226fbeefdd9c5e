/**
 * A full upload quota (UPLOAD_QUOTA_MB): once the stored images take the
 * quota, an upload that would pass it is refused with a clear 507 JSON
 * error, whether its size is declared up front or only seen as the bytes
 * arrive. Nothing half-written stays, no media row claims a missing file,
 * smaller uploads still fit, and a restarted server counts what is on disk.
 */
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { adminToken, cleanUpServers, killServer, startServer } from './server.ts';
import { askToUpload, filesUnder, mediaRows, put, startUpload, variantWidths } from './uploads.ts';

afterEach(cleanUpServers);

const QUOTA = { UPLOAD_QUOTA_MB: '1' };
const OVER_QUOTA = /^Not enough storage left for this file: uploads may take 1 MB in all and [\d.]+ (KB|bytes?) (is|are) left\. Please contact the site administrator\.$/;

/** A flat-coloured PNG stored without compression: about width × height × 3 bytes, with tiny resized copies. */
function uncompressedImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}


/** A PUT without Content-Length (chunked): the size shows only as the bytes arrive. */
function putChunked(uploadUrl: string, bytes: Buffer) {
  const chunkSize = 64 * 1024;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) controller.close();
      else controller.enqueue(new Uint8Array(bytes.subarray(offset, (offset += chunkSize))));
    },
  });
  const init: RequestInit & { duplex: 'half' } = { method: 'PUT', headers: { 'content-type': 'image/png' }, body, duplex: 'half' };
  return fetch(uploadUrl, init);
}


async function expectOverQuota(response: Response) {
  expect(response.status).toBe(507);
  const body = (await response.json()) as { error: string; message: string };
  expect(body.error).toBe('UPLOAD_FAILED');
  expect(body.message).toMatch(OVER_QUOTA);
}

describe('a full upload quota', () => {
  it('refuses what does not fit with 507, keeps nothing of it and still takes what fits', async () => {
    let server = await startServer(QUOTA);
    let token = await adminToken(server);
    const uploads = path.join(server.dataDir, 'uploads');

    const large = await uncompressedImage(500, 400);
    expect(large.length).toBeGreaterThan(600_000);
    const first = await startUpload(server, token, 'first.png', large.length);
    expect((await put(first.upload_url, large)).status).toBe(204);
    // Its resized copies are written in the background, through .incoming: wait until they are in place.
    await expect.poll(() => variantWidths(server.dataDir, first.s3_key), { timeout: 10_000 }).not.toBeNull();

    // A declared size that does not fit is refused before anything is recorded...
    await expectOverQuota(await askToUpload(server, token, 'second.png', large.length));
    expect(mediaRows(server.dataDir)).toHaveLength(1);

    // ...and so is one whose size is only known when it is sent.
    const declaredOnPut = await startUpload(server, token, 'declared-on-put.png');
    await expectOverQuota(await put(declaredOnPut.upload_url, large));
    const streamed = await startUpload(server, token, 'streamed.png');
    await expectOverQuota(await putChunked(streamed.upload_url, large));

    // Nothing of the refused files stays; their rows still say "not uploaded".
    const stored = filesUnder(uploads).filter((file) => !file.startsWith('.incoming'));
    expect(filesUnder(path.join(uploads, '.incoming'))).toEqual([]);
    expect(stored).toContain(path.relative('uploads', first.s3_key));
    expect(stored.some((file) => file.includes(path.basename(streamed.s3_key, '.png')))).toBe(false);
    expect(mediaRows(server.dataDir)).toEqual([
      { s3_key: first.s3_key, state: 'ready' },
      { s3_key: declaredOnPut.s3_key, state: 'pending' },
      { s3_key: streamed.s3_key, state: 'pending' },
    ]);
    expect((await fetch(`${server.baseUrl}/${streamed.s3_key}`)).status).toBe(404);

    // A smaller image still fits (the refused ones hold no room), on the same keep-alive connections.
    const small = await uncompressedImage(300, 200);
    const fits = await startUpload(server, token, 'small.png', small.length);
    expect((await put(fits.upload_url, small)).status).toBe(204);
    const served = await fetch(`${server.baseUrl}/${fits.s3_key}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(small)).toBe(true);

    // Started again, the server counts the files already on disk.
    await killServer(server);
    server = await startServer(QUOTA, { dataDir: server.dataDir });
    token = await adminToken(server);
    await expectOverQuota(await askToUpload(server, token, 'after-restart.png', large.length));
    expect(server.stderr()).toBe('');
  });
});
