/**
 * The starting legal texts (decision 053): they mark what only the owner can
 * write, take the sponsored price and promises from the site, and carry a
 * refund clause.
 */
import { describe, expect, it } from 'vitest';
import { fillInsOf, fillLegalTemplate, PRIVACY_POLICY_TEMPLATE, TERMS_TEMPLATE } from '../../common/legal-templates.ts';

const cookiesSection = (policy: string) => policy.match(/## 4\. Cookies\n\n([^#]*)/)?.[1] ?? '';

const SITE = {
  site_name: 'Backer Digest',
  contact_email: 'hello@backerdigest.example.org',
  privacy_email: 'dpo@backerdigest.example.org',
  sponsored_response_time: 'one working day',
  sponsored_live_time: 'a week',
  sponsored_price: '€99',
  analytics: false,
};

describe('the starting legal texts', () => {
  it('mark the jurisdiction, the liability, the refunds and who runs the site for the owner to fill in', () => {
    const terms = fillInsOf(TERMS_TEMPLATE);
    expect(terms).toHaveLength(4);
    expect(terms.join(' ')).toMatch(/refund terms/);
    expect(terms.join(' ')).toMatch(/an amount/);
    expect(terms.join(' ')).toMatch(/your country/);
    expect(terms.join(' ')).toMatch(/courts/);
    expect(fillInsOf(PRIVACY_POLICY_TEMPLATE).join(' ')).toMatch(/your legal name or company/);
    expect(fillInsOf('# Our own terms\n\nGoverned by the laws of Ireland.')).toEqual([]);
  });

  it('claim no law, cap or amount of their own', () => {
    expect(TERMS_TEMPLATE).not.toMatch(/California|\$100|\$75/);
    expect(TERMS_TEMPLATE).toContain('## 3. Refunds');
  });

  it('take the price and the promises from the site when filled in', () => {
    const terms = fillLegalTemplate(TERMS_TEMPLATE, SITE);
    expect(terms).toContain('A sponsored post is a one-time flat fee of €99. We respond within one working day and publish within a week after payment');
    expect(terms).toContain('do not publish it within a week after payment for a reason of ours, we refund the fee in full');
    expect(terms).toContain('These terms apply to everyone who uses Backer Digest.');
    expect(terms).not.toMatch(/\{\{/);
    expect(fillLegalTemplate(PRIVACY_POLICY_TEMPLATE, SITE)).not.toMatch(/\{\{/);
  });

  it('name the consent and analytics cookies in the privacy policy only when analytics is configured (decision 081)', () => {
    const without = fillLegalTemplate(PRIVACY_POLICY_TEMPLATE, SITE);
    expect(cookiesSection(without)).toMatch(/^Our public pages set no cookies/);
    expect(without).not.toMatch(/_ga|_gid|cc_cookie|Google Analytics|Cookie preferences|with your consent, analytics/);
    const withAnalytics = fillLegalTemplate(PRIVACY_POLICY_TEMPLATE, { ...SITE, analytics: true });
    expect(cookiesSection(withAnalytics)).toContain('`cc_cookie`, remembers your cookie choice for 12 months');
    expect(cookiesSection(withAnalytics)).toContain('Analytics cookies of Google Analytics (`_ga`, `_gid`) are set only if you accept them');
    expect(cookiesSection(withAnalytics)).toContain('"Cookie preferences" link');
  });
});
