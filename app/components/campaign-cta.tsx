import { ExternalLink } from 'lucide-react';
import { campaignLinkRel } from './sponsored-label.tsx';
import { Button } from './ui/button.tsx';

/**
 * A call to back the campaign, shown before and after a post's review when
 * it has a campaign URL. SPEC.md: the button opens the campaign in a new
 * tab with no opener.
 */
export function CampaignCta({
  campaignUrl,
  title,
  text,
  buttonLabel,
  sponsored,
}: {
  campaignUrl: string;
  title: string;
  text: string;
  buttonLabel: string;
  sponsored: boolean;
}) {
  return (
    <aside
      aria-label={`${buttonLabel}: ${title}`}
      className="flex flex-col gap-4 rounded-xl border border-primary/25 bg-accent p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="font-medium text-accent-foreground">{text}</p>
      <Button asChild>
        <a href={campaignUrl} target="_blank" rel={campaignLinkRel(sponsored)}>
          {buttonLabel}
          <ExternalLink aria-hidden="true" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
    </aside>
  );
}
