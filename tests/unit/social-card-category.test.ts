/**
 * The category a social card names: a post's first one (in the order the
 * post lists them), taken from the post as read, with no second read of the
 * categories; a resource's one category, by its id.
 */
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { PostJson, ResourceJson } from '../../common/answers.ts';
import type { AppEnv } from '../../server/deps.ts';
import { serveSocialCards } from '../../server/http/social-cards.ts';
import type { AppServices } from '../../server/services/index.ts';
import type { CardContent } from '../../server/social-cards/card.tsx';
import type { MediaStorage } from '../../server/storage/media.ts';

const drawn = vi.hoisted((): CardContent[] => []);
vi.mock('../../server/social-cards/card.tsx', () => ({
  renderSocialCard: (content: CardContent) => {
    drawn.push(content);
    return Promise.resolve(new Uint8Array([137, 80, 78, 71]));
  },
}));

const shared = {
  excerpt: null,
  content: 'Body',
  cover_image: null,
  read_time: 3,
  status: 'published',
  published_at: 1,
  created_at: 1,
  version: 1,
} as const;

const post: PostJson = {
  ...shared,
  id: 7,
  slug: 'two-kinds',
  title: 'Two Kinds',
  updated_at: 101,
  campaign_url: null,
  sponsored: false,
  sponsored_submission_id: null,
  category_ids: ['tech', 'creative'],
  post_categories: [
    { category_id: 'tech', category: { id: 'tech', slug: 'tech', name: 'Technology' } },
    { category_id: 'creative', category: { id: 'creative', slug: 'creative', name: 'Creative' } },
  ],
};

const resource: ResourceJson = { ...shared, id: 8, slug: 'a-guide', title: 'A Guide', updated_at: 102, category_id: 'funding' };

function cardsApp() {
  const findByIdOrSlug = vi.fn((id: string) => Promise.resolve({ id, slug: id, name: 'Funding tips', description: '' }));
  const services = {
    posts: { findPublished: (slug: string) => Promise.resolve(slug === post.slug ? post : undefined) },
    resources: { findPublished: (slug: string) => Promise.resolve(slug === resource.slug ? resource : undefined) },
    categories: { findByIdOrSlug },
    siteSettings: { current: () => Promise.resolve({ version: 1, site_name: 'Lantern Reviews' }) },
  } as unknown as AppServices;
  const app = new Hono<AppEnv>();
  app.get('/social-cards/:type/:file', serveSocialCards(services, {} as MediaStorage, []));
  return { app, findByIdOrSlug };
}

describe('the category on a social card', () => {
  it("is a post's first category, taken from the post without reading the categories", async () => {
    const { app, findByIdOrSlug } = cardsApp();
    drawn.length = 0;
    const response = await app.request('/social-cards/post/two-kinds.png');
    expect(response.status).toBe(200);
    expect(drawn).toEqual([expect.objectContaining({ category: 'Technology', categoryId: 'tech' })]);
    expect(findByIdOrSlug).not.toHaveBeenCalled();
  });

  it("is a resource's category, read by its id", async () => {
    const { app, findByIdOrSlug } = cardsApp();
    drawn.length = 0;
    const response = await app.request('/social-cards/resource/a-guide.png');
    expect(response.status).toBe(200);
    expect(drawn).toEqual([expect.objectContaining({ category: 'Funding tips', categoryId: 'funding' })]);
    expect(findByIdOrSlug).toHaveBeenCalledWith('funding');
  });
});
