import { ChevronDown } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { NavMenuProps } from './nav-menu-types.ts';
import { Button } from './ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './ui/dropdown-menu.tsx';

/** The Radix dropdown behind a NavMenu, loaded on demand. */
export default function NavMenuDropdown({
  label,
  groups,
  open,
  onOpenChange,
}: NavMenuProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" className="px-3">
          {label}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {groups.map((group, index) => (
          <Fragment key={group.heading ?? index}>
            {index > 0 ? <DropdownMenuSeparator /> : null}
            {group.heading ? <DropdownMenuLabel>{group.heading}</DropdownMenuLabel> : null}
            {group.items.map((item) => (
              <DropdownMenuItem key={item.to} asChild>
                <Link to={item.to} prefetch="intent">
                  {item.label}
                </Link>
              </DropdownMenuItem>
            ))}
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
