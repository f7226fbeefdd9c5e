import { EmbeddedFeeCalculator } from '../components/fee-calculator.tsx';
import { CALCULATOR_PATHS } from '../../common/fee-calculators.ts';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { embedPageMeta, useEmbedSite } from '../lib/embed-page.ts';
import { FEE_CALCULATORS } from '../lib/fee-calculator.ts';
import type { Route } from './+types/embed-kickstarter-fee-calculator';

export function meta({ matches }: Route.MetaArgs) {
  return embedPageMeta(matches, {
    canonicalPath: CALCULATOR_PATHS.kickstarter,
    title: 'Kickstarter Fee Calculator',
    description: 'The Kickstarter fee calculator: the 5% platform fee, payment processing (3% plus $0.20 per backer) and what you actually receive.',
  });
}

export const headers = publicPageHeaders;

/** The Kickstarter calculator for other sites' frames. */
export default function EmbedKickstarterFeeCalculator() {
  const { origin, siteName } = useEmbedSite();
  return <EmbeddedFeeCalculator calculator={FEE_CALCULATORS.kickstarter} origin={origin} siteName={siteName} />;
}
