/** The site's mark (the favicon's drawing), decorative beside the name. */
export function SiteLogo({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" fill="#0f766e" />
      <path d="M9 21.5 14 11l4 7 2.5-4 2.5 7.5z" fill="#fff" />
    </svg>
  );
}
