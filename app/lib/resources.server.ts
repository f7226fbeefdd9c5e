/**
 * Resource reads for page loaders, through the API's query module, in process.
 */
import type { AppLoadContext } from 'react-router';
import type { Cursor } from '../../server/http/cursor.ts';
import {
  findPublishedResourceBySlug,
  findRenamedResourceSlug,
  listPublishedResources,
  type ResourceSummaryJson,
} from '../../server/db/queries/resources.ts';
import { publishedDate, type PublishedDate } from './dates.ts';
import { renderMarkdown, type RenderedMarkdown } from './markdown.server.tsx';

/** What a resource card shows (SPEC.md: cover, title, excerpt, date, read time). */
export interface ResourceCard {
  slug: string;
  title: string;
  excerpt: string | null;
  cover_image: string | null;
  read_time: number | null;
  published_at: number | null;
  /** The date as text, formatted on the server. */
  published: PublishedDate | null;
}

export interface ResourceCardPage {
  resources: ResourceCard[];
  next_token: string | null;
}

export interface ResourceDetail extends ResourceCard {
  updated_at: number;
  content: RenderedMarkdown;
}

function toResourceCard(resource: ResourceSummaryJson): ResourceCard {
  return {
    slug: resource.slug,
    title: resource.title,
    excerpt: resource.excerpt,
    cover_image: resource.cover_image,
    read_time: resource.read_time,
    published_at: resource.published_at,
    published: publishedDate(resource.published_at),
  };
}

export async function listPublishedResourceCards(
  context: AppLoadContext,
  options: { pageSize: number; cursor: Cursor | null },
): Promise<ResourceCardPage> {
  const page = await listPublishedResources(context.deps.db, options);
  return { resources: page.resources.map(toResourceCard), next_token: page.next_token };
}

/** A published resource with its markdown rendered, or undefined. */
export async function findResourceDetail(
  context: AppLoadContext,
  slug: string,
): Promise<ResourceDetail | undefined> {
  const resource = await findPublishedResourceBySlug(context.deps.db, slug);
  if (!resource) return undefined;
  return {
    ...toResourceCard(resource),
    updated_at: resource.updated_at,
    content: renderMarkdown(resource.content, (error) =>
      context.deps.logger.warn({ err: error, slug }, 'resource markdown could not be rendered: showing raw text'),
    ),
  };
}

/** Where a renamed published resource lives now, if `slug` is one of its old slugs. */
export function findRenamedResource(context: AppLoadContext, slug: string): Promise<string | undefined> {
  return findRenamedResourceSlug(context.deps.db, slug);
}
