/**
 * The site's mark, decorative beside the name: the logo set in the site
 * settings, or the favicon's drawing.
 */
export function SiteLogo({ className = 'size-8', src }: { className?: string; src?: string | null }) {
  if (src) return <img src={src} alt="" className={`${className} object-contain`} />;
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" fill="#0f766e" />
      <path d="M9 21.5 14 11l4 7 2.5-4 2.5 7.5z" fill="#fff" />
    </svg>
  );
}
