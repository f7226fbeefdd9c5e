import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import type { MediaRow } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { insertPost } from '../../server/db/queries/posts.ts';
import { buildDeps, composeApp } from '../../server/start-up.ts';
import { MediaStorage } from '../../server/storage/media.ts';
import type { S3Driver } from '../../server/storage/s3.ts';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server, type TestS3Server } from '../helpers/s3-server.ts';
import { cameraPhoto, PHOTOGRAPHER } from '../helpers/images.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The S3 driver against a real S3-protocol server (s3rver on 127.0.0.1),
// through the real AWS SDK: presigned PUTs straight to the bucket, reads
// through this site.

let t: TestApp;
let token: string;
let s3: TestS3Server;
let bucketClient: S3Client;
let png: Buffer;
let jpeg: Buffer;
const REGION = 'us-east-1';
const IMMUTABLE = 'public, max-age=31536000, immutable';

beforeAll(async () => {
  // Credentials reach the app through the SDK's usual chain, as in production.
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3_ACCESS_KEY_ID);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3_SECRET_ACCESS_KEY);
  vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');
  s3 = await startS3Server();
  t = await createTestApp();
  token = await t.adminToken();
  bucketClient = new S3Client({
    region: REGION,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
  });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc3366' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  bucketClient.destroy();
  await t.close();
  await s3.close();
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  await t.handle.db.deleteFrom('media').execute();
});

interface Site {
  media: MediaStorage;
  request: (
    method: string,
    path: string,
    init?: { json?: unknown; headers?: Record<string, string> },
  ) => Promise<Response>;
}

/** The app on the test bucket, with some settings changed. */
function siteWith(settings: Partial<Config> = {}): Site {
  const config: Config = {
    ...t.deps.config,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: REGION,
    S3_FORCE_PATH_STYLE: true,
    ...settings,
  };
  // A server of its own: its memories (the social cards it drew) are not the first one's.
  const deps: AppDeps = buildDeps({ ...t.deps, config });
  const media = new MediaStorage(deps);
  const app = createApp(deps, { media });
  return {
    media,
    request: async (method, path, init = {}) => {
      const headers: Record<string, string> = { ...init.headers };
      let body: string | undefined;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers['content-type'] = 'application/json';
        headers.authorization = `Bearer ${token}`;
      }
      return app.request(`http://localhost${path}`, { method, headers, body });
    },
  };
}

let site: Site;
beforeAll(() => {
  site = siteWith();
});

async function requestUploadUrl(target: Site, json: unknown): Promise<{ upload_url: string; s3_key: string }> {
  const response = await target.request('POST', '/api/admin/media/upload-url', { json });
  expect(response.status).toBe(201);
  return (await response.json()) as { upload_url: string; s3_key: string };
}

/** A browser's PUT to the presigned address. */
function putToBucket(url: string, bytes: Uint8Array, contentType: string): Promise<Response> {
  return fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } });
}

async function uploadToBucket(target: Site, bytes: Buffer, contentType: string, fileName: string): Promise<string> {
  const { upload_url, s3_key } = await requestUploadUrl(target, { fileName, contentType, fileSize: bytes.length });
  const response = await putToBucket(upload_url, bytes, contentType);
  expect(response.status).toBe(200);
  return s3_key;
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await bucketClient.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound') return false;
    throw error;
  }
}

async function readObject(key: string): Promise<{ bytes: Buffer; contentType: string | undefined }> {
  const object = await bucketClient.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  if (!object.Body) throw new Error(`${key} has no body`);
  return { bytes: Buffer.from(await object.Body.transformToByteArray()), contentType: object.ContentType };
}

const findMedia = (key: string): Promise<MediaRow | undefined> =>
  t.handle.db.selectFrom('media').selectAll().where('s3_key', '=', key).executeTakeFirst();

