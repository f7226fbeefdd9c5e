import { EmbeddedFeeCalculator } from '../components/fee-calculator.tsx';
import { CALCULATOR_PATHS } from '../../common/fee-calculators.ts';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { embedPageMeta, useEmbedSite } from '../lib/embed-page.ts';
import { FEE_CALCULATORS } from '../lib/fee-calculator.ts';
import type { Route } from './+types/embed-indiegogo-fee-calculator';

export function meta({ matches }: Route.MetaArgs) {
  return embedPageMeta(matches, {
    canonicalPath: CALCULATOR_PATHS.indiegogo,
    title: 'Indiegogo Fee Calculator',
    description: 'The Indiegogo fee calculator: the 5% platform fee, payment processing (3% plus $0.30 per backer) and the optional $25 international bank transfer fee.',
  });
}

export const headers = publicPageHeaders;

/** The Indiegogo calculator for other sites' frames. */
export default function EmbedIndiegogoFeeCalculator() {
  const { origin, siteName } = useEmbedSite();
  return <EmbeddedFeeCalculator calculator={FEE_CALCULATORS.indiegogo} origin={origin} siteName={siteName} />;
}
