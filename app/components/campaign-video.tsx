/**
 * A campaign's video as a click-to-load poster (decision 094): the page
 * shows our own poster (stored here) or a neutral placeholder, and nothing
 * from the video's host loads until the reader asks. The click swaps the
 * poster for the host's player, which starts at once; without JavaScript
 * the poster is a plain link to the video's own page.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { parseVideoUrl, videoEmbedUrl } from '../../common/campaign-video.ts';
import type { CampaignVideoView } from '../lib/campaign-view.ts';
import { cx } from '../lib/cx.ts';
import { responsiveImage } from '../lib/responsive-image.ts';

const POSTER_SIZES = '(min-width: 832px) 672px, 100vw';

/** The address fragment that asks a freshly loaded page to start its video (see `framesAllowedHere`). */
const PLAY_FRAGMENT = '#campaign-video';

/**
 * Whether this document's policy lets the player be framed: it does when
 * the server sent it for this page. A page reached by navigating inside
 * the site keeps the policy of the page first loaded, which frames
 * nothing; the click then loads this page anew, asking it to play.
 */
function framesAllowedHere(): boolean {
  const [first] = performance.getEntriesByType('navigation');
  if (!first) return true;
  try {
    return new URL(first.name).pathname === window.location.pathname;
  } catch {
    return true;
  }
}

function PlayMark() {
  return (
    <span className="campaign-video-play flex size-16 items-center justify-center rounded-full bg-black/75 text-white shadow-lg transition-transform group-hover:scale-105 group-focus-visible:scale-105">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 size-8" fill="currentColor">
        <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
      </svg>
    </span>
  );
}

export function CampaignVideo({ video, title, className }: { video: CampaignVideoView; title: string; className?: string }) {
  const [playing, setPlaying] = useState(false);
  const parsed = playing ? parseVideoUrl(video.pageUrl) : null;
  const play = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window asked for: the link does what the reader meant.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (framesAllowedHere()) {
      setPlaying(true);
      return;
    }
    // The address is this page's already (only a fragment would change): loaded again from the server.
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${PLAY_FRAGMENT}`);
    window.location.reload();
  };
  useEffect(() => {
    if (window.location.hash !== PLAY_FRAGMENT || !framesAllowedHere()) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    setPlaying(true);
  }, []);
  return (
    <div className={cx('campaign-video relative aspect-video overflow-hidden rounded-lg bg-muted', className)}>
      {parsed ? (
        <iframe
          src={videoEmbedUrl(parsed)}
          title={`Video: ${title}`}
          className="absolute inset-0 size-full border-0"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          // The players refuse to play for a page that sends no referrer at all; the origin is all they get.
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <a
          href={video.pageUrl}
          onClick={play}
          rel="noopener noreferrer"
          data-video-poster=""
          className="group absolute inset-0 flex items-center justify-center focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-ring"
        >
          {video.poster ? (
            <img
              {...responsiveImage(video.poster, POSTER_SIZES)}
              alt=""
              width={1280}
              height={720}
              loading="lazy"
              decoding="async"
              className="absolute inset-0 size-full object-cover"
            />
          ) : (
            <span aria-hidden="true" data-video-placeholder="" className="campaign-video-placeholder absolute inset-0 bg-linear-to-br from-slate-700 to-slate-900" />
          )}
          <PlayMark />
          <span className="absolute inset-x-0 bottom-0 bg-linear-to-t from-black/80 to-transparent px-4 pb-3 pt-8 text-left text-sm font-medium text-white">
            Play the campaign video <span className="font-normal text-white/85">{`(loads ${video.host})`}</span>
          </span>
        </a>
      )}
    </div>
  );
}
