// Posts made and published as an editor does it, through the API, so the tests share one way of saving a post.
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** A post as the admin API answers it; a test reads the fields it needs. */
export type SavedPost = { id: number; slug: string; title: string; version: number } & Record<string, unknown>;

let created = 0;

/**
 * Saves a new post as the administrator: a published post with a title and
 * slug of its own unless `fields` (sent as they are, over the defaults) say
 * otherwise; fails the test unless the API answers 201.
 */
export async function createPost<T = SavedPost>(t: Pick<TestApp, 'request' | 'adminToken'>, fields: Record<string, unknown> = {}): Promise<T> {
  created += 1;
  const response = await t.request<T>('POST', '/admin/posts', {
    token: await t.adminToken(),
    body: {
      title: `Post ${created}`,
      slug: `post-${created}-${Date.now()}`,
      content: 'Text.',
      excerpt: 'A post.',
      status: 'published',
      category_ids: [],
      ...fields,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

export interface PublishOptions {
  /** The publication time, in seconds; now by default. */
  publishedAt?: number;
  /** Who saves it; the seeded administrator by default. */
  token?: () => Promise<string>;
}

/**
 * Saves a drafted post as it stands, published, as the editor does from the
 * post's form, and waits for the jobs the save started (the sponsor's
 * mails): the post as saved.
 */
export async function publishDraft(t: Pick<TestApp, 'request' | 'adminToken' | 'deps'>, postId: number, options: PublishOptions = {}): Promise<SavedPost> {
  const token = options.token ?? (() => t.adminToken());
  const current = (await t.request<SavedPost>('GET', `/admin/posts/${postId}`, { token: await token() })).body;
  const saved = await t.request<SavedPost>('PUT', `/admin/posts/${postId}`, {
    token: await token(),
    body: {
      title: current.title,
      slug: current.slug,
      excerpt: current.excerpt,
      content: current.content,
      cover_image: current.cover_image,
      campaign_url: current.campaign_url,
      read_time: current.read_time,
      category_ids: current.category_ids,
      status: 'published',
      published_at: options.publishedAt ?? Math.floor(Date.now() / 1000),
      version: current.version,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await t.deps.jobs.whenIdle();
  return saved.body;
}
