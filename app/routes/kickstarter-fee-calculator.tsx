import { EmbedSnippet, FeeCalculator } from '../components/fee-calculator.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { FEE_CALCULATORS } from '../lib/fee-calculator.ts';
import { loadCalculatorCampaign } from '../server/fee-calculator.server.ts';
import { originFromMatches, pageMeta, pageTitle, useSiteOrigin } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import type { Route } from './+types/kickstarter-fee-calculator';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: siteFromMatches(matches).name,
    path: '/instant-kickstarter-fee-calculator',
    title: pageTitle('Kickstarter Fee Calculator', matches),
    description:
      'Free Kickstarter fee calculator: see the 5% platform fee, payment processing (3% plus $0.20 per backer) and what you actually receive.',
  });
}

export const headers = publicPageHeaders;

/** The campaign a post's fact box opened the calculator for, if its figures are in the address. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { campaign: await loadCalculatorCampaign(context, request, FEE_CALCULATORS.kickstarter) };
}

export default function KickstarterFeeCalculator({ loaderData }: Route.ComponentProps) {
  const origin = useSiteOrigin();
  return (
    <>
      <PageHeader title="Kickstarter Fee Calculator">
        <p>Enter the funds you expect to raise and your number of backers to see what Kickstarter keeps and what you receive.</p>
      </PageHeader>
      <FeeCalculator calculator={FEE_CALCULATORS.kickstarter} origin={origin} campaign={loaderData.campaign} />
      <section aria-labelledby="how-kickstarter-fees-work" className="mt-12 max-w-3xl">
        <h2 id="how-kickstarter-fees-work" className="section-title-sm">
          How Kickstarter fees work
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-muted-foreground">
          <li>Kickstarter charges a 5% platform fee on the funds raised, only if the campaign succeeds.</li>
          <li>Payment processing costs 3% of the funds plus $0.20 per backer (per pledge).</li>
          <li>Campaigns in euros or pounds pay the same percentages with €0.20 or £0.20 per pledge: choose the currency above.</li>
          <li>
            Pledges under $10 have a lower processing fee (5% plus $0.05 per pledge); this calculator does not apply
            it, so small-pledge campaigns may pay a little less.
          </li>
        </ul>
      </section>
      <EmbedSnippet calculator={FEE_CALCULATORS.kickstarter} origin={origin} />
    </>
  );
}
