import { LegalPage } from '../components/legal-page.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import { notePageSources } from '../server/content.server.ts';
import { legalText } from '../server/site-settings.server.ts';
import type { Route } from './+types/privacy-policy';

export function loader({ context }: Route.LoaderArgs) {
  // Its text is a setting, whose changes touch every page.
  notePageSources(context, []);
  return legalText(context, 'privacy');
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: site.name,
    path: '/privacy-policy',
    title: pageTitle('Privacy Policy', matches),
    description: `How ${site.name} collects, uses and keeps personal data, which cookies it sets and how to exercise your rights.`,
  });
}

export const headers = publicPageHeaders;

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage title="Privacy Policy" updated={loaderData.updated} content={loaderData.content} />;
}
