import { useRouteLoaderData } from 'react-router';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../common/site-time.ts';

/**
 * The site's time zone in a back-office component: the owner's setting, as
 * the back office's frame (routes/admin/shell.tsx) read it; UTC until set.
 */
export function useSiteTimeZone(): string {
  const shell: unknown = useRouteLoaderData('routes/admin/shell');
  const zone: unknown = typeof shell === 'object' && shell !== null && 'timeZone' in shell ? shell.timeZone : undefined;
  return typeof zone === 'string' && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
