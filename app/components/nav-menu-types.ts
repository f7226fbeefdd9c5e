/** What a navigation dropdown shows, shared by its button and the menu loaded behind it. */
export interface NavMenuItem {
  to: string;
  label: string;
}

export interface NavMenuGroup {
  heading?: string;
  items: NavMenuItem[];
}

export interface NavMenuProps {
  label: string;
  groups: NavMenuGroup[];
}
