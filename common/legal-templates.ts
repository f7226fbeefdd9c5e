/**
 * The legal pages' starting texts, in markdown. `{{site_name}}`,
 * `{{contact_email}}`, `{{privacy_email}}`, the sponsored post's
 * `{{sponsored_price}}` (from SPONSORED_PRICE_CENTS and SPONSORED_CURRENCY)
 * and its promises `{{response_time}}` and `{{live_time}}` are filled in when
 * a page is shown, so the template follows the settings until the owner
 * writes their own text. `{{cookies}}` says which cookies visitors get: the
 * consent cookie and Google Analytics' only where GA_MEASUREMENT_ID is set
 * (decision 081). What only the owner can say (who they are, the law
 * they answer to, their liability and refunds) is a visible `[Fill in: …]`
 * marker, and the back office warns while one is left (decision 053).
 */

/** SPEC.md section 2: both legal texts were last updated on 2025-10-15. */
export const LEGAL_TEMPLATE_DATE = '2025-10-15';

export const PRIVACY_POLICY_TEMPLATE = `This policy explains what personal data {{site_name}} ("we", "us") collects when you use this website, why, how long we keep it and what rights you have. {{site_name}} is run by [Fill in: your legal name or company, and postal address], which is responsible for your data.

## 1. Data we collect

- **Contact form:** your name, e-mail address and message.
- **Newsletter:** your e-mail address and the date you subscribed.
- **Following a campaign:** your e-mail address, the campaign you follow, the dates you asked, confirmed and stopped, and which of its alerts were sent to you.
- **Sponsored post submissions:** the project's name and links, your name and e-mail address, the description you provide and the payment status. Card details are handled by our payment provider and never reach our servers.
- **Technical data:** your IP address is used briefly to protect the forms against abuse (rate limits), and our servers keep short-lived logs of requests without form contents.
- **Audience numbers:** we count page views and clicks without cookies. Your IP address and browser name are combined with a random value that changes every day and is deleted after 48 hours; neither is stored. We keep only daily totals per page, referring site, approximate country (from your time zone) and device type. If your browser sends the Global Privacy Control signal, your visits are not counted.

## 2. How we use it

We use this data only to answer your messages, send the newsletter and the campaign alerts you asked for, review and publish sponsored posts, keep the site secure and understand how the site is used. We do not sell personal data.

## 3. How long we keep it

Data submitted through our forms (contact messages, newsletter subscriptions and sponsored post submissions) is kept for 2 years after your last interaction with us, then deleted. You can unsubscribe from the newsletter at any time. The follow of a campaign is kept until it ends (after the campaign's final result, or when you stop following it through the link in every alert) plus 30 days, then deleted. Asking us to erase your newsletter subscription also erases every campaign you follow.

## 4. Cookies

{{cookies}}

## 5. Sharing

We share data only with the service providers that run the site for us (such as hosting, e-mail delivery and payment processing), under contracts that protect it, or when the law requires it.

## 6. Your rights

You may ask to access, correct, export or delete your personal data, or object to its use. Write to [{{privacy_email}}](mailto:{{privacy_email}}); we answer every privacy request within 30 days. You may also complain to [Fill in: the data protection authority of your country].

## 7. Changes

We may update this policy; the date at the top shows the latest version. Using the site is also subject to our [Terms of Service](/terms-of-service).`;

export const TERMS_TEMPLATE = `These terms apply to everyone who uses {{site_name}}. By using the site you accept them; if you do not, please do not use it.

## 1. Our content

Reviews, resources and calculator results are for information only. They are not financial, legal or investment advice, and backing a crowdfunding campaign always carries the risk that it does not deliver. Fee calculators give estimates from the platforms' published rates; the platforms' own figures prevail.

## 2. Sponsored posts

A sponsored post is a one-time flat fee of {{sponsored_price}}. We respond within {{response_time}} and publish within {{live_time}} after payment, once the project passes our review. We may decline a project that is unlawful, misleading or unsuitable.

## 3. Refunds

If we decline your project, or do not publish it within {{live_time}} after payment for a reason of ours, we refund the fee in full to the card you paid with. [Fill in: your refund terms once the review is being written or is published, how to ask for a refund, and how long it takes.] Nothing in these terms limits a right to a refund that the law gives you.

## 4. Your submissions

When you send us a message or a project, you confirm the information is accurate and that you may share it. You allow us to use it to answer you and, for sponsored posts, to publish the article.

## 5. Acceptable use

Do not misuse the site: no automated submissions, no attempts to break its security, no unlawful content.

## 6. Limitation of liability

The site is provided "as is". To the extent the law allows, our total liability for any claim related to the site or our services is limited to [Fill in: an amount, such as the fee you paid us].

## 7. Governing law

These terms are governed by the laws of [Fill in: your country, or state and country]. Disputes are brought before the courts of [Fill in: the place of your courts].

## 8. Contact and changes

We may update these terms; the date at the top shows the latest version. Questions: [{{contact_email}}](mailto:{{contact_email}}). How we handle personal data is explained in our [Privacy Policy](/privacy-policy).`;

/** Section 4 of the privacy policy where Google Analytics is configured: the one optional cookie, asked for first. */
export const COOKIES_WITH_ANALYTICS = `Strictly necessary cookies make the site work; one of them, \`cc_cookie\`, remembers your cookie choice for 12 months. Analytics cookies of Google Analytics (\`_ga\`, \`_gid\`) are set only if you accept them in the cookie banner, and are removed if you later reject them; with them, Google receives data about your visits on our behalf. You can change your choice at any time with the "Cookie preferences" link at the bottom of every page.`;

/** Section 4 of the privacy policy without analytics: nothing optional is set, so nothing is asked. */
export const COOKIES_WITHOUT_ANALYTICS = `Our public pages set no cookies: the audience numbers above are counted without them, and there is nothing optional to accept or refuse, so no cookie banner asks you. Members of staff who sign in to the back office get strictly necessary cookies that keep them signed in.`;

/** What a legal text is filled in with: the site's name and addresses, the sponsored post's price and promises, whether analytics runs. */
export interface LegalTemplateValues {
  site_name: string;
  contact_email: string;
  privacy_email: string;
  sponsored_response_time: string;
  sponsored_live_time: string;
  /** The price as advertised (`formatPrice`). */
  sponsored_price: string;
  /** Whether Google Analytics is configured (GA_MEASUREMENT_ID): it decides which cookies `{{cookies}}` names. */
  analytics: boolean;
}

/** A legal text with the site's name, addresses, price, promises and cookies filled in. */
export function fillLegalTemplate(markdown: string, site: LegalTemplateValues): string {
  return markdown
    .replaceAll('{{site_name}}', site.site_name)
    .replaceAll('{{contact_email}}', site.contact_email)
    .replaceAll('{{privacy_email}}', site.privacy_email)
    .replaceAll('{{sponsored_price}}', site.sponsored_price)
    .replaceAll('{{response_time}}', site.sponsored_response_time)
    .replaceAll('{{live_time}}', site.sponsored_live_time)
    .replaceAll('{{cookies}}', site.analytics ? COOKIES_WITH_ANALYTICS : COOKIES_WITHOUT_ANALYTICS);
}

/** The `[Fill in: …]` markers left in a legal text, for the back office's warning. */
export function fillInsOf(markdown: string): string[] {
  return [...markdown.matchAll(/\[Fill in: ([^\]\n]*)\]/g)].map((match) => match[1] ?? '');
}
