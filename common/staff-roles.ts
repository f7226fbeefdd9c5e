/**
 * Staff roles and what each may do, shared by the server's route guards
 * (the rule) and the back office's navigation (which only hides what the
 * server would refuse anyway).
 */

export const STAFF_ROLES = ['owner', 'admin', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  admin: 'Administrator',
  editor: 'Editor',
};

/**
 * The route families of the back office. `content` is posts, resources,
 * their preview links and media; `categories` is reading the categories;
 * `inbox` is contact messages, sponsored submissions and payments;
 * `newsletter` is subscribers and issues; `audit` is reading the audit log; `analytics` is reading the audience numbers;
 * `site_settings` is the site's name, addresses and legal texts;
 * `authors` is editing anyone's public author profile (one's own is every role's);
 * `staff`, `settings` (staff security) and `outbox` (every mail the site
 * kept or sent, links included) are the owner's.
 */
export type Permission =
  | 'content'
  | 'categories'
  | 'dashboard'
  | 'inbox'
  | 'newsletter'
  | 'audit'
  | 'analytics'
  | 'site_settings'
  | 'authors'
  | 'staff'
  | 'settings'
  | 'outbox';

const EDITOR: readonly Permission[] = ['content', 'categories', 'dashboard'];
const ADMIN: readonly Permission[] = [...EDITOR, 'inbox', 'newsletter', 'audit', 'analytics', 'site_settings', 'authors'];
const OWNER: readonly Permission[] = [...ADMIN, 'staff', 'settings', 'outbox'];

const PERMISSIONS: Record<StaffRole, readonly Permission[]> = { owner: OWNER, admin: ADMIN, editor: EDITOR };

/** Everything `role` may do, for the back office to show only that. */
export function permissionsOf(role: StaffRole): Permission[] {
  return [...PERMISSIONS[role]];
}

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** Whether an account of `role` may use the route family; false for anything but a staff role. */
export function can(role: string, permission: Permission): boolean {
  return isStaffRole(role) && PERMISSIONS[role].includes(permission);
}

/** The refusal for a role that lacks a permission: says what is needed, in the staff's words. */
export function forbiddenMessage(permission: Permission): string {
  switch (permission) {
    case 'staff':
    case 'settings':
    case 'outbox':
      return 'Only the owner can do this.';
    case 'inbox':
    case 'newsletter':
    case 'audit':
    case 'analytics':
    case 'site_settings':
    case 'authors':
      return 'Only owners and administrators can do this; editors manage posts, resources and media.';
    default:
      return 'You need admin privileges to access this area.';
  }
}
