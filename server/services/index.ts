/**
 * Every domain service, built once per app from its dependencies. The API
 * handlers and the page loaders and actions reach the domain only through
 * these, so a rule added to a service holds on both paths.
 */
import type { AppDeps } from '../deps.ts';
import {
  findPaymentCancellation,
  findPaymentOfSession,
  findTestCheckout,
  handlePaymentEvent,
  publicPaymentStatus,
  settleTestCheckout,
  type PaymentCancellation,
  type PublicPaymentStatus,
} from '../payments/service.ts';
import { paymentModeIn, type PaymentMode } from '../payments/create-provider.ts';
import type { PaymentEvent, TestCheckoutOutcome } from '../payments/provider.ts';
import { accountService } from './account.ts';
import { auditLogService } from './audit-log.ts';
import { authService } from './auth.ts';
import { categoriesService } from './categories.ts';
import { contactMessagesService } from './contact-messages.ts';
import { contentService, POST_KIND, RESOURCE_KIND } from './content.ts';
import { dashboardService } from './dashboard.ts';
import { demoContentService } from './demo-content.ts';
import { markdownService } from './markdown.tsx';
import { newslettersService } from './newsletters.ts';
import { outboxService } from './outbox.ts';
import { passwordResetsService } from './password-resets.ts';
import { previewLinksService } from './preview-links.ts';
import { searchService } from './search.ts';
import { sponsoredSubmissionsService } from './sponsored-submissions.ts';
import { sponsorUpdates } from './sponsor-updates.ts';
import { siteConfigService } from './site-config.ts';
import { subscribersService } from './subscribers.ts';
import { staffService } from './staff.ts';
import { staffSecurityService } from './staff-security.ts';
import { siteProfileService } from './site-profile.ts';
import { socialCardsService } from './social-cards.ts';
import { twoFactorService } from './two-factor.ts';

export type { PaymentCancellation, PaymentMode, TestCheckoutOutcome };

/** How a checkout stands, as its result pages and GET /api/payments/success tell it. */
export interface PaymentStatusResult {
  session_id: string;
  status: PublicPaymentStatus;
}

function paymentsService(deps: AppDeps) {
  return {
    /** How this site takes payments, for the back office's banner (see PaymentMode). */
    mode(): PaymentMode {
      return paymentModeIn(deps);
    },
    /** The payment of a checkout session, brought up to date with the provider; null when unknown. */
    async findStatus(sessionId: string): Promise<PaymentStatusResult | null> {
      const payment = await findPaymentOfSession(deps, sessionId);
      return payment ? { session_id: sessionId, status: publicPaymentStatus(payment.status) } : null;
    },
    findCancellation: (sessionId: string): Promise<PaymentCancellation | null> => findPaymentCancellation(deps, sessionId),
    handleEvent: (event: PaymentEvent) => handlePaymentEvent(deps, event),
    /** Verifies a provider webhook's signature and reads its event (throws when it does not match). */
    parseWebhookEvent: deps.payments.parseWebhookEvent?.bind(deps.payments),
    findTestCheckout: (sessionId: string) => findTestCheckout(deps, sessionId),
    settleTestCheckout: (sessionId: string, outcome: TestCheckoutOutcome) => settleTestCheckout(deps, sessionId, outcome),
  };
}

export function createServices(deps: AppDeps) {
  const auditLog = auditLogService(deps);
  const markdown = markdownService();
  const siteProfile = siteProfileService(deps);
  // The sponsor hears of their post's progress: saving a post drafted from a submission tells them.
  const sponsorMails = sponsorUpdates(deps, siteProfile);
  const posts = contentService(deps, POST_KIND, markdown, sponsorMails.postHooks);
  const previewLinks = previewLinksService(deps);
  return {
    auditLog,
    auth: authService(deps, auditLog),
    account: accountService(deps, auditLog),
    twoFactor: twoFactorService(deps, auditLog, siteProfile),
    staffSecurity: staffSecurityService(deps, auditLog),
    passwordResets: passwordResetsService(deps, auditLog),
    posts,
    resources: contentService(deps, RESOURCE_KIND, markdown),
    /** Markdown rendered once per source (decision 033): the legal pages, a newsletter issue's web version. */
    markdown,
    categories: categoriesService(deps),
    contactMessages: contactMessagesService(deps),
    subscribers: subscribersService(deps),
    newsletters: newslettersService(deps, siteProfile),
    /** The owner's view of every mail kept or sent. */
    outbox: outboxService(deps),
    previewLinks,
    search: searchService(deps),
    sponsoredSubmissions: sponsoredSubmissionsService(deps, { posts, previewLinks, updates: sponsorMails }),
    payments: paymentsService(deps),
    demoContent: demoContentService(deps, auditLog),
    dashboard: dashboardService(deps, siteProfile),
    siteConfig: siteConfigService(deps),
    siteProfile,
    /** What each social card shows, and its address. */
    socialCards: socialCardsService(deps, siteProfile),
    staff: staffService(deps, auditLog),
  };
}

export type AppServices = ReturnType<typeof createServices>;
