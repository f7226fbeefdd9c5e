/**
 * What the signed-in member of staff may do, as the back office's layout
 * loaded it (`GET /api/admin/me`): screens hide what the server would
 * refuse, so nobody meets a control, or a request, that can only fail.
 */
import { useRouteLoaderData } from 'react-router';
import type { StaffMeJson } from '../../../common/answers.ts';
import type { Permission } from '../../../common/staff-roles.ts';

/** The layout's route id; its loader answers `{ me: StaffMeJson, … }`. */
const ADMIN_LAYOUT = 'routes/admin/layout';

/** Whether the signed-in member of staff holds `permission` (false until the layout has loaded). */
export function useStaffCan(): (permission: Permission) => boolean {
  // Typed by shape: importing the layout's loader type here would make an import cycle with the layout.
  const layout = useRouteLoaderData(ADMIN_LAYOUT) as { me?: Pick<StaffMeJson, 'permissions'> } | undefined;
  const permissions = layout?.me?.permissions ?? [];
  return (permission) => permissions.includes(permission);
}

/** The signed-in member of staff's account id (null until the layout has loaded). */
export function useSignedInStaffId(): number | null {
  const layout = useRouteLoaderData(ADMIN_LAYOUT) as { me?: Pick<StaffMeJson, 'id'> } | undefined;
  return layout?.me?.id ?? null;
}
