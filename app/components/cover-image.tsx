import type { ComponentProps } from 'react';
import { cx } from '../lib/cx.ts';
import { responsiveImage } from '../lib/responsive-image.ts';

// Demo covers and the editor's recommended size are 16:9; the attributes
// reserve the space before the image arrives (no layout shift).
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 675;

/**
 * A post or resource cover. `isPriority` for the one image most likely to be
 * the largest paint (loaded at once, high priority); all others wait until
 * they near the viewport. The alt text comes from the title; `sizes` tells
 * the browser which resized copy of an upload to pick. Without a cover,
 * `fallback` (a published item's social card: its title on its category's
 * colours) stands in; with neither, a neutral box keeps the layout.
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
  fallback?: string | null | undefined;
  title: string;
  sizes: string;
  isPriority?: boolean;
}) {
  const shown = src || fallback;
  if (!shown) return <div aria-hidden="true" className={cx('aspect-video w-full bg-muted', className)} />;
  return (
    <img
      {...responsiveImage(shown, sizes)}
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
