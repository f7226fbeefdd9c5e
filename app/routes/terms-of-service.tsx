import { LegalPage } from '../components/legal-page.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import { notePageSources } from '../server/content.server.ts';
import { legalText } from '../server/site-settings.server.ts';
import type { Route } from './+types/terms-of-service';

export function loader({ context }: Route.LoaderArgs) {
  // Its text is a setting, whose changes touch every page.
  notePageSources(context, []);
  return legalText(context, 'terms');
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: site.name,
    path: '/terms-of-service',
    title: pageTitle('Terms of Service', matches),
    description: `The terms for using ${site.name}, its fee calculators and its sponsored post service.`,
  });
}

export const headers = publicPageHeaders;

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return <LegalPage title="Terms of Service" updated={loaderData.updated} content={loaderData.content} />;
}
