/**
 * Posts and resources as the API tests see them: what differs between the
 * two kinds (paths, payloads, how categories and publication dates are
 * given) as data, and the helpers every content test uses, for either kind.
 */
import { beforeEach, expect } from 'vitest';
import type { PostJson, ResourceJson } from '../../common/answers.ts';
import { withoutRendering } from '../../server/db/queries/content.ts';
import type { TestApp } from '../helpers/test-app.ts';

export type ContentItem = PostJson | ResourceJson;
export type ContentSummary = Omit<ContentItem, 'content'>;

export interface ContentKindUnderTest {
  name: 'post' | 'resource';
  /** `Post`, `Resource`: the start of the API's messages. */
  label: string;
  table: 'posts' | 'resources';
  publicPath: '/posts' | '/resources';
  adminPath: '/admin/posts' | '/admin/resources';
  listKey: 'posts' | 'resources';
  /** A valid payload with a fresh slug. */
  payload: (slug: string) => Record<string, unknown>;
  /** The payload fields that file an item under one category. */
  inCategory: (categoryId: string) => Record<string, unknown>;
  /** The public list's query for one category. */
  categoryQuery: (categoryId: string) => string;
  /** The columns a row inserted straight into the table needs beyond the shared ones. */
  extraColumns: Record<string, unknown>;
}

export const POST_KIND: ContentKindUnderTest = {
  name: 'post',
  label: 'Post',
  table: 'posts',
  publicPath: '/posts',
  adminPath: '/admin/posts',
  listKey: 'posts',
  payload: (slug) => ({
    title: `Project ${slug}`,
    slug,
    excerpt: 'A solar lantern that charges in two hours.',
    content: '# The lantern\n\nIt **glows** for a week.',
    cover_image: 'https://cdn.example.com/lantern.jpg',
    campaign_url: 'https://www.kickstarter.com/projects/lantern',
    status: 'published',
    read_time: 4,
    category_ids: ['tech'],
  }),
  inCategory: (categoryId) => ({ category_ids: [categoryId] }),
  categoryQuery: (categoryId) => `categoryId=${categoryId}`,
  extraColumns: {},
};

export const RESOURCE_KIND: ContentKindUnderTest = {
  name: 'resource',
  label: 'Resource',
  table: 'resources',
  publicPath: '/resources',
  adminPath: '/admin/resources',
  listKey: 'resources',
  payload: (slug) => ({
    title: `Guide ${slug}`,
    slug,
    excerpt: 'How to plan a campaign budget.',
    content: '## Budget\n\nStart with the **fees**.',
    cover_image: 'https://cdn.example.com/guide.png',
    read_time: 6,
    status: 'published',
  }),
  inCategory: (categoryId) => ({ category_id: categoryId }),
  categoryQuery: (categoryId) => `category=${categoryId}`,
  extraColumns: { category_id: null },
};

export const CONTENT_KINDS = [POST_KIND, RESOURCE_KIND];

// A fixed past instant for items whose publication date a test chooses.
export const BASE_TIME = 1_700_000_000;

let slugCounter = 0;
/** A slug no other test uses. */
export function uniqueSlug(stem: string): string {
  slugCounter += 1;
  return `${stem}-${slugCounter}`;
}

export const ids = (items: { id: number }[]) => items.map((item) => item.id);

export const newestFirst = (a: ContentSummary, b: ContentSummary) =>
  (b.published_at ?? 0) - (a.published_at ?? 0) || b.id - a.id;

export function summaryOf<Item extends ContentItem>(item: Item): Omit<Item, 'content'> {
  const { content: _content, ...summary } = item;
  return summary;
}

/**
 * The helpers of one kind on one test app. Every test starts from an empty
 * table of that kind, so lists can be asserted whole.
 */
export function contentHelpers<Item extends ContentItem = ContentItem>(t: TestApp, kind: ContentKindUnderTest) {
  beforeEach(async () => {
    await t.handle.db.deleteFrom(kind.table).execute();
  });

  const payload = (overrides: Record<string, unknown> = {}) => ({ ...kind.payload(uniqueSlug(kind.name)), ...overrides });

  // The stored rendering of the body (decision 033) is no part of any answer: compared without it.
  const findRow = async (id: number) => {
    const row = await t.handle.db.selectFrom(kind.table).selectAll().where('id', '=', id).executeTakeFirst();
    return row && withoutRendering(row);
  };

  /** Moves an item's publication date, as if it had been published then. */
  async function setPublishedAt(item: Item, publishedAt: number): Promise<Item> {
    await t.handle.db.updateTable(kind.table).set({ published_at: publishedAt }).where('id', '=', item.id).execute();
    return { ...item, published_at: publishedAt };
  }

  async function create(overrides: Record<string, unknown> = {}, publishedAt?: number): Promise<Item> {
    const response = await t.request<Item>('POST', kind.adminPath, { token: await t.adminToken(), body: payload(overrides) });
    expect(response.status).toBe(201);
    return publishedAt === undefined ? response.body : setPublishedAt(response.body, publishedAt);
  }

  async function count(): Promise<number> {
    const row = await t.handle.db
      .selectFrom(kind.table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Follows next_token from the first page (or `startToken`) to the last; every page's items. */
  async function walkPages(
    path: string,
    options: { tokenParam: 'nextToken' | 'next_token'; admin?: boolean; startToken?: string | null },
  ): Promise<Omit<Item, 'content'>[][]> {
    const pages: Omit<Item, 'content'>[][] = [];
    let nextToken: string | null = options.startToken ?? null;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const url: string = nextToken ? `${path}${separator}${options.tokenParam}=${encodeURIComponent(nextToken)}` : path;
      const response = await t.request('GET', url, options.admin ? { token: await t.adminToken() } : {});
      expect(response.status).toBe(200);
      pages.push(response.body[kind.listKey]);
      nextToken = response.body.next_token;
      if (pages.length > 50) throw new Error('paging never reached a last page');
    } while (nextToken !== null);
    return pages;
  }

  return { payload, findRow, setPublishedAt, create, count, walkPages };
}
