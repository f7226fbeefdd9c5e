import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { NavMenuProps } from './nav-menu-types.ts';
import { Button } from './ui/button.tsx';

const loadDropdown = () => import('./nav-menu-dropdown.tsx');
const NavMenuDropdown = lazy(loadDropdown);

/**
 * A navigation dropdown (Projects, Tools). The Radix menu behind it weighs
 * more than the rest of the page's own code, so it is fetched when a visitor
 * points at or focuses the button, and mounted on the first click; until
 * then the server-rendered button stands in for it.
 */
export function NavMenu(props: NavMenuProps) {
  const [isWanted, setIsWanted] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const preload = () => void loadDropdown();
  const open = () => {
    setIsWanted(true);
    setIsOpen(true);
  };

  const placeholder = (
    <Button
      type="button"
      variant="ghost"
      className="px-3"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          open();
        }
      }}
    >
      {props.label}
      <ChevronDown aria-hidden="true" />
    </Button>
  );
  if (!isWanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NavMenuDropdown {...props} open={isOpen} onOpenChange={setIsOpen} />
    </Suspense>
  );
}
