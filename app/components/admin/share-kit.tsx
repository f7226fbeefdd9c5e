import { Copy, Download } from 'lucide-react';
import { renderSVG } from 'uqr';
import { goPath } from '../../../common/outbound.ts';
import { SHARE_LABELS, SHARE_NETWORKS, withUtm } from '../../../common/share.ts';
import { socialCardPath } from '../../../common/social-cards.ts';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Textarea } from '../ui/textarea.tsx';

const copy = (text: string) =>
  void navigator.clipboard?.writeText(text).then(
    () => notifySuccess('Copied'),
    () => notifyError('Error', 'Copy it from the field instead'),
  );

/**
 * The share kit of a published sponsored post: its address tagged for each
 * network (so the sponsor's report can tell where readers came from), the
 * card networks will show, a text to post with it, and, with a campaign,
 * the counted address that leads straight to it (`/go/`, decision 067).
 */
export function ShareKit({
  slug,
  title,
  excerpt,
  version,
  hasCampaign = false,
}: {
  slug: string;
  title: string;
  excerpt: string;
  /** The post links a campaign: its counted `/go/` address is offered too. */
  hasCampaign?: boolean;
  /** Makes a new card address after each save. */
  version: number;
}) {
  const origin = window.location.origin;
  const pageUrl = `${origin}/${slug}`;
  const campaign = `sponsored-${slug}`.slice(0, 100);
  const suggested = `${title}${excerpt.trim() ? ` — ${excerpt.trim()}` : ''}`;
  return (
    <section aria-labelledby="share-kit-heading" className="mt-10 grid max-w-3xl gap-4 border-t border-border pt-6">
      <h2 id="share-kit-heading" className="text-lg font-semibold">
        Share kit
      </h2>
      <img
        // The post's version, not the card's hash (only the server knows it): served with a short cache, and new after each save.
        src={socialCardPath('post', slug, String(version))}
        alt={`The card networks show for ${title}`}
        width={600}
        height={315}
        className="h-auto w-full max-w-xl rounded-md border border-border"
      />
      <div className="grid gap-2">
        <Label htmlFor="share-kit-text">Suggested text</Label>
        <div className="flex gap-2">
          <Textarea id="share-kit-text" readOnly rows={3} value={suggested} />
          <Button type="button" variant="outline" size="icon" onClick={() => copy(suggested)}>
            <Copy aria-hidden="true" />
            <span className="sr-only">Copy the suggested text</span>
          </Button>
        </div>
      </div>
      {hasCampaign ? <StraightToCampaign url={`${origin}${goPath(slug)}`} slug={slug} /> : null}
      {SHARE_NETWORKS.map((network) => {
        const url = withUtm(pageUrl, network, campaign);
        const id = `share-kit-${network}`;
        return (
          <div key={network} className="grid gap-1">
            <Label htmlFor={id}>Address for {SHARE_LABELS[network]}</Label>
            <div className="flex gap-2">
              <Input id={id} readOnly value={url} onFocus={(event) => event.target.select()} />
              <Button type="button" variant="outline" size="icon" onClick={() => copy(url)}>
                <Copy aria-hidden="true" />
                <span className="sr-only">Copy the address for {SHARE_LABELS[network]}</span>
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}

/**
 * The counted address straight to the campaign, to copy or to print: its
 * QR code is drawn here from the address alone (nothing is sent anywhere),
 * and saved as an SVG that stays sharp at any print size.
 */
function StraightToCampaign({ url, slug }: { url: string; slug: string }) {
  // The medium error correction survives a smudged or partly covered print; black on white scans everywhere.
  const qrCode = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { ecc: 'M', border: 2, pixelSize: 8 }))}`;
  return (
    <div className="grid gap-2">
      <div className="grid gap-1">
        <Label htmlFor="share-kit-go">Address straight to the campaign (clicks counted)</Label>
        <div className="flex gap-2">
          <Input id="share-kit-go" readOnly value={url} onFocus={(event) => event.target.select()} />
          <Button type="button" variant="outline" size="icon" onClick={() => copy(url)}>
            <Copy aria-hidden="true" />
            <span className="sr-only">Copy the address straight to the campaign</span>
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <img src={qrCode} alt={`QR code of ${url}`} width={160} height={160} className="rounded-md border border-border bg-white" />
        <Button asChild variant="outline">
          <a href={qrCode} download={`${slug}-qr-code.svg`}>
            <Download aria-hidden="true" />
            Download the QR code
          </a>
        </Button>
      </div>
    </div>
  );
}
