/**
 * Where a campaign video's poster comes from (decision 094): YouTube's
 * thumbnail of the video, or the one Vimeo's oEmbed answer names. Read
 * only while the owner lets campaign pages be read, through the same
 * careful fetch; the bytes are stored here and resized like covers, so a
 * reader's browser never asks the host for them.
 */
import type { CampaignVideo } from '../../common/campaign-video.ts';
import { fetchFailed } from './safe-fetch.ts';

/** The hosts' addresses; tests put a local stand-in in their place. */
export interface VideoPosterSources {
  /** YouTube's thumbnails: `{base}/vi/{id}/hqdefault.jpg`. */
  youtubeThumbnails: string;
  /** Vimeo's oEmbed endpoint, asked with `?url=`. */
  vimeoOembed: string;
}

export const VIDEO_POSTER_SOURCES: VideoPosterSources = {
  youtubeThumbnails: 'https://i.ytimg.com',
  vimeoOembed: 'https://vimeo.com/api/oembed.json',
};

/** The address of YouTube's thumbnail, or of Vimeo's oEmbed answer that names it. */
export function posterLookup(video: CampaignVideo, canonicalUrl: string, sources: VideoPosterSources): { thumbnail: string } | { oembed: string } {
  if (video.host === 'youtube') return { thumbnail: `${sources.youtubeThumbnails}/vi/${video.id}/hqdefault.jpg` };
  return { oembed: `${sources.vimeoOembed}?url=${encodeURIComponent(canonicalUrl)}&width=1280` };
}

/** The thumbnail an oEmbed answer names (an http(s) address), or a failure saying what was wrong. */
export function thumbnailOfOembed(body: string): string {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    throw fetchFailed('The video host answered something other than oEmbed JSON');
  }
  const url = typeof answer === 'object' && answer !== null && 'thumbnail_url' in answer ? answer.thumbnail_url : null;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw fetchFailed('The video host named no thumbnail');
  return url;
}
