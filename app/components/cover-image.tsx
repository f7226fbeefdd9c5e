import type { ComponentProps, CSSProperties } from 'react';
import { cardPalette } from '../../common/social-cards.ts';
import type { CoverFallback } from '../lib/content-cards.ts';
import { cx } from '../lib/cx.ts';
import { responsiveImage } from '../lib/responsive-image.ts';

// Demo covers and the editor's recommended size are 16:9; the attributes
// reserve the space before the image arrives (no layout shift).
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 675;

/** `#0369a1` at `alpha` as rgba(): CSS gradients take no opacity of their own. */
function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/**
 * The picture of an item without a cover: its category's colours (those of
 * its social card), a dotted pattern and a ring, and no text, so it sits
 * under the real title without repeating it (docs/decisions/044).
 */
function fallbackStyle(categoryId: string | null): CSSProperties {
  const palette = cardPalette(categoryId);
  return {
    backgroundColor: palette.to,
    backgroundImage: [
      `radial-gradient(circle at 12px 12px, ${withAlpha(palette.accent, 0.24)} 2.5px, transparent 3px)`,
      `radial-gradient(circle at 88% 0%, transparent 0 24%, ${withAlpha(palette.accent, 0.16)} 24% 33%, transparent 33%)`,
      `linear-gradient(135deg, ${palette.from} 0%, ${palette.to} 100%)`,
    ].join(', '),
    backgroundSize: '32px 32px, 100% 100%, 100% 100%',
  };
}

/**
 * A post or resource cover. `isPriority` for the one image most likely to be
 * the largest paint (loaded at once, high priority); all others wait until
 * they near the viewport. The alt text comes from the title; `sizes` tells
 * the browser which resized copy of an upload to pick. Without a cover,
 * `fallback` (the colours of the item's category) stands in, drawn by CSS
 * and decorative; with neither, a neutral box keeps the layout.
 */
export function CoverImage({
  src,
  fallback,
  title,
  sizes,
  isPriority = false,
  className,
  ...props
}: Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'sizes' | 'alt' | 'width' | 'height'> & {
  src: string | null;
  fallback?: CoverFallback | null | undefined;
  title: string;
  sizes: string;
  isPriority?: boolean;
}) {
  if (!src) {
    return (
      <div
        aria-hidden="true"
        data-cover-fallback={fallback ? (fallback.categoryId ?? 'neutral') : undefined}
        className={cx('cover-image', className)}
        style={fallback ? fallbackStyle(fallback.categoryId) : undefined}
      />
    );
  }
  return (
    <img
      {...responsiveImage(src, sizes)}
      alt={`Cover image for ${title}`}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : undefined}
      decoding={isPriority ? 'sync' : 'async'}
      {...props}
      className={cx('cover-image', className)}
    />
  );
}
