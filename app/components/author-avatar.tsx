import { cx } from '../lib/cx.ts';
import { responsiveImage } from '../lib/responsive-image.ts';

/**
 * An author's face beside their name: the smallest resized copy of the
 * upload (the browser picks it through `sizes`), its box fixed so nothing
 * moves when it arrives. Decorative: the name beside it says who it is.
 */
export function AuthorAvatar({ src, size, className }: { src: string | null; size: number; className?: string }) {
  if (!src) return null;
  return (
    <img
      {...responsiveImage(src, `${size}px`)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cx('shrink-0 rounded-full bg-muted object-cover', className)}
      style={{ width: size, height: size }}
    />
  );
}
