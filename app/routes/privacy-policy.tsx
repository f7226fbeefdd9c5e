import { Link } from 'react-router';
import { LegalPage } from '../components/legal-page.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { PRIVACY_EMAIL, SITE_NAME } from '../../common/site.ts';
import type { Route } from './+types/privacy-policy';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    path: '/privacy-policy',
    title: pageTitle('Privacy Policy'),
    description: `How ${SITE_NAME} collects, uses and keeps personal data, which cookies it sets and how to exercise your rights.`,
  });
}

export const headers = publicPageHeaders;

export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        This policy explains what personal data {SITE_NAME} (&quot;we&quot;, &quot;us&quot;) collects when you use this
        website, why, how long we keep it and what rights you have.
      </p>

      <h2>1. Data we collect</h2>
      <ul>
        <li>
          <strong>Contact form:</strong> your name, e-mail address and message.
        </li>
        <li>
          <strong>Newsletter:</strong> your e-mail address and the date you subscribed.
        </li>
        <li>
          <strong>Sponsored post submissions:</strong> the project&apos;s name and links, your name and e-mail address,
          the description you provide and the payment status. Card details are handled by our payment provider and
          never reach our servers.
        </li>
        <li>
          <strong>Technical data:</strong> your IP address is used briefly to protect the forms against abuse (rate
          limits), and our servers keep short-lived logs of requests without form contents.
        </li>
      </ul>

      <h2>2. How we use it</h2>
      <p>
        We use this data only to answer your messages, send the newsletter you asked for, review and publish sponsored
        posts, keep the site secure and, if you allow it, understand how the site is used. We do not sell personal
        data.
      </p>

      <h2>3. How long we keep it</h2>
      <p>
        Data submitted through our forms (contact messages, newsletter subscriptions and sponsored post submissions)
        is kept for 2 years after your last interaction with us, then deleted. You can unsubscribe from the newsletter
        at any time.
      </p>

      <h2>4. Cookies</h2>
      <p>
        Strictly necessary cookies make the site work; one of them, <code>cc_cookie</code>, remembers your cookie
        choice for 12 months. Analytics cookies (<code>_ga</code>, <code>_gid</code>) are set only if you accept them
        in the cookie banner, and are removed if you later reject them. You can change your choice at any time with
        the &quot;Cookie preferences&quot; link at the bottom of every page.
      </p>

      <h2>5. Sharing</h2>
      <p>
        We share data only with the service providers that run the site for us (hosting, e-mail delivery, payment
        processing and, with your consent, analytics), under contracts that protect it, or when the law requires it.
      </p>

      <h2>6. Your rights</h2>
      <p>
        You may ask to access, correct, export or delete your personal data, or object to its use. Write to{' '}
        <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>; we answer every privacy request within 30 days.
      </p>

      <h2>7. Changes</h2>
      <p>
        We may update this policy; the date at the top shows the latest version. Using the site is also subject to our{' '}
        <Link to="/terms-of-service">Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}
