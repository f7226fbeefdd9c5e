import { Link } from 'react-router';
import { useOutboundPing } from '../lib/outbound-ping.ts';
import { campaignLinkRel } from './sponsored-label.tsx';
import { Button } from './ui/button.tsx';
import { Icon } from './ui/icon.tsx';

/**
 * The one call to action at the end of a post: back the campaign when it has
 * one (SPEC.md: in a new tab, with no opener), or find more projects (SPEC.md's
 * 'Enjoyed this post?' with its button home). A single block: on a short post,
 * separate boxes before and after it stacked up into a wall of buttons.
 * The link is the campaign's real address (with its referral tag), its
 * click counted by a ping to this site (decision 067).
 */
export function CampaignCta({
  campaignUrl,
  slug,
  title,
  sponsored,
}: {
  campaignUrl: string | null;
  slug: string;
  title: string;
  sponsored: boolean;
}) {
  const counted = useOutboundPing(slug);
  return (
    <section
      aria-labelledby="enjoyed-title"
      className="mt-16 overflow-hidden rounded-2xl border border-primary/20 bg-accent px-6 py-10 text-center sm:px-10"
    >
      <h2 id="enjoyed-title" className="text-2xl font-bold tracking-tight text-accent-foreground">
        Enjoyed this post?
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
        {campaignUrl
          ? `Like what you see? Back ${title} directly on its campaign page, or discover more crowdfunding projects worth backing.`
          : 'Discover more crowdfunding projects worth backing.'}
      </p>
      <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {campaignUrl ? (
          <Button asChild size="lg">
            <a href={campaignUrl} target="_blank" rel={campaignLinkRel(sponsored)} {...counted}>
              Back This Project
              <Icon name="external-link" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
        <Button asChild size="lg" variant={campaignUrl ? 'outline' : 'default'}>
          <Link to="/" prefetch="intent">
            Explore More Projects
          </Link>
        </Button>
      </div>
    </section>
  );
}
