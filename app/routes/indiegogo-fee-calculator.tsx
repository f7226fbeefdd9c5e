import { EmbedSnippet, FeeCalculator } from '../components/fee-calculator.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { FEE_CALCULATORS } from '../lib/fee-calculator.ts';
import { loadCalculatorCampaign } from '../server/fee-calculator.server.ts';
import { originFromMatches, pageMeta, pageTitle, useSiteOrigin } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import type { Route } from './+types/indiegogo-fee-calculator';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: siteFromMatches(matches).name,
    path: '/free-indiegogo-fee-calculator',
    title: pageTitle('Indiegogo Fee Calculator', matches),
    description:
      'Free Indiegogo fee calculator: the 5% platform fee, payment processing (3% plus $0.30 per backer) and the optional $25 international bank transfer fee.',
  });
}

export const headers = publicPageHeaders;

/** The campaign a post's fact box opened the calculator for, if its figures are in the address. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { campaign: await loadCalculatorCampaign(context, request, FEE_CALCULATORS.indiegogo) };
}

export default function IndiegogoFeeCalculator({ loaderData }: Route.ComponentProps) {
  const origin = useSiteOrigin();
  return (
    <>
      <PageHeader title="Indiegogo Fee Calculator">
        <p>Enter the funds you expect to raise and your number of backers to see what Indiegogo keeps and what you receive.</p>
      </PageHeader>
      <FeeCalculator calculator={FEE_CALCULATORS.indiegogo} origin={origin} campaign={loaderData.campaign} />
      <section aria-labelledby="how-indiegogo-fees-work" className="mt-12 max-w-3xl">
        <h2 id="how-indiegogo-fees-work" className="section-title-sm">
          How Indiegogo fees work
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-muted-foreground">
          <li>Indiegogo charges a 5% platform fee on the funds raised.</li>
          <li>Payment processing costs 3% of the funds plus $0.30 per backer.</li>
          <li>Campaigns paid out to a bank outside the United States pay a $25 international bank transfer fee.</li>
        </ul>
      </section>
      <EmbedSnippet calculator={FEE_CALCULATORS.indiegogo} origin={origin} />
    </>
  );
}
