/**
 * What still stands between this install and a public launch (decision
 * 083), shown to owners on the dashboard: each open item says what is left
 * and links to where it is fixed, and goes once it is done. Everything is
 * read afresh: nothing here is stored.
 */
import type { LaunchItemJson } from '../../../common/answers.ts';
import { fillInsOf } from '../../../common/legal-templates.ts';
import { SOCIAL_NETWORKS } from '../../../common/site-profile.ts';
import { listDemoContent } from '../../db/queries/content.ts';
import type { AppDeps } from '../../deps.ts';
import { paymentModeIn } from '../../payments/create-provider.ts';
import type { SiteProfileService } from './site-profile.ts';

/** Addresses nobody else can reach: a site there has no public address yet. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function launchChecklistService({ db, config, payments }: Pick<AppDeps, 'db' | 'config' | 'payments'>, siteProfile: Pick<SiteProfileService, 'current'>) {
  return {
    /** The items still open, in the order a launch would meet them. */
    async open(): Promise<LaunchItemJson[]> {
      const [site, posts, resources, owner] = await Promise.all([
        siteProfile.current(),
        listDemoContent(db, 'posts'),
        listDemoContent(db, 'resources'),
        db.selectFrom('users').select('name').where('role', '=', 'owner').orderBy('id').limit(1).executeTakeFirst(),
      ]);
      const items: LaunchItemJson[] = [];
      const privacy = fillInsOf(site.privacy_policy_md).length;
      const terms = fillInsOf(site.terms_md).length;
      if (privacy + terms > 0) {
        const where = [terms > 0 ? `${terms} in the terms of service` : null, privacy > 0 ? `${privacy} in the privacy policy` : null].filter(Boolean).join(' and ');
        items.push({
          key: 'legal_texts',
          title: 'Finish the legal pages',
          detail: `They still show parts only you can write as “[Fill in: …]”: ${where}.`,
          fix: { label: 'Edit the legal texts', href: terms > 0 ? '/admin/settings#site-terms_md' : '/admin/settings#site-privacy_policy_md' },
        });
      }
      if (LOCAL_HOSTS.has(new URL(config.PUBLIC_URL).hostname)) {
        items.push({
          key: 'public_url',
          title: 'Set the public address',
          detail: `PUBLIC_URL is not set: links in mails, feeds and the sitemap point at ${config.PUBLIC_URL}, which only this computer reaches.`,
          fix: { label: 'How to set PUBLIC_URL', href: '/admin/settings#server-public-url' },
        });
      }
      if (!config.SMTP_URL) {
        items.push({
          key: 'mail_server',
          title: 'Connect a mail server',
          detail: 'SMTP_URL is not set: every mail (receipts, confirmations, newsletters) is only kept in the outbox.',
          fix: { label: 'How to set SMTP_URL', href: '/admin/settings#server-smtp-url' },
        });
      }
      const mode = paymentModeIn({ config, payments });
      if (mode !== 'stripe') {
        items.push({
          key: 'payments',
          title: 'Take real payments',
          detail:
            mode === 'test'
              ? 'Sponsored posts are paid through the built-in test checkout, which charges nothing: STRIPE_SECRET_KEY is not set.'
              : 'Sponsored posts cannot be bought: STRIPE_SECRET_KEY is not set.',
          fix: { label: 'How to set up Stripe', href: '/admin/settings#server-payments' },
        });
      }
      if (posts.length + resources.length > 0) {
        const what = [posts.length > 0 ? plural(posts.length, 'post', 'posts') : null, resources.length > 0 ? plural(resources.length, 'resource', 'resources') : null]
          .filter(Boolean)
          .join(' and ');
        items.push({
          key: 'demo_content',
          title: 'Remove the demo content',
          detail: `The site still shows ${what} of demo content.`,
          fix: { label: 'See the demo posts', href: '/admin/posts' },
        });
      }
      if (SOCIAL_NETWORKS.every((network) => !site.social[network])) {
        items.push({
          key: 'social_profiles',
          title: 'Add your social profiles',
          detail: 'No social profile is set: the footer links to none.',
          fix: { label: 'Add social profiles', href: '/admin/settings#site-social-x' },
        });
      }
      if (!owner?.name.trim()) {
        items.push({
          key: 'owner_name',
          title: 'Add your name',
          detail: "The owner's account has no name: staff see only an address.",
          fix: { label: 'Open your account', href: '/admin/account#profile_name' },
        });
      }
      return items;
    },
  };
}
