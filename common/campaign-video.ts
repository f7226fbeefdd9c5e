/**
 * A campaign's video: YouTube or Vimeo only, the two hosts whose players
 * can be framed from a fixed origin without their scripts on our pages.
 * The address an editor pastes is read into a host and an id, stored in
 * one canonical form, and played from the host's embed origin only after a
 * reader asks (decision 094); until then the page shows a poster of ours.
 */

export const VIDEO_HOSTS = ['youtube', 'vimeo'] as const;
export type VideoHost = (typeof VIDEO_HOSTS)[number];

export interface CampaignVideo {
  host: VideoHost;
  id: string;
}

/** The origin each host's player is framed from: the one `frame-src` a page with a video allows. */
export const VIDEO_FRAME_ORIGINS: Record<VideoHost, string> = {
  // The no-cookie domain sets no cookie until the reader plays the video.
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
};

export const VIDEO_HOST_LABELS: Record<VideoHost, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

export const VIDEO_URL_MESSAGE = 'Video URL must be a YouTube or Vimeo video address';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const [first, second] = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return first ?? null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') return second ?? null;
  return null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (!VIMEO_HOSTS.has(host)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'player.vimeo.com') return parts[0] === 'video' ? (parts[1] ?? null) : null;
  // vimeo.com/123, vimeo.com/channels/staffpicks/123, vimeo.com/groups/x/videos/123: the last part.
  return parts.at(-1) ?? null;
}

/** The video an address names, or null when it is not a YouTube or Vimeo video's address. */
export function parseVideoUrl(value: string): CampaignVideo | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  const youtube = youtubeId(url);
  if (youtube !== null) return YOUTUBE_ID.test(youtube) ? { host: 'youtube', id: youtube } : null;
  const vimeo = vimeoId(url);
  if (vimeo !== null) return VIMEO_ID.test(vimeo) ? { host: 'vimeo', id: vimeo } : null;
  return null;
}

/** The one stored form of a video's address. */
export function canonicalVideoUrl(video: CampaignVideo): string {
  return video.host === 'youtube' ? `https://www.youtube.com/watch?v=${video.id}` : `https://vimeo.com/${video.id}`;
}

/** The player a reader's click loads, playing at once (the click was the reader's request to play). */
export function videoEmbedUrl(video: CampaignVideo): string {
  return video.host === 'youtube'
    ? `${VIDEO_FRAME_ORIGINS.youtube}/embed/${video.id}?autoplay=1&rel=0`
    : `${VIDEO_FRAME_ORIGINS.vimeo}/video/${video.id}?autoplay=1&dnt=1`;
}

/** The frame origin of a stored video address; null when it names none. */
export function videoFrameOrigin(videoUrl: string | null | undefined): string | null {
  const video = videoUrl ? parseVideoUrl(videoUrl) : null;
  return video ? VIDEO_FRAME_ORIGINS[video.host] : null;
}
