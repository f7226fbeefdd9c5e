/**
 * Share links of a page: plain addresses of each network's own share
 * form, so sharing loads nothing from other sites and tracks no one.
 * The back office's share kit tags each with UTM parameters.
 */
export const SHARE_NETWORKS = ['x', 'linkedin', 'facebook', 'bluesky', 'email'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export const SHARE_LABELS: Record<ShareNetwork, string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  bluesky: 'Bluesky',
  email: 'E-mail',
};

/** Where a visitor shares `url` on `network`, with `text` where the network takes one. */
export function shareUrl(network: ShareNetwork, url: string, text: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  switch (network) {
    case 'x':
      return `https://x.com/intent/post?url=${u}&text=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'bluesky':
      return `https://bsky.app/intent/compose?text=${encodeURIComponent(`${text} ${url}`)}`;
    case 'email':
      return `mailto:?subject=${t}&body=${u}`;
  }
}

/** `url` tagged for the campaign reports of one network. */
export function withUtm(url: string, network: ShareNetwork, campaign: string): string {
  const tagged = new URL(url);
  tagged.searchParams.set('utm_source', network);
  tagged.searchParams.set('utm_medium', network === 'email' ? 'email' : 'social');
  tagged.searchParams.set('utm_campaign', campaign);
  return tagged.toString();
}
