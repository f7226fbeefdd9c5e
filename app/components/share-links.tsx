import { useEffect, useState } from 'react';
import { sharePath } from '../../common/outbound.ts';
import { SHARE_LABELS, SHARE_NETWORKS, shareUrl } from '../../common/share.ts';
import { Button } from './ui/button.tsx';
import { Icon } from './ui/icon.tsx';

/**
 * Share this page: a plain link to each network's share form (they work
 * without JavaScript and load nothing from other sites), copy link, and
 * the device's own share sheet where the browser has one. A post's buttons
 * go through `/share/{slug}/{network}`, which counts the click and leads to
 * the same form (decision 067).
 */
export function ShareLinks({ url, title, slug }: { url: string; title: string; slug?: string | undefined }) {
  const [canShare, setCanShare] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    setCanShare(typeof navigator.share === 'function');
    setCanCopy(typeof navigator.clipboard?.writeText === 'function');
  }, []);

  return (
    <nav aria-label="Share" className="mt-10 flex flex-wrap items-center gap-2">
      <span className="mr-1 text-sm font-medium text-muted-foreground">Share:</span>
      {SHARE_NETWORKS.map((network) => (
        <Button key={network} asChild variant="outline" size="sm">
          <a href={slug ? sharePath(slug, network) : shareUrl(network, url, title)} target="_blank" rel="noopener noreferrer">
            {SHARE_LABELS[network]}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      ))}
      {canCopy ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard.writeText(url).then(() => {
              setIsCopied(true);
              setTimeout(() => setIsCopied(false), 2000);
            })
          }
        >
          <Icon name="link-2" />
          <span aria-live="polite">{isCopied ? 'Link copied' : 'Copy link'}</span>
        </Button>
      ) : null}
      {canShare ? (
        <Button type="button" variant="outline" size="sm" onClick={() => void navigator.share({ url, title }).catch(() => {})}>
          <Icon name="share-2" />
          More…
        </Button>
      ) : null}
    </nav>
  );
}
