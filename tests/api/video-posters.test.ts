/**
 * A campaign video's poster (decision 094), against a stand-in video host
 * on 127.0.0.1 (both engines): read in the background only while reading
 * campaign pages is on, stored here as an upload (so resized like covers),
 * kept while the video stays and dropped with it; a host that fails or
 * answers no image leaves the placeholder.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostJson } from '../../common/answers.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;
let host: { origin: string; requests: string[]; close: () => Promise<void> };
let jpeg: Buffer;
let counter = 0;

async function startVideoHost() {
  const requests: string[] = [];
  let origin = '';
  const send = (response: ServerResponse, status: number, type: string, body: Buffer | string) => {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/vi/dQw4w9WgXcQ/hqdefault.jpg') return send(response, 200, 'image/jpeg', jpeg);
    if (url.pathname === '/vi/aaaaaaaaaaa/hqdefault.jpg') return send(response, 200, 'image/jpeg', '<html>not an image</html>');
    if (url.pathname === '/oembed' && url.searchParams.get('url') === 'https://vimeo.com/76979871') {
      return send(response, 200, 'application/json', JSON.stringify({ type: 'video', thumbnail_url: `${origin}/vimeo-thumb.jpg` }));
    }
    if (url.pathname === '/vimeo-thumb.jpg') return send(response, 200, 'image/jpeg', jpeg);
    return send(response, 404, 'text/plain', 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  host = await startVideoHost();
  t = await createTestApp({
    env: { CAMPAIGN_FETCH_ALLOW_PRIVATE: 'true' },
    campaignFetchLimits: { timeoutMs: 1000 },
    videoPosterSources: { youtubeThumbnails: host.origin, vimeoOembed: `${host.origin}/oembed` },
  });
  token = await t.adminToken();
});

afterAll(async () => {
  await t?.close();
  await host?.close();
});

const setFetching = (enabled: boolean) => t.request('PUT', '/admin/settings/campaign-fetching', { token, ip: freshIp(), body: { enabled } });

async function postWithVideo(videoUrl: string | null): Promise<PostJson> {
  counter += 1;
  const response = await t.request<PostJson>('POST', '/admin/posts', {
    token,
    body: {
      title: `Loom ${counter}`,
      slug: `video-poster-${counter}`,
      excerpt: 'A loom.',
      content: 'Text.',
      cover_image: null,
      campaign_url: 'https://www.kickstarter.com/projects/loomwright/loom',
      status: 'published',
      read_time: 1,
      category_ids: [],
      campaign: { platform: 'kickstarter', currency: 'EUR', goal: 100_000, video_url: videoUrl },
    },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function settled(post: PostJson): Promise<PostJson> {
  await t.deps.jobs.whenIdle();
  return (await t.request<PostJson>('GET', `/admin/posts/${post.id}`, { token })).body;
}

describe('a campaign video poster', () => {
  it('is not read while reading campaign pages is off: the placeholder stays and the host hears nothing', async () => {
    await setFetching(false);
    const before = host.requests.length;
    const post = await settled(await postWithVideo('https://youtu.be/dQw4w9WgXcQ'));
    expect(post.campaign?.video_poster).toBeNull();
    expect(host.requests.length).toBe(before);
  });

  it('is read from YouTube and stored here as an upload, which the page shows resized', async () => {
    await setFetching(true);
    const post = await settled(await postWithVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ'));
    expect(host.requests).toContain('/vi/dQw4w9WgXcQ/hqdefault.jpg');
    const poster = post.campaign?.video_poster ?? '';
    expect(poster).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}-youtube-dqw4w9wgxcq-poster\.jpg$/);
    const media = await t.deps.db.selectFrom('media').selectAll().where('s3_key', '=', poster.slice(1)).executeTakeFirst();
    expect(media).toMatchObject({ content_type: 'image/jpeg', state: 'ready' });
    // The public answer carries it too.
    expect((await t.request<PostJson>('GET', `/posts/${post.slug}`)).body.campaign?.video_poster).toBe(poster);
  });

  it('is read from the thumbnail Vimeo’s oEmbed answer names', async () => {
    await setFetching(true);
    const post = await settled(await postWithVideo('https://vimeo.com/76979871'));
    expect(host.requests).toContain('/vimeo-thumb.jpg');
    expect(post.campaign?.video_poster).toMatch(/-vimeo-76979871-poster\.jpg$/);
  });

  it('stays while the video does, and goes with it', async () => {
    await setFetching(true);
    const post = await settled(await postWithVideo('https://youtu.be/dQw4w9WgXcQ'));
    const poster = post.campaign?.video_poster;
    expect(poster).toBeTruthy();
    const { id, version, created_at: _c, updated_at: _u, post_categories: _p, sponsored_submission_id: _s, campaign, ...fields } = post;
    const facts = { platform: 'kickstarter', currency: 'EUR', goal: 100_000, video_url: campaign?.video_url };
    const renamed = await t.request<PostJson>('PUT', `/admin/posts/${id}`, { token, body: { ...fields, title: 'Renamed', version, campaign: facts } });
    expect(renamed.body.campaign?.video_poster).toBe(poster);
    const noVideo = await t.request<PostJson>('PUT', `/admin/posts/${id}`, {
      token,
      body: { ...fields, version: renamed.body.version, campaign: { ...facts, video_url: null } },
    });
    expect(noVideo.body.campaign).toMatchObject({ video_url: null, video_poster: null });
  });

  it('keeps the placeholder when the host answers no image', async () => {
    await setFetching(true);
    const post = await settled(await postWithVideo('https://youtu.be/aaaaaaaaaaa'));
    expect(host.requests).toContain('/vi/aaaaaaaaaaa/hqdefault.jpg');
    expect(post.campaign?.video_poster).toBeNull();
  });
});
