import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(async () => {
  await t.close();
});

// SPEC.md section 3: the known ids and their labels, in the site's order.
const CATEGORIES = [
  {
    id: 'funding',
    slug: 'funding',
    name: 'Funding',
    description: 'Campaigns raising money in new ways, and the strategies that got them over the line.',
  },
  {
    id: 'tech',
    slug: 'technology',
    name: 'Technology',
    description: 'Gadgets, hardware and software projects looking for their first backers.',
  },
  {
    id: 'creative',
    slug: 'creative-projects',
    name: 'Creative Projects',
    description: 'Games, films, books, music and art brought to life by their communities.',
  },
  {
    id: 'social',
    slug: 'social-impact',
    name: 'Social Impact',
    description: 'Campaigns that put people and the planet first.',
  },
  {
    id: 'business',
    slug: 'business',
    name: 'Business',
    description: 'Founders turning a crowdfunding campaign into a lasting company.',
  },
];

describe('categories after migration', () => {
  it('holds exactly the five categories of the specification', async () => {
    const rows = await t.handle.db
      .selectFrom('categories')
      .select(['id', 'slug', 'name', 'description'])
      .orderBy('position')
      .execute();
    expect(rows).toEqual(CATEGORIES);
  });
});

describe('GET /api/categories', () => {
  it('lists the five categories in the site order', async () => {
    const response = await t.request('GET', '/categories');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ categories: CATEGORIES });
  });
});

describe('GET /api/categories/{slug}', () => {
  it.each(CATEGORIES)('returns $name by its slug $slug', async (category) => {
    const response = await t.request('GET', `/categories/${category.slug}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(category);
  });

  it('answers 404 with the error JSON for an unknown slug', async () => {
    const response = await t.request('GET', '/categories/gadgets');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Category not found' });
  });
});

describe('GET /api/admin/categories', () => {
  it('lists the five categories for an administrator, never cached', async () => {
    const response = await t.request('GET', '/admin/categories', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ categories: CATEGORIES });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a caller without a token, or with a bad one, with 401', async () => {
    const missing = await t.request('GET', '/admin/categories');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });

    const bad = await t.request('GET', '/admin/categories', { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error: 'INVALID_TOKEN', message: 'Your session has expired. Please sign in again.' });
  });
});

describe('GET /api/admin/categories/{id}', () => {
  it.each(CATEGORIES)('returns $name by its id $id', async (category) => {
    const response = await t.request('GET', `/admin/categories/${category.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(category);
  });

  it('answers 404 with the error JSON for an unknown id', async () => {
    const response = await t.request('GET', '/admin/categories/gadgets', { token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Category not found' });
  });

  it('refuses a caller without a token with 401', async () => {
    const response = await t.request('GET', '/admin/categories/tech');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });
  });
});
