import { Link } from 'react-router';
import type { CampaignAction } from '../../common/campaign.ts';
import { useOutboundPing } from '../lib/outbound-ping.ts';
import { campaignLinkRel } from './sponsored-label.tsx';
import { Button } from './ui/button.tsx';
import { Icon } from './ui/icon.tsx';

/** The words around the campaign's button, and the button's, for each thing the campaign allows. */
const OFFERS: Record<CampaignAction, { title: string; text: (title: string) => string; button: string }> = {
  back: {
    title: 'Still taking pledges',
    text: (title) => `Like what you see? Back ${title} directly on its campaign page, or discover more crowdfunding projects worth backing.`,
    button: 'Back This Project',
  },
  pre_launch: {
    title: 'Not launched yet',
    text: (title) => `${title} has not launched yet: follow it on its pre-launch page to hear when it does, or discover more crowdfunding projects worth backing.`,
    button: 'See the pre-launch page',
  },
  ended: {
    title: 'Pledging has closed',
    text: (title) => `The campaign for ${title} has ended and takes no more pledges: see how it went on its campaign page, or discover more crowdfunding projects worth backing.`,
    button: 'See the campaign page',
  },
  failed: {
    title: 'It fell short of its goal',
    text: (title) => `The campaign for ${title} ended short of its goal and takes no pledges: see its campaign page, or discover more crowdfunding projects worth backing.`,
    button: 'See the campaign page',
  },
  canceled: {
    title: 'The campaign was canceled',
    text: (title) => `The campaign for ${title} was canceled and takes no pledges: see its campaign page, or discover more crowdfunding projects worth backing.`,
    button: 'See the campaign page',
  },
};

/** The block's title where the post has no campaign to send the reader to. */
export const NO_CAMPAIGN_TITLE = 'More campaigns we have reviewed';

/**
 * The one call to action at the end of a post: the campaign when it has one
 * (SPEC.md: in a new tab, with no opener), or find more projects (SPEC.md's
 * block with its button home), in the page's closing slab. Its title says
 * where the campaign stands rather than SPEC.md's stock 'Enjoyed this
 * post?' (decision 096). A single block: on a short post,
 * separate boxes before and after it stacked up into a wall of buttons.
 * "Back This Project" only while the campaign takes pledges (`action`;
 * a campaign whose facts are unknown is taken as open); otherwise the
 * button and the words around it say what the campaign page still offers.
 * The link is the campaign's real address (with its referral tag), its
 * click counted by a ping to this site (decision 067).
 */
export function CampaignCta({
  campaignUrl,
  action,
  slug,
  title,
  sponsored,
}: {
  campaignUrl: string | null;
  action: CampaignAction | null;
  slug: string;
  title: string;
  sponsored: boolean;
}) {
  const counted = useOutboundPing(slug);
  const offer = campaignUrl ? OFFERS[action ?? 'back'] : null;
  return (
    <section aria-labelledby="enjoyed-title" className="slab">
      <div>
        <h2 id="enjoyed-title" className="slab-title">
          {offer ? offer.title : NO_CAMPAIGN_TITLE}
        </h2>
        <p className="slab-text">{offer ? offer.text(title) : 'Discover more crowdfunding projects worth backing.'}</p>
      </div>
      <div className="slab-actions slab-buttons">
        {campaignUrl && offer ? (
          <Button asChild size="lg" className="slab-button">
            <a href={campaignUrl} target="_blank" rel={campaignLinkRel(sponsored)} {...counted}>
              {offer.button}
              <Icon name="external-link" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
        <Button asChild size="lg" className={campaignUrl ? 'slab-button-quiet' : 'slab-button'}>
          <Link to="/" prefetch="intent">
            Explore More Projects
          </Link>
        </Button>
      </div>
    </section>
  );
}
