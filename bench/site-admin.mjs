// What the benches do through the admin API, as the back office does:
// signing in, uploading photo-like JPEG covers through the media API, and
// waiting for the server's background jobs (the covers' resized copies).
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { sleep } from './harness.mjs';

export const COVER_WIDTH = 2000;
export const COVER_HEIGHT = 1200;

/** A photo-like JPEG: blurred noise over a colour, so it compresses as a photo does, not as a flat colour. */
export async function coverJpeg(i) {
  const noise = await sharp({
    create: { width: COVER_WIDTH, height: COVER_HEIGHT, channels: 3, background: { r: 40 + (i * 37) % 180, g: 90, b: 140 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .blur(2)
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width: COVER_WIDTH, height: COVER_HEIGHT, channels: 3 } }).jpeg({ quality: 82 }).toBuffer();
}

/** One admin API call; the parsed answer, or an error naming the status. */
export async function api(baseUrl, method, pathname, { token, body } = {}) {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Runs `task(i)` for i in [0, count), at most `limit` at a time. */
export async function inParallel(count, limit, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        await task(i);
      }
    }),
  );
}

/** Uploads one cover through the media API, as the back office does; its address. */
export async function uploadCover(baseUrl, token, i) {
  const bytes = await coverJpeg(i);
  const { upload_url: uploadUrl, s3_key: key } = await api(baseUrl, 'POST', '/api/admin/media/upload-url', {
    token,
    body: { file_name: `cover-${i}.jpg`, content_type: 'image/jpeg', file_size: bytes.length },
  });
  const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: bytes });
  if (!put.ok) throw new Error(`PUT of cover ${i} answered ${put.status}: ${(await put.text()).slice(0, 300)}`);
  return `/${key.replace(/^\/+/, '')}`;
}

/**
 * Waits until the server's background jobs (the covers' resized copies, the
 * pages rendered again after the writes) are all done and none has come
 * for `quietMs`: a write schedules its rendering a moment after it, and
 * a page audited meanwhile would share the CPU with it.
 */
export async function waitForJobs(sqliteFile, { quietMs = 3000 } = {}) {
  const db = new Database(sqliteFile, { readonly: true });
  try {
    // A recurring job (a clock waiting for its next second) always has a row waiting: only what is due within a minute counts.
    const due = db.prepare("select count(*) from jobs where status = 'running' or (status = 'pending' and run_at <= ?)").pluck();
    const pending = { get: () => due.get(Math.floor(Date.now() / 1000) + 60) };
    const until = Date.now() + 600_000;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > until) throw new Error('the background jobs were not done within 10 minutes');
      if (pending.get() > 0) quietSince = Date.now();
      await sleep(250);
    }
    return db.prepare("select count(*) from jobs where status = 'failed'").pluck().get();
  } finally {
    db.close();
  }
}

/** Signs in as the server's first administrator; the access token. */
export async function signIn(server) {
  const { access_token: token } = await api(server.baseUrl, 'POST', '/api/auth/login', {
    body: { email: server.adminEmail, password: server.adminPassword },
  });
  return token;
}