describe('the S3 driver', () => {
  it('presigns a PUT bound to the key, content type and length, and the image round-trips', async () => {
    const { upload_url, s3_key } = await requestUploadUrl(site, {
      fileName: 'cover.png',
      contentType: 'image/png',
      fileSize: png.length,
    });
    const url = new URL(upload_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}/${s3_key}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(await findMedia(s3_key)).toMatchObject({
      state: 'pending',
      content_type: 'image/png',
      file_size: png.length,
    });

    const put = await putToBucket(upload_url, png, 'image/png');
    expect(put.status).toBe(200);
    expect(await readObject(s3_key)).toEqual({ bytes: png, contentType: 'image/png' });

    const served = await site.request('GET', `/${s3_key}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(await findMedia(s3_key)).toMatchObject({ state: 'ready', file_size: png.length });

    const partial = await site.request('GET', `/${s3_key}`, { headers: { range: 'bytes=0-9' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 0-9/${png.length}`);
    expect(Buffer.from(await partial.arrayBuffer()).equals(png.subarray(0, 10))).toBe(true);
  });

  it('is refused by the bucket when the PUT carries another content type', async () => {
    const { upload_url, s3_key } = await requestUploadUrl(site, {
      fileName: 'cover.png',
      contentType: 'image/png',
      fileSize: png.length,
    });

    const put = await putToBucket(upload_url, png, 'text/html');

    expect(put.status).toBe(403);
    expect(await put.text()).toContain('SignatureDoesNotMatch');
    expect(await objectExists(s3_key)).toBe(false);
  });

  it('is refused by the bucket when the PUT carries another length', async () => {
    const { upload_url, s3_key } = await requestUploadUrl(site, {
      fileName: 'cover.png',
      contentType: 'image/png',
      fileSize: png.length,
    });

    const put = await putToBucket(upload_url, Buffer.concat([png, Buffer.alloc(1024)]), 'image/png');

    expect(put.status).toBe(403);
    expect(await objectExists(s3_key)).toBe(false);
  });

  it('is refused by the bucket once the address has expired', async () => {
    const shortLived = siteWith({ UPLOAD_URL_TTL_SECONDS: 1 });
    const { upload_url, s3_key } = await requestUploadUrl(shortLived, {
      fileName: 'cover.png',
      contentType: 'image/png',
      fileSize: png.length,
    });
    await new Promise((resolve) => setTimeout(resolve, 2100));

    const put = await putToBucket(upload_url, png, 'image/png');

    expect(put.status).toBe(403);
    expect(await put.text()).toContain('Request has expired');
    expect(await objectExists(s3_key)).toBe(false);
  });

  it('serves nothing until the upload arrives, then serves it', async () => {
    const { upload_url, s3_key } = await requestUploadUrl(site, {
      fileName: 'cover.png',
      contentType: 'image/png',
      fileSize: png.length,
    });

    const early = await site.request('GET', `/${s3_key}`);
    expect(early.status).toBe(404);
    expect(early.headers.get('cache-control')).toBe('no-store');
    expect(await findMedia(s3_key)).toMatchObject({ state: 'pending' });

    expect((await putToBucket(upload_url, png, 'image/png')).status).toBe(200);
    expect((await site.request('GET', `/${s3_key}`)).status).toBe(200);
  });

  it('deletes an upload whose bytes are not the declared type on its first read, and never serves it', async () => {
    const page = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const s3_key = await uploadToBucket(site, page, 'image/png', 'cover.png');

    const served = await site.request('GET', `/${s3_key}`);

    expect(served.status).toBe(404);
    expect(await objectExists(s3_key)).toBe(false);
    expect(await findMedia(s3_key)).toMatchObject({ state: 'rejected' });
    expect((await site.request('GET', `/${s3_key}`)).status).toBe(404);
  });

  it('replaces an SVG in the bucket by its sanitised copy before serving it, sandboxed', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="4" height="4"/></svg>',
    );
    const s3_key = await uploadToBucket(site, svg, 'image/svg+xml', 'logo.svg');

    const served = await site.request('GET', `/${s3_key}`);
    const text = await served.text();

    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(text).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>');
    expect((await readObject(s3_key)).bytes.toString()).toBe(text);
  });

  it('replaces a photo in the bucket by a copy without its metadata before serving it', async () => {
    const photo = await cameraPhoto();
    const s3_key = await uploadToBucket(site, photo, 'image/jpeg', 'holiday.jpg');

    const served = Buffer.from(await (await site.request('GET', `/${s3_key}`)).arrayBuffer());

    expect(served.includes(PHOTOGRAPHER)).toBe(false);
    const info = await sharp(served).metadata();
    expect(info).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(info.exif).toBeUndefined();
    expect((await readObject(s3_key)).bytes.equals(served)).toBe(true);
    expect(await findMedia(s3_key)).toMatchObject({ state: 'ready', file_size: served.length });
  });

  it('goes on forgetting abandoned uploads when the bucket fails for one of them', async () => {
    const keys: string[] = [];
    for (const name of ['first.png', 'broken.png', 'last.png']) {
      const { s3_key } = await requestUploadUrl(site, { fileName: name, contentType: 'image/png', fileSize: png.length });
      keys.push(s3_key);
    }
    await t.handle.db
      .updateTable('media')
      .set((eb) => ({ created_at: eb('created_at', '-', 24 * 60 * 60) }))
      .where('s3_key', 'in', keys)
      .execute();
    const driver = site.media.driver as S3Driver;
    const fetchObject = driver.fetchObject.bind(driver);
    const stub = vi.spyOn(driver, 'fetchObject').mockImplementation((key, maxBytes) =>
      key === keys[1] ? Promise.reject(new Error('503 Slow Down')) : fetchObject(key, maxBytes),
    );
    try {
      expect(await site.media.forgetAbandonedUploads()).toBe(2);
    } finally {
      stub.mockRestore();
    }
    expect(await findMedia(keys[0] ?? '')).toBeUndefined();
    expect(await findMedia(keys[1] ?? '')).toMatchObject({ state: 'pending' });
    expect(await findMedia(keys[2] ?? '')).toBeUndefined();
  });

  it('keeps a photo another server cleaned while this one was checking it', async () => {
    const photo = await cameraPhoto();
    const s3_key = await uploadToBucket(site, photo, 'image/jpeg', 'shared.jpg');
    // The other server reads the upload first and stores the cleaned copy in the bucket...
    const other = siteWith();
    expect((await other.request('GET', `/${s3_key}`)).status).toBe(200);
    const cleaned = (await readObject(s3_key)).bytes;
    expect(cleaned.length).not.toBe(photo.length);
    // ...while this one still sees the row pending, as before the other marked it ready.
    await t.handle.db.updateTable('media').set({ state: 'pending', file_size: photo.length }).where('s3_key', '=', s3_key).execute();

    const served = await site.request('GET', `/${s3_key}`);

    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(cleaned)).toBe(true);
    expect(await objectExists(s3_key)).toBe(true);
    expect(await findMedia(s3_key)).toMatchObject({ state: 'ready', file_size: cleaned.length });
    await other.media.whenIdle();
    await site.media.whenIdle();
  });

  it('writes WebP copies of a JPEG to the bucket and serves them', async () => {
    const s3_key = await uploadToBucket(site, jpeg, 'image/jpeg', 'wide.jpg');
    expect((await site.request('GET', `/${s3_key}`)).status).toBe(200);
    await site.media.whenIdle();

    expect(await findMedia(s3_key)).toMatchObject({ variant_widths: '480,960,1600' });
    expect(await objectExists(`${s3_key}.w480.webp`)).toBe(true);
    const copy = await site.request('GET', `/${s3_key}.w480.webp`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 480 });
  });

  it('checks an upload in the bucket that nobody read before forgetting abandoned ones', async () => {
    const inBucket = await uploadToBucket(site, png, 'image/png', 'unread.png');
    const { s3_key: neverSent } = await requestUploadUrl(site, { fileName: 'never.png', contentType: 'image/png', fileSize: png.length });
    for (const key of [inBucket, neverSent]) {
      await t.handle.db
        .updateTable('media')
        .set((eb) => ({ created_at: eb('created_at', '-', 24 * 60 * 60) }))
        .where('s3_key', '=', key)
        .execute();
    }

    expect(await site.media.forgetAbandonedUploads()).toBe(1);

    expect(await findMedia(neverSent)).toBeUndefined();
    expect(await findMedia(inBucket)).toMatchObject({ state: 'ready' });
    expect(await objectExists(inBucket)).toBe(true);
    await site.media.whenIdle();
  });

  it('redirects reads to S3_PUBLIC_URL when one is set', async () => {
    const publicSite = siteWith({ S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}/` });
    const s3_key = await uploadToBucket(publicSite, jpeg, 'image/jpeg', 'wide.jpg');

    const read = await publicSite.request('GET', `/${s3_key}`);
    expect(read.status).toBe(301);
    expect(read.headers.get('location')).toBe(`${s3.endpoint}/${s3.bucket}/${s3_key}`);
    expect(read.headers.get('cache-control')).toBe(IMMUTABLE);
    const fromBucket = await fetch(read.headers.get('location') ?? '');
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(jpeg)).toBe(true);

    // A copy not made yet sends the browser to the original, briefly.
    await t.handle.db.updateTable('media').set({ variant_widths: null }).where('s3_key', '=', s3_key).execute();
    const copy = await publicSite.request('GET', `/${s3_key}.w960.webp`);
    expect(copy.status).toBe(302);
    expect(copy.headers.get('location')).toBe(`${s3.endpoint}/${s3.bucket}/${s3_key}`);
    await publicSite.media.whenIdle();
  });
});

describe('social cards on the S3 driver', () => {
  const coverless = { excerpt: null, content: 'Body.', campaign_url: null, sponsored: false, read_time: 3, published_at: 1_700_000_000, category_ids: [] };

  it('draws an uploaded cover read from the bucket by its key', async () => {
    const blue = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#0000ff' } }).png().toBuffer();
    const key = await uploadToBucket(site, blue, 'image/png', 'blue.png');
    const post = await insertPost(t.deps.db, { ...coverless, slug: 'bucket-kite', title: 'Bucket Kite', status: 'published', cover_image: `/${key}` });
    const card = await composeApp(t.deps).services.socialCards.ofItem('post', post);

    const response = await site.request('GET', card.path);
    expect(response.status).toBe(200);
    const { data } = await sharp(Buffer.from(await response.arrayBuffer()))
      .extract({ left: 40, top: 40, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Blue, give or take the JPEG the cover is drawn through.
    expect(data[0]).toBeLessThan(16);
    expect(data[1]).toBeLessThan(16);
    expect(data[2]).toBeGreaterThan(240);
  });

  it('keeps a card one server drew in the bucket, where a second server finds it', async () => {
    const post = await insertPost(t.deps.db, { ...coverless, slug: 'shared-kite', title: 'Shared Kite', status: 'published', cover_image: null });
    const card = await composeApp(t.deps).services.socialCards.ofItem('post', post);
    const first = await site.request('GET', card.path);
    expect(first.status).toBe(200);
    const drawn = Buffer.from(await first.arrayBuffer());
    expect(await readObject(`cards/${card.version}.png`)).toEqual({ bytes: drawn, contentType: 'image/png' });

    // A marker in its place: the second server, with nothing in memory, answers with what the bucket holds.
    const marker = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#00ff00' } }).png().toBuffer();
    await bucketClient.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `cards/${card.version}.png`, Body: marker, ContentType: 'image/png' }));
    const second = await siteWith().request('GET', card.path);
    expect(second.status).toBe(200);
    expect(second.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(Buffer.from(await second.arrayBuffer()).equals(marker)).toBe(true);
  });
});
