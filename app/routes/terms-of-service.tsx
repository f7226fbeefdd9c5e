import { Link } from 'react-router';
import { LegalPage } from '../components/legal-page.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { SITE_NAME, SUPPORT_EMAIL } from '../../common/site.ts';
import type { Route } from './+types/terms-of-service';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    path: '/terms-of-service',
    title: pageTitle('Terms of Service'),
    description: `The terms for using ${SITE_NAME}, its fee calculators and its sponsored post service.`,
  });
}

export const headers = publicPageHeaders;

export default function TermsOfService() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms apply to everyone who uses {SITE_NAME}. By using the site you accept them; if you do not, please
        do not use it.
      </p>

      <h2>1. Our content</h2>
      <p>
        Reviews, resources and calculator results are for information only. They are not financial, legal or
        investment advice, and backing a crowdfunding campaign always carries the risk that it does not deliver. Fee
        calculators give estimates from the platforms&apos; published rates; the platforms&apos; own figures prevail.
      </p>

      <h2>2. Sponsored posts</h2>
      <p>
        A sponsored post is a one-time flat fee of $75. We respond within 24-48 hours and publish within 3-5 days after
        payment, once the project passes our review. We may decline a project that is unlawful, misleading or
        unsuitable.
      </p>

      <h2>3. Your submissions</h2>
      <p>
        When you send us a message or a project, you confirm the information is accurate and that you may share it.
        You allow us to use it to answer you and, for sponsored posts, to publish the article.
      </p>

      <h2>4. Acceptable use</h2>
      <p>
        Do not misuse the site: no automated submissions, no attempts to break its security, no unlawful content.
      </p>

      <h2>5. Limitation of liability</h2>
      <p>
        The site is provided &quot;as is&quot;. To the extent the law allows, our total liability for any claim related
        to the site or our services is limited to $100 USD.
      </p>

      <h2>6. Governing law</h2>
      <p>
        These terms are governed by the laws of the State of California, United States, without regard to its conflict
        of law rules. Disputes are brought before the courts located in California.
      </p>

      <h2>7. Contact and changes</h2>
      <p>
        We may update these terms; the date at the top shows the latest version. Questions:{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. How we handle personal data is explained in our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}
