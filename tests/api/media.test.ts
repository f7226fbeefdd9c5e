import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadImage } from '../../app/lib/upload.ts';
import { createApp } from '../../server/app.ts';
import type { MediaRow } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { runMaintenance } from '../../server/maintenance.ts';
import { MediaStorage } from '../../server/storage/media.ts';
import { cameraPhoto, PHOTOGRAPHER } from '../helpers/images.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { freePort } from '../helpers/free-port.ts';

let t: TestApp;
let token: string;
let dataDir: string;
let media: MediaStorage;
let app: ReturnType<typeof createApp>;
let png: Buffer;
let sitePort: number;
let largePng: Buffer;
let jpeg: Buffer;

const MB = 1024 * 1024;
const KEY_PATTERN = /^uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}-[a-z0-9-]+\.(jpg|png|gif|webp|svg)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'showcase-media-'));
  // The site's address is where the upload helper's test serves this app (upload addresses are built from it).
  sitePort = await freePort();
  const deps: AppDeps = { ...t.deps, config: { ...t.deps.config, DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${sitePort}` } };
  media = new MediaStorage(deps);
  app = createApp(deps, { media });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc3366' } })
    .png()
    .toBuffer();
  // Noise does not compress: well above the API's 100 KB JSON body limit.
  largePng = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await media.whenIdle();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await media.whenIdle();
  await t.handle.db.deleteFrom('media').execute();
  rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
});

afterEach(() => {
  vi.useRealTimers();
});

interface SendOptions {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  auth?: string | null;
}

/** A request to the app as a browser would send it; `auth` null sends no token. */
async function send(method: string, url: string, options: SendOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  const auth = options.auth === undefined ? token : options.auth;
  if (auth) headers.authorization = `Bearer ${auth}`;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const absolute = url.startsWith('http') ? url : `http://localhost${url}`;
  const init: RequestInit & { duplex?: 'half' } = { method, headers, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return app.request(absolute, init);
}

interface UploadUrl {
  upload_url: string;
  s3_key: string;
  path: string;
}

async function requestUploadUrl(json: unknown): Promise<UploadUrl> {
  const response = await send('POST', '/api/admin/media/upload-url', { json });
  expect(response.status).toBe(201);
  return (await response.json()) as UploadUrl;
}

/** A PUT as browsers send it: with the file's type and length. */
function putFile(uploadUrl: string, bytes: Uint8Array, type: string) {
  return send('PUT', uploadUrl, {
    body: new Uint8Array(bytes),
    headers: { 'content-type': type, 'content-length': String(bytes.length) },
    auth: null,
  });
}

/** Requests an address for `bytes` and PUTs them there; returns the key. */
async function upload(bytes: Uint8Array, type: string, fileName = 'cover.png'): Promise<string> {
  const { upload_url, s3_key } = await requestUploadUrl({ fileName, contentType: type, fileSize: bytes.length });
  const response = await putFile(upload_url, bytes, type);
  expect(response.status).toBe(204);
  return s3_key;
}

const findMedia = (key: string): Promise<MediaRow | undefined> =>
  t.handle.db.selectFrom('media').selectAll().where('s3_key', '=', key).executeTakeFirst();

async function countMedia(): Promise<number> {
  const row = await t.handle.db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every file under DATA_DIR/uploads, temporary ones included. */
function storedFiles(): string[] {
  const root = path.join(dataDir, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

const errorOf = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('POST /api/admin/media/upload-url', () => {
  it('hands out a signed address on this site and records a pending upload', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await send('POST', '/api/admin/media/upload-url', {
      json: { fileName: 'Lantern Cover.PNG', contentType: 'image/png', fileSize: 2048 },
    });

    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as UploadUrl;
    expect(Object.keys(body).sort()).toEqual(['path', 's3_key', 'upload_url']);
    expect(body.s3_key).toMatch(KEY_PATTERN);
    // What the editor stores: a path, never with a host.
    expect(body.path).toBe(`/${body.s3_key}`);
    expect(body.s3_key).toMatch(/-lantern-cover\.png$/);
    const uploadUrl = new URL(body.upload_url);
    expect(`${uploadUrl.origin}${uploadUrl.pathname}`).toBe(`http://127.0.0.1:${sitePort}/api/media/upload`);
    expect(uploadUrl.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const admin = await t.handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const row = await findMedia(body.s3_key);
    expect(row).toEqual({
      id: expect.any(Number),
      s3_key: body.s3_key,
      content_type: 'image/png',
      file_size: 2048,
      original_name: 'Lantern Cover.PNG',
      uploaded_by: admin.id,
      state: 'pending',
      variant_widths: null,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect(row?.created_at).toBeGreaterThanOrEqual(before);
  });

  it("builds the upload address from the site's configured address and hands out a path, whatever Host the request names", async () => {
    const response = await send('POST', 'http://evil.example/api/admin/media/upload-url', {
      json: { fileName: 'cover.png', contentType: 'image/png', fileSize: 2048 },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as UploadUrl;
    expect(new URL(body.upload_url).origin).toBe(`http://127.0.0.1:${sitePort}`);
    expect(body.path).toBe(`/${body.s3_key}`);
    expect(JSON.stringify(body)).not.toContain('evil.example');
  });

  it('accepts the older filename and content_type request', async () => {
    const body = await requestUploadUrl({ filename: 'old-editor.jpg', content_type: 'image/jpeg' });

    expect(body.s3_key).toMatch(KEY_PATTERN);
    expect(body.s3_key).toMatch(/-old-editor\.jpg$/);
    expect(await findMedia(body.s3_key)).toMatchObject({
      content_type: 'image/jpeg',
      file_size: null,
      original_name: 'old-editor.jpg',
      state: 'pending',
    });
  });

  it('gives every upload its own unguessable key, even for the same file name', async () => {
    const request = { fileName: 'Été Photo (1).webp', contentType: 'image/webp', fileSize: 10 };
    const keys = [(await requestUploadUrl(request)).s3_key, (await requestUploadUrl(request)).s3_key];

    expect(keys[0]).not.toBe(keys[1]);
    for (const key of keys) expect(key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}-ete-photo-1\.webp$/);
    expect(await countMedia()).toBe(2);
  });

  it.each([
    ['text/html'],
    ['application/pdf'],
    ['image/svg'],
    ['image/bmp'],
    ['image/x-icon'],
    ['application/octet-stream'],
  ])('refuses %s with INVALID_FILE_TYPE and records nothing', async (contentType) => {
    const response = await send('POST', '/api/admin/media/upload-url', {
      json: { fileName: 'file.png', contentType, fileSize: 100 },
    });

    expect(await errorOf(response)).toEqual({
      status: 400,
      body: { error: 'INVALID_FILE_TYPE', message: `Invalid file type: ${contentType}. Only image files are allowed.` },
    });
    expect(await countMedia()).toBe(0);
  });

  it('accepts each of the six image types', async () => {
    for (const contentType of ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml']) {
      const response = await send('POST', '/api/admin/media/upload-url', {
        json: { fileName: 'file', contentType, fileSize: 100 },
      });
      expect(response.status, contentType).toBe(201);
    }
    expect(await countMedia()).toBe(6);
  });

  it('refuses a file above 25 MB with FILE_TOO_LARGE and accepts exactly 25 MB', async () => {
    const tooLarge = await send('POST', '/api/admin/media/upload-url', {
      json: { fileName: 'huge.png', contentType: 'image/png', fileSize: 26.5 * MB },
    });
    expect(await errorOf(tooLarge)).toEqual({
      status: 413,
      body: { error: 'FILE_TOO_LARGE', message: 'File too large: 26.5 MB. Maximum size is 25 MB.' },
    });
    expect(await countMedia()).toBe(0);

    await requestUploadUrl({ fileName: 'just-fits.png', contentType: 'image/png', fileSize: 25 * MB });
    expect(await countMedia()).toBe(1);
  });

  it.each([[0], [-1]])('refuses a file size of %d', async (fileSize) => {
    const response = await send('POST', '/api/admin/media/upload-url', {
      json: { fileName: 'empty.png', contentType: 'image/png', fileSize },
    });

    expect(await errorOf(response)).toEqual({
      status: 400,
      body: { error: 'VALIDATION_FAILED', message: 'File size must be above 0' },
    });
    expect(await countMedia()).toBe(0);
  });

  it.each([
    ['../../etc/passwd.png'],
    ['photos/cover.png'],
    ['..\\..\\windows\\cover.png'],
    ['..'],
    ['%2e%2e%2fcover.png'],
    ['cover\u0000.png'],
    ['cover\n.png'],
  ])('refuses the file name %j with INVALID_S3_KEY', async (fileName) => {
    const response = await send('POST', '/api/admin/media/upload-url', {
      json: { fileName, contentType: 'image/png', fileSize: 100 },
    });

    const { status, body } = await errorOf(response);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'INVALID_S3_KEY', message: expect.stringMatching(/^Invalid file name: /) });
    expect(await countMedia()).toBe(0);
  });

  it('names the missing field', async () => {
    const noName = await send('POST', '/api/admin/media/upload-url', {
      json: { contentType: 'image/png', fileSize: 1 },
    });
    expect(await errorOf(noName)).toEqual({
      status: 400,
      body: { error: 'VALIDATION_FAILED', message: 'File name is required' },
    });
    const noType = await send('POST', '/api/admin/media/upload-url', { json: { fileName: 'a.png', fileSize: 1 } });
    expect(await errorOf(noType)).toEqual({
      status: 400,
      body: { error: 'VALIDATION_FAILED', message: 'Content type is required' },
    });
    const textSize = await send('POST', '/api/admin/media/upload-url', {
      json: { fileName: 'a.png', contentType: 'image/png', fileSize: '12' },
    });
    expect(await errorOf(textSize)).toEqual({
      status: 400,
      body: { error: 'VALIDATION_FAILED', message: 'File size must be a number of bytes' },
    });
    expect(await countMedia()).toBe(0);
  });

  it('answers 415 to a body that is not JSON', async () => {
    const response = await send('POST', '/api/admin/media/upload-url', {
      body: 'fileName=a.png',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await errorOf(response)).body.error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('is for administrators only', async () => {
    const json = { fileName: 'a.png', contentType: 'image/png', fileSize: 1 };
    const anonymous = await send('POST', '/api/admin/media/upload-url', { json, auth: null });
    expect(anonymous.status).toBe(401);

    await t.createUserWithRole('member@example.com', 'member password', 'member');
    const member = await t.login('member@example.com', 'member password');
    const forbidden = await send('POST', '/api/admin/media/upload-url', { json, auth: member.access_token });
    expect(await errorOf(forbidden)).toEqual({
      status: 403,
      body: { error: 'FORBIDDEN', message: 'You need admin privileges to access this area.' },
    });
    expect(await countMedia()).toBe(0);
  });
});

describe('uploading to the local disk', () => {
  it('stores the exact bytes and serves them at /<s3_key> with safe, long-lived headers', async () => {
    const key = await upload(largePng, 'image/png');

    const response = await send('GET', `/${key}`, { auth: null });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(largePng)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(largePng.length));
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);

    expect(await findMedia(key)).toMatchObject({ state: 'ready', file_size: largePng.length });
    expect(storedFiles()).toEqual([key.replace(/^uploads\//, '')]);
  });

  it('answers HEAD, If-None-Match and byte ranges', async () => {
    const key = await upload(png, 'image/png');
    const etag = (await send('GET', `/${key}`, { auth: null })).headers.get('etag') ?? '';

    const head = await send('HEAD', `/${key}`, { auth: null });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(png.length));
    expect(await head.text()).toBe('');

    const notModified = await send('GET', `/${key}`, { auth: null, headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(etag);

    const firstBytes = await send('GET', `/${key}`, { auth: null, headers: { range: 'bytes=0-9' } });
    expect(firstBytes.status).toBe(206);
    expect(firstBytes.headers.get('content-range')).toBe(`bytes 0-9/${png.length}`);
    expect(Buffer.from(await firstBytes.arrayBuffer()).equals(png.subarray(0, 10))).toBe(true);

    const lastBytes = await send('GET', `/${key}`, { auth: null, headers: { range: 'bytes=-5' } });
    expect(lastBytes.status).toBe(206);
    expect(Buffer.from(await lastBytes.arrayBuffer()).equals(png.subarray(png.length - 5))).toBe(true);

    const beyond = await send('GET', `/${key}`, { auth: null, headers: { range: `bytes=${png.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${png.length}`);
  });

  it('takes an upload far above the 100 KB limit of JSON bodies', async () => {
    expect(largePng.length).toBeGreaterThan(300 * 1024);
    const key = await upload(largePng, 'image/png');
    expect(await findMedia(key)).toMatchObject({ state: 'ready' });
  });

  it('refuses a body larger than the signed size and leaves nothing on disk', async () => {
    const { upload_url, s3_key } = await requestUploadUrl({
      fileName: 'cover.png',
      contentType: 'image/png',
      fileSize: 100 * 1024,
    });
    const bigger = Buffer.concat([png, Buffer.alloc(150 * 1024 - png.length)]);

    const response = await putFile(upload_url, bigger, 'image/png');

    expect(await errorOf(response)).toEqual({
      status: 413,
      body: { error: 'FILE_TOO_LARGE', message: 'File too large: 150 KB. Maximum size is 100 KB.' },
    });
    expect(storedFiles()).toEqual([]);
    expect(await findMedia(s3_key)).toMatchObject({ state: 'pending' });
    expect((await send('GET', `/${s3_key}`, { auth: null })).status).toBe(404);
  });

  it('stops a body that streams past the signed size, without a Content-Length, and leaves nothing', async () => {
    const { upload_url, s3_key } = await requestUploadUrl({
      fileName: 'cover.png',
      contentType: 'image/png',
      fileSize: 64 * 1024,
    });
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16 * 1024;
        controller.enqueue(
          sent === 16 * 1024 ? Buffer.concat([png, Buffer.alloc(16 * 1024 - png.length)]) : new Uint8Array(16 * 1024),
        );
        if (sent >= 1024 * 1024) controller.close();
      },
    });

    const response = await send('PUT', upload_url, {
      body: endless,
      headers: { 'content-type': 'image/png' },
      auth: null,
    });

    expect(await errorOf(response)).toEqual({
      status: 413,
      body: { error: 'FILE_TOO_LARGE', message: 'File too large: more than 64 KB. Maximum size is 64 KB.' },
    });
    expect(sent).toBeLessThan(1024 * 1024);
    expect(storedFiles()).toEqual([]);
    expect(await findMedia(s3_key)).toMatchObject({ state: 'pending' });
  });

  it('refuses an upload shorter than the signed size', async () => {
    const { upload_url } = await requestUploadUrl({
      fileName: 'a.png',
      contentType: 'image/png',
      fileSize: png.length + 10,
    });

    const response = await putFile(upload_url, png, 'image/png');

    expect(await errorOf(response)).toEqual({
      status: 400,
      body: {
        error: 'UPLOAD_FAILED',
        message: `The upload was incomplete: ${png.length} of ${png.length + 10} bytes arrived. Please try again.`,
      },
    });
    expect(storedFiles()).toEqual([]);
  });

  it('leaves nothing behind when the body breaks off half-way', async () => {
    const { upload_url, s3_key } = await requestUploadUrl({
      fileName: 'a.png',
      contentType: 'image/png',
      fileSize: 4096,
    });
    let pulls = 0;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(png.subarray(0, 100));
        else controller.error(new Error('connection reset'));
      },
    });

    const response = await send('PUT', upload_url, {
      body: broken,
      headers: { 'content-type': 'image/png' },
      auth: null,
    });

    expect(await errorOf(response)).toEqual({
      status: 400,
      body: { error: 'UPLOAD_FAILED', message: 'The upload did not complete. Please try again.' },
    });
    expect(storedFiles()).toEqual([]);
    expect(await findMedia(s3_key)).toMatchObject({ state: 'pending' });
  });

  it('leaves nothing behind when the client hangs up mid-upload', async () => {
    const server = await listen();
    try {
      const { upload_url } = await requestUploadUrl({
        fileName: 'a.png',
        contentType: 'image/png',
        fileSize: 256 * 1024,
      });
      const target = new URL(upload_url);
      const request = http.request({
        host: '127.0.0.1',
        port: server.port,
        method: 'PUT',
        path: `${target.pathname}${target.search}`,
        headers: { 'content-type': 'image/png', 'content-length': String(256 * 1024) },
      });
      request.on('error', () => {});
      request.write(Buffer.concat([png, Buffer.alloc(32 * 1024)]));
      await vi.waitUntil(() => storedFiles().length === 1, { timeout: 2000 });
      request.destroy();

      await vi.waitUntil(() => storedFiles().length === 0, { timeout: 2000 });
      expect(storedFiles()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('refuses a PNG declared as SVG, and never stores it', async () => {
    const { upload_url, s3_key } = await requestUploadUrl({
      fileName: 'drawing.svg',
      contentType: 'image/svg+xml',
      fileSize: png.length,
    });

    const response = await putFile(upload_url, png, 'image/svg+xml');

    expect(await errorOf(response)).toEqual({
      status: 415,
      body: {
        error: 'INVALID_FILE_TYPE',
        message: 'Invalid file type: the file is not a valid image/svg+xml image. Only image files are allowed.',
      },
    });
    expect(storedFiles()).toEqual([]);
    expect((await send('GET', `/${s3_key}`, { auth: null })).status).toBe(404);
  });

  it('refuses a PNG sent as text/html to a PNG address', async () => {
    const { upload_url } = await requestUploadUrl({
      fileName: 'a.png',
      contentType: 'image/png',
      fileSize: png.length,
    });

    const response = await putFile(upload_url, png, 'text/html');

    expect(await errorOf(response)).toEqual({
      status: 415,
      body: {
        error: 'INVALID_FILE_TYPE',
        message: 'Invalid file type: text/html. This upload was started for image/png.',
      },
    });
    expect(storedFiles()).toEqual([]);
  });

  it('refuses an HTML page declared as a PNG', async () => {
    const page = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const { upload_url } = await requestUploadUrl({
      fileName: 'a.png',
      contentType: 'image/png',
      fileSize: page.length,
    });

    const response = await putFile(upload_url, page, 'image/png');

    expect((await errorOf(response)).body.error).toBe('INVALID_FILE_TYPE');
    expect(storedFiles()).toEqual([]);
  });

  it('refuses an expired upload address', async () => {
    const { upload_url } = await requestUploadUrl({
      fileName: 'a.png',
      contentType: 'image/png',
      fileSize: png.length,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (t.deps.config.UPLOAD_URL_TTL_SECONDS + 5) * 1000);

    const response = await putFile(upload_url, png, 'image/png');

    expect(await errorOf(response)).toEqual({
      status: 403,
      body: {
        error: 'INVALID_UPLOAD_TOKEN',
        message: 'This upload address has expired. Please start the upload again.',
      },
    });
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a forged, missing or borrowed token', async () => {
    const { upload_url } = await requestUploadUrl({
      fileName: 'a.png',
      contentType: 'image/png',
      fileSize: png.length,
    });
    const url = new URL(upload_url);
    const realToken = url.searchParams.get('token') ?? '';
    const [header, payload] = realToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const widened = Buffer.from(JSON.stringify({ ...claims, size: 10 * MB })).toString('base64url');
    const signature = realToken.split('.')[2];

    for (const forged of [`${header}.${widened}.${signature}`, '', token]) {
      const attempt = new URL(url);
      if (forged) attempt.searchParams.set('token', forged);
      else attempt.searchParams.delete('token');
      const response = await putFile(attempt.href, png, 'image/png');
      expect(await errorOf(response)).toEqual({
        status: 403,
        body: {
          error: 'INVALID_UPLOAD_TOKEN',
          message: 'This upload address is not valid. Please start the upload again.',
        },
      });
    }
    expect(storedFiles()).toEqual([]);
  });

  it('uses an address once: a second PUT cannot replace the file', async () => {
    const { upload_url, s3_key } = await requestUploadUrl({
      fileName: 'a.png',
      contentType: 'image/png',
      fileSize: png.length,
    });
    expect((await putFile(upload_url, png, 'image/png')).status).toBe(204);
    const other = Buffer.concat([png.subarray(0, -1), Buffer.from([0])]);

    const again = await putFile(upload_url, other, 'image/png');

    expect(await errorOf(again)).toEqual({
      status: 409,
      body: { error: 'UPLOAD_FAILED', message: 'This upload address was already used.' },
    });
    const served = await send('GET', `/${s3_key}`, { auth: null });
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });
});

describe('SVG uploads', () => {
  const hostileSvg = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" onload="alert(1)">',
    '<script>alert(2)</script>',
    '<a xlink:href="javascript:alert(3)"><rect width="5" height="5" fill="#c36"/></a>',
    '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(4)"/></foreignObject>',
    '<circle cx="5" cy="5" r="2" onclick="alert(5)"/>',
    '</svg>',
  ].join('');

  it('stores a sanitised copy and serves it sandboxed', async () => {
    const bytes = Buffer.from(hostileSvg);
    const key = await upload(bytes, 'image/svg+xml', 'logo.svg');

    const response = await send('GET', `/${key}`, { auth: null });
    const served = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(served).toContain('<rect width="5" height="5" fill="#c36"/>');
    expect(served).toContain('<circle cx="5" cy="5" r="2"/>');
    for (const hostile of ['script', 'onload', 'onclick', 'javascript:', 'foreignObject', 'iframe', 'alert']) {
      expect(served).not.toContain(hostile);
    }
    expect(await findMedia(key)).toMatchObject({ state: 'ready', file_size: Buffer.byteLength(served) });
  });

  it('refuses an SVG that is not an SVG document', async () => {
    for (const text of [
      '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(1)</script></body></html>',
      '<svg><script>alert(1)</script></svg>',
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    ]) {
      const bytes = Buffer.from(text);
      const { upload_url } = await requestUploadUrl({
        fileName: 'a.svg',
        contentType: 'image/svg+xml',
        fileSize: bytes.length,
      });
      const response = await putFile(upload_url, bytes, 'image/svg+xml');
      expect((await errorOf(response)).body.error, text).toBe('INVALID_FILE_TYPE');
    }
    expect(storedFiles()).toEqual([]);
  });
});

describe('photo metadata', () => {
  it('stores a photo without its EXIF and XMP, turned upright, and records the size stored', async () => {
    const photo = await cameraPhoto();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer), xmp: expect.any(Buffer) });

    const key = await upload(photo, 'image/jpeg', 'holiday.jpg');
    const response = await send('GET', `/${key}`, { auth: null });
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.includes(PHOTOGRAPHER)).toBe(false);
    expect(served.includes('Acme')).toBe(false);
    const info = await sharp(served).metadata();
    expect(info).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(info.exif).toBeUndefined();
    expect(info.xmp).toBeUndefined();
    expect(info.orientation).toBeUndefined();
    expect(await findMedia(key)).toMatchObject({ state: 'ready', file_size: served.length });
    expect(response.headers.get('content-length')).toBe(String(served.length));
  });

  it('strips a PNG and a WebP the same way', async () => {
    for (const [type, name] of [
      ['image/png', 'scan.png'],
      ['image/webp', 'shot.webp'],
    ] as const) {
      const base = sharp({ create: { width: 30, height: 10, channels: 3, background: '#aa5500' } }).withExif({
        IFD0: { Artist: PHOTOGRAPHER },
      });
      const bytes = await (type === 'image/png' ? base.png() : base.webp()).toBuffer();
      expect((await sharp(bytes).metadata()).exif).toBeDefined();

      const key = await upload(bytes, type, name);
      const served = Buffer.from(await (await send('GET', `/${key}`, { auth: null })).arrayBuffer());
      expect(served.includes(PHOTOGRAPHER)).toBe(false);
      expect(await sharp(served).metadata()).toMatchObject({ format: type.slice('image/'.length), width: 30, height: 10 });
    }
  });

  it('stores a photo without metadata byte for byte', async () => {
    const key = await upload(jpeg, 'image/jpeg', 'plain.jpg');
    const served = Buffer.from(await (await send('GET', `/${key}`, { auth: null })).arrayBuffer());
    expect(served.equals(jpeg)).toBe(true);
  });

  it('refuses a file that starts like a JPEG but is no image, and stores nothing', async () => {
    const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a photo')]);
    const { upload_url, s3_key } = await requestUploadUrl({ fileName: 'fake.jpg', contentType: 'image/jpeg', fileSize: junk.length });
    const response = await putFile(upload_url, junk, 'image/jpeg');
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'INVALID_FILE_TYPE' });
    expect(await findMedia(s3_key)).toMatchObject({ state: 'pending' });
    expect(storedFiles()).toEqual([]);
  });
});

describe('abandoned uploads', () => {
  const DAY = 24 * 60 * 60;
  /** Moves an upload's start back in time, as if its address had been handed out `seconds` ago. */
  const age = (key: string, seconds: number) =>
    t.handle.db
      .updateTable('media')
      .set((eb) => ({ created_at: eb('created_at', '-', seconds) }))
      .where('s3_key', '=', key)
      .execute();

  it('forgets uploads that never arrived once their address has long expired, and keeps the rest', async () => {
    const { s3_key: abandoned } = await requestUploadUrl({ fileName: 'gone.png', contentType: 'image/png', fileSize: png.length });
    const { s3_key: recent } = await requestUploadUrl({ fileName: 'soon.png', contentType: 'image/png', fileSize: png.length });
    const arrived = await upload(png, 'image/png', 'kept.png');
    await age(abandoned, DAY);
    await age(arrived, DAY);
    // Expired, but within the grace period a PUT started just in time may still be running.
    await age(recent, t.deps.config.UPLOAD_URL_TTL_SECONDS + 60);

    expect(await media.forgetAbandonedUploads()).toBe(1);

    expect(await findMedia(abandoned)).toBeUndefined();
    expect(await findMedia(recent)).toMatchObject({ state: 'pending' });
    expect(await findMedia(arrived)).toMatchObject({ state: 'ready' });
    expect((await send('GET', `/${arrived}`, { auth: null })).status).toBe(200);
    expect(await media.forgetAbandonedUploads()).toBe(0);
  });

  it('removes the files left in place by a process that died before recording them', async () => {
    const key = await upload(png, 'image/png', 'half.png');
    await media.whenIdle();
    // The crash: the file is in place, the row never left `pending`.
    await t.handle.db.updateTable('media').set({ state: 'pending' }).where('s3_key', '=', key).execute();
    await age(key, DAY);

    expect(await media.forgetAbandonedUploads()).toBe(1);

    expect(await findMedia(key)).toBeUndefined();
    expect(storedFiles()).toEqual([]);
  });

  it('runs with the hourly maintenance', async () => {
    const { s3_key } = await requestUploadUrl({ fileName: 'gone.png', contentType: 'image/png', fileSize: png.length });
    await age(s3_key, DAY);
    await runMaintenance({ db: t.handle.db, logger: t.deps.logger, media });
    expect(await findMedia(s3_key)).toBeUndefined();
  });
});

describe('resized copies', () => {
  it('makes WebP copies of a JPEG at 480, 960 and 1600 pixels and keeps the original', async () => {
    const key = await upload(jpeg, 'image/jpeg', 'wide.jpg');
    await media.whenIdle();

    expect(await findMedia(key)).toMatchObject({ variant_widths: '480,960,1600' });
    for (const width of [480, 960, 1600]) {
      const response = await send('GET', `/${key}.w${width}.webp`, { auth: null });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
      const info = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(info).toMatchObject({ format: 'webp', width, height: Math.round((width * 1200) / 2000) });
    }
    const original = await send('GET', `/${key}`, { auth: null });
    expect(Buffer.from(await original.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('never makes a copy wider than the original', async () => {
    const key = await upload(png, 'image/png');
    await media.whenIdle();

    const response = await send('GET', `/${key}.w1600.webp`, { auth: null });
    const info = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(info).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('answers a copy that is not there with the original, cached briefly', async () => {
    const key = await upload(jpeg, 'image/jpeg', 'wide.jpg');
    await media.whenIdle();
    await t.handle.db.updateTable('media').set({ variant_widths: null }).where('s3_key', '=', key).execute();

    const response = await send('GET', `/${key}.w480.webp`, { auth: null });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Buffer.from(await response.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('makes no copies of an SVG', async () => {
    const key = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'a.svg');
    await media.whenIdle();

    expect(await findMedia(key)).toMatchObject({ state: 'ready', variant_widths: null });
    expect((await send('GET', `/${key}.w480.webp`, { auth: null })).status).toBe(404);
  });
});

describe('copies for mail', () => {
  it('makes a JPEG of a WebP upload and a PNG of a PNG one, upright and at most 1072 pixels wide, served for good', async () => {
    const webp = await sharp(jpeg).webp().toBuffer();
    const photo = await upload(webp, 'image/webp', 'photo.webp');
    const logo = await upload(png, 'image/png', 'logo.png');
    await media.whenIdle();

    for (const [pathname, type, format, width] of [
      [`/${photo}.mail.jpg`, 'image/jpeg', 'jpeg', 1072],
      [`/${logo}.mail.png`, 'image/png', 'png', 64],
    ] as const) {
      const response = await send('GET', pathname, { auth: null });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-type'), pathname).toBe(type);
      expect(response.headers.get('cache-control'), pathname).toBe(IMMUTABLE);
      const info = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(info, pathname).toMatchObject({ format, width });
    }
    // Only the one copy of each kind: no PNG of a photo, no JPEG of a logo.
    expect((await send('GET', `/${photo}.mail.png`, { auth: null })).status).toBe(404);
    expect((await send('GET', `/${logo}.mail.jpg`, { auth: null })).status).toBe(404);
  });

  it('makes the copy of an upload stored before copies for mail existed on its first read, never the original in its place', async () => {
    const webp = await sharp(jpeg).webp().toBuffer();
    const key = await upload(webp, 'image/webp', 'older.webp');
    await media.whenIdle();
    rmSync(path.join(dataDir, `${key}.mail.jpg`));

    const response = await send('GET', `/${key}.mail.jpg`, { auth: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe('jpeg');
  });

  it("puts only JPEG and PNG pictures in a newsletter's mail, whatever was uploaded, and each of them answers", async () => {
    const webp = await sharp(jpeg).webp().toBuffer();
    const cover = await upload(webp, 'image/webp', 'cover.webp');
    const inline = await upload(await sharp(png).gif().toBuffer(), 'image/gif', 'inline.gif');
    await media.whenIdle();
    const post = await send('POST', '/api/admin/posts', {
      json: { title: 'Mail Cover', slug: 'mail-cover', content: 'About it.', excerpt: 'In one line.', status: 'published', category_ids: [], cover_image: `/${cover}` },
    });
    expect(post.status).toBe(201);
    const { id } = (await post.json()) as { id: number };

    const preview = await send('POST', '/api/admin/newsletters/preview', {
      json: { subject: 'Pictures', intro: `![A diagram](/${inline}) and ![Elsewhere](https://images.example/far.webp)`, post_ids: [id] },
    });
    expect(preview.status).toBe(200);
    const { html } = (await preview.json()) as { html: string };
    const sources = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources).toEqual(
      expect.arrayContaining([`http://127.0.0.1:${sitePort}/${cover}.mail.jpg`, `http://127.0.0.1:${sitePort}/${inline}.mail.png`]),
    );
    for (const source of sources) {
      expect(source).toMatch(/\.(jpe?g|png)$/);
      const response = await send('GET', source, { auth: null });
      expect(response.status, source).toBe(200);
      expect(response.headers.get('content-type'), source).toMatch(/^image\/(jpeg|png)$/);
    }
    // A picture of another site that is WebP only is left out, its description kept.
    expect(html).not.toContain('far.webp');
    expect(html).toContain('Elsewhere');
  });
});

describe('GET /uploads/*', () => {
  it('lets other origins show uploads and their copies (a web mail, the outbox\'s sandboxed frame), while every other answer stays same-origin', async () => {
    const key = await upload(jpeg, 'image/jpeg', 'wide.jpg');
    await media.whenIdle();
    for (const pathname of [`/${key}`, `/${key}.w480.webp`]) {
      const response = await send('GET', pathname, { auth: null, headers: { origin: 'https://mail.example' } });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cross-origin-resource-policy'), pathname).toBe('cross-origin');
      // Still nothing that would let a page of theirs read the bytes.
      expect(response.headers.get('access-control-allow-origin'), pathname).toBeNull();
    }
    for (const pathname of ['/api/posts', '/api/health', '/api/admin/posts']) {
      const response = await send('GET', pathname);
      expect(response.headers.get('cross-origin-resource-policy'), pathname).toBe('same-origin');
    }
  });

  it('answers 404, uncached, for an upload that has not arrived yet', async () => {
    const { s3_key } = await requestUploadUrl({ fileName: 'a.png', contentType: 'image/png', fileSize: 10 });

    const response = await send('GET', `/${s3_key}`, { auth: null });

    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 to anything that is not an upload, and never reaches other files', async () => {
    const key = await upload(png, 'image/png');
    const tempFile = path.join('uploads', '.incoming', 'x.part');
    for (const pathname of [
      '/uploads/../site.db',
      '/uploads/%2e%2e/site.db',
      `/${tempFile}`,
      '/uploads/2026/11/short-name.png',
      `/${key.replace(/\.png$/, '.svg')}`,
      `/${key}.w123.webp`,
      `/${key}/`,
    ]) {
      const response = await send('GET', pathname, { auth: null });
      expect(response.status, pathname).toBe(404);
    }
  });
});

describe('the back-office upload helper', () => {
  it('uploads a file through a real browser request and returns the path to store, which this site serves', async () => {
    const server = await listen();
    const { window } = new JSDOM('', { url: `${server.origin}/admin/posts/new` });
    try {
      const file = new window.File([new Uint8Array(png)], 'Cover Photo.png', { type: 'image/png' });
      const states: string[] = [];
      const url = await uploadImage(file as unknown as File, {
        callApi: async (apiPath, init) => {
          const response = await fetch(`${server.origin}/api${apiPath}`, {
            method: init.method,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(init.body),
          });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.json();
        },
        onStateChange: (state) => states.push(`${state.status} ${state.progress}`),
        createRequest: () => new window.XMLHttpRequest(),
      });

      expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}-cover-photo\.png$/);
      expect(states[0]).toBe('uploading 0');
      expect(states.at(-1)).toBe('success 100');
      const served = await fetch(`${server.origin}${url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    } finally {
      window.close();
      await server.close();
    }
  });
});

/** The app on a real socket at 127.0.0.1, for what only a socket shows. */
async function listen(): Promise<{ origin: string; port: number; close: () => Promise<void> }> {
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: sitePort, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A keep-alive socket left idle by the client would hold close() open until it times out.
        (server as http.Server).closeAllConnections();
      }),
  };
}
