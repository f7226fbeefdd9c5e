import { data, redirect, redirectDocument } from 'react-router';
import { PageError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { SponsoredForm, type SponsoredActionData } from '../components/sponsored/sponsored-form.tsx';
import { PaymentsOffNotice } from '../components/sponsored/payments-off-notice.tsx';
import { SponsoredOffer } from '../components/sponsored/sponsored-offer.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { NO_STORE, publicPageHeaders } from '../lib/cache-headers.ts';
import { formatPrice, minorUnitDigits } from '../../common/money.ts';
import { absoluteUrl, originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import { checkoutFailedOutcome } from '../lib/sponsored-checkout.ts';
import { startSponsoredCheckout } from '../server/public-forms.server.ts';
import { postOrAnnounceFailure } from '../lib/toast.ts';
import { SPONSORED_PATH } from '../../common/site.ts';
import { DEFAULT_SPONSORED_INCLUDES, DEFAULT_SPONSORED_LIVE_TIME, promisedIncludedItems, splitIncludedItem } from '../../common/site-texts.ts';
import { notePageSources } from '../server/content.server.ts';
import { siteConfig, siteProfile } from '../server/site-settings.server.ts';
import type { Route } from './+types/sponsored';

export async function loader({ context }: Route.LoaderArgs) {
  // Settings and configuration alone: only writes that touch everything change it.
  notePageSources(context, []);
  const { cents, currency } = siteConfig(context).sponsoredPrice;
  const scale = 10 ** minorUnitDigits(currency);
  const stored = await siteProfile(context);
  return {
    priceText: stored.sponsored_price_text,
    socialProof: stored.social_proof,
    promises: {
      responseTime: stored.sponsored_response_time,
      liveTime: stored.sponsored_live_time,
      includes: promisedIncludedItems(
        stored.sponsored_includes,
        Object.values(stored.social).some((profile) => profile !== null),
      ),
    },
    priceLabel: formatPrice(cents, currency),
    price: (cents / scale).toFixed(minorUnitDigits(currency)),
    currency: currency.toUpperCase(),
    // Production without a Stripe key (and without the test checkout): every checkout would be refused.
    paymentsOff: context.services.payments.mode() === 'off',
  };
}

// SPEC.md section 4: the checkout is created in process (the same service as
// POST /api/payments/create-checkout) and the browser sent to its address,
// as a whole new page: a hosted checkout is another site.
export async function action({ context, request }: Route.ActionArgs) {
  const answer = await startSponsoredCheckout(context, request);
  if (answer.kind === 'checkout') return redirectDocument(answer.checkoutUrl, { headers: { 'Cache-Control': NO_STORE } });
  if (answer.kind === 'dropped') return redirect(SPONSORED_PATH, { status: 303, headers: { 'Cache-Control': NO_STORE } });
  const outcome: SponsoredActionData = answer.outcome;
  return data(outcome, { status: outcome.httpStatus ?? 400, headers: { 'Cache-Control': NO_STORE } });
}

// A post that never reaches the server (offline, a dropped connection) is a
// checkout that cannot start too: SPEC.md's 'Error' toast, the form as it was.
export const clientAction = (args: Route.ClientActionArgs): Promise<SponsoredActionData> =>
  postOrAnnounceFailure(args, () => checkoutFailedOutcome(null, 0));

// The loader only reads the configured price: nothing an action changes.
// Not revalidating also keeps the form on screen when a failed post was
// caused by a dropped connection.
export function shouldRevalidate() {
  return false;
}

const TITLE = 'Submit Your Project for a Sponsored Post';

/** `a written review, a permanent listing and social sharing`: the included items' titles as one phrase. */
function listOfIncluded(lines: readonly string[]): string {
  const titles = lines.map((line) => {
    const { title } = splitIncludedItem(line);
    return title.charAt(0).toLowerCase() + title.slice(1);
  });
  return titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}` : (titles[0] ?? '');
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const origin = originFromMatches(matches);
  const site = siteFromMatches(matches);
  const priceLabel = loaderData?.priceLabel ?? '$75';
  const liveTime = loaderData?.promises.liveTime ?? DEFAULT_SPONSORED_LIVE_TIME;
  const included = listOfIncluded(loaderData?.promises.includes ?? promisedIncludedItems(DEFAULT_SPONSORED_INCLUDES, false));
  const description = `Feature your Kickstarter or Indiegogo campaign: ${included} for a flat ${priceLabel} one-time fee. Live within ${liveTime}.`;
  return pageMeta({
    origin,
    path: SPONSORED_PATH,
    title: pageTitle(TITLE, matches),
    siteName: site.name,
    description,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'Sponsored post',
      serviceType: 'Sponsored article about a crowdfunding campaign',
      description,
      url: absoluteUrl(origin || 'http://localhost', SPONSORED_PATH),
      provider: { '@type': 'Organization', name: site.name },
      // Nothing is on offer while payments are off.
      ...(loaderData && !loaderData.paymentsOff
        ? { offers: { '@type': 'Offer', price: loaderData.price, priceCurrency: loaderData.currency } }
        : {}),
    },
  });
}

export const headers = publicPageHeaders;

export default function Sponsored({ loaderData, actionData }: Route.ComponentProps) {
  const { priceLabel, priceText, socialProof, promises, paymentsOff } = loaderData;
  return (
    <>
      <PageHeader title={TITLE}>
        <p>
          Put your crowdfunding campaign in front of backers who are looking for projects like yours, for a flat{' '}
          {priceLabel} one-time fee.
        </p>
      </PageHeader>
      <div className="grid gap-10 lg:grid-cols-2">
        <SponsoredOffer priceLabel={priceLabel} priceText={priceText} socialProof={socialProof} promises={promises} />
        {paymentsOff ? (
          <PaymentsOffNotice />
        ) : (
          <Card className="self-start">
            <CardHeader>
              <CardTitle>Your project</CardTitle>
              <CardDescription>All fields are required unless marked optional.</CardDescription>
            </CardHeader>
            <CardContent>
              <SponsoredForm actionData={actionData} priceLabel={priceLabel} />
            </CardContent>
          </Card>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
