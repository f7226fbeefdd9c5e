import { PostCard } from '../components/post-card.tsx';
import { listPublishedPostCards } from '../lib/posts.server.ts';
import { SITE_NAME } from '../site.ts';
import type { Route } from './+types/home';

const HOME_PAGE_SIZE = 20;
const DESCRIPTION =
  'Reviewed crowdfunding campaigns worth backing: technology, creative projects, social impact and business ideas from Kickstarter and Indiegogo.';

export async function loader({ context }: Route.LoaderArgs) {
  return listPublishedPostCards(context, HOME_PAGE_SIZE);
}

export function meta(_: Route.MetaArgs) {
  const title = `${SITE_NAME}: reviewed crowdfunding projects`;
  return [
    { title },
    { name: 'description', content: DESCRIPTION },
    { property: 'og:title', content: title },
    { property: 'og:description', content: DESCRIPTION },
    { property: 'og:type', content: 'website' },
  ];
}

// Short-lived: nothing purges caches yet when a post is published.
export function headers(_: Route.HeadersArgs) {
  return { 'Cache-Control': 'public, max-age=60' };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <>
      <h1 className="mb-8 text-3xl font-bold tracking-tight sm:text-4xl">Crowdfunding projects worth backing</h1>
      {posts.length === 0 ? (
        <p className="py-16 text-center text-slate-600">No projects found. Check back soon!</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <li key={post.slug}>
              <PostCard post={post} isPriority={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
