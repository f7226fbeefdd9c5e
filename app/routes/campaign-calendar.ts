import { campaignCalendar } from '../server/follow.server.ts';
import type { Route } from './+types/campaign-calendar';

/**
 * /{slug}/campaign.ics: the campaign's last 48 hours as a calendar event
 * (decision 097), for "Add to calendar" beside Follow. Never kept: the end
 * may move at any time, and the event's SEQUENCE with it.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ics = await campaignCalendar(context, params.slug);
  if (ics === null) {
    return new Response('No campaign end to put in a calendar\n', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${params.slug}.ics"`,
      'Cache-Control': 'no-store',
    },
  });
}
