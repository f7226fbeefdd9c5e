import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  // The public site of SPEC.md section 2, inside its navigation and footer.
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('category/:slug', 'routes/category.tsx'),
    // A member of staff's profile and the posts they reviewed (its segment is reserved: common/schemas/slug.ts).
    route('author/:slug', 'routes/author.tsx'),
    route('resources', 'routes/resources.tsx'),
    route('resources/:slug', 'routes/resource-redirect.tsx'),
    route('instant-kickstarter-fee-calculator', 'routes/kickstarter-fee-calculator.tsx'),
    route('free-indiegogo-fee-calculator', 'routes/indiegogo-fee-calculator.tsx'),
    route('contact-us', 'routes/contact.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('terms-of-service', 'routes/terms-of-service.tsx'),
    // The sponsored offer and the pages a checkout returns to.
    route('submit-your-project-for-a-sponsored-post', 'routes/sponsored.tsx'),
    route('payment/success', 'routes/payment-success.tsx'),
    route('payment/cancel', 'routes/payment-cancel.tsx'),
    // The newsletter's links from its mails.
    route('newsletter/confirm', 'routes/newsletter-confirm.tsx'),
    route('newsletter/unsubscribe', 'routes/newsletter-unsubscribe.tsx'),
    // Following a campaign (decision 097): the fact box's form without JavaScript, and the links of its mails.
    route('follow', 'routes/follow.tsx'),
    route('follow/confirm', 'routes/follow-confirm.tsx'),
    route('follow/unsubscribe', 'routes/follow-unsubscribe.tsx'),
    // The archive of sent issues, and each one's web version.
    route('newsletter', 'routes/newsletter-archive.tsx'),
    route('newsletter/:slug', 'routes/newsletter-issue.tsx'),
    // A draft or scheduled item behind its preview link.
    route('preview/:token', 'routes/preview.tsx'),
    // The sponsor's private link to keep their campaign's numbers fresh.
    route('campaign-update/:token', 'routes/campaign-update.tsx'),
    // The sponsor's private report of their post's numbers.
    route('sponsor-report/:token', 'routes/sponsor-report.tsx'),
    // Site search: results of a GET form, rendered on the server.
    route('search', 'routes/search.tsx'),
    // Every live campaign by its end (its slug is reserved: common/schemas/slug.ts).
    route('ending-soon', 'routes/ending-soon.tsx'),
    // Every post of every category, by campaign filter and order (its slug is reserved too).
    route('projects', 'routes/projects.tsx'),
    // A post or a resource; a fixed path above always wins over a slug.
    route(':slug', 'routes/detail.tsx'),
    // Any other path: SPEC.md's 404 page with a real 404 status.
    route('*', 'routes/not-found.tsx'),
  ]),
  // The back office (SPEC.md section 2): sign-in and the admin area, never
  // indexed and never kept by a shared cache.
  layout('routes/admin/shell.tsx', [
    route('auth', 'routes/admin/auth.tsx'),
    // Password reset by e-mail: reached signed out, so outside the admin area's guard.
    route('admin/forgot-password', 'routes/admin/forgot-password.tsx'),
    route('admin/reset-password', 'routes/admin/reset-password.tsx'),
    // The link of a staff invitation: its invitee has no account yet.
    route('admin/accept-invite', 'routes/admin/accept-invite.tsx'),
    // The link mailed to a member of staff's new address: it may be opened signed out.
    route('admin/confirm-email', 'routes/admin/confirm-email.tsx'),
    route('admin', 'routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('posts', 'routes/admin/posts.tsx'),
      // `new` or a post id.
      route('posts/:id', 'routes/admin/post-editor.tsx'),
      route('resources', 'routes/admin/resources.tsx'),
      route('resources/:id', 'routes/admin/resource-editor.tsx'),
      route('contacts', 'routes/admin/contacts.tsx'),
      route('submissions', 'routes/admin/submissions.tsx'),
      route('newsletter', 'routes/admin/newsletter.tsx'),
      route('newsletter/issues', 'routes/admin/newsletter-issues.tsx'),
      // `new` or an issue id.
      route('newsletter/issues/:id', 'routes/admin/newsletter-issue.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('outbox', 'routes/admin/outbox.tsx'),
      route('outbox/:id', 'routes/admin/outbox-mail.tsx'),
      route('audit-log', 'routes/admin/audit-log.tsx'),
      route('analytics', 'routes/admin/analytics.tsx'),
      // The signed-in member of staff's own password, two-factor and sessions.
      route('account', 'routes/admin/account.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      // The owner's webhook endpoints and their delivery logs (decision 100).
      route('settings/webhooks', 'routes/admin/settings-webhooks.tsx'),
    ]),
  ]),
  // The calculators as other sites frame them: no navigation, footer or
  // cookie banner, and the only pages that may be framed.
  layout('routes/embed-layout.tsx', [
    route('embed/instant-kickstarter-fee-calculator', 'routes/embed-kickstarter-fee-calculator.tsx'),
    route('embed/free-indiegogo-fee-calculator', 'routes/embed-indiegogo-fee-calculator.tsx'),
  ]),
  route('checkout/test/:sessionId', 'routes/test-checkout.tsx'),
  // For search engines and feed readers.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('rss.xml', 'routes/rss.ts'),
  // A campaign's last 48 hours as a calendar event (decision 097).
  route(':slug/campaign.ics', 'routes/campaign-calendar.ts'),
] satisfies RouteConfig;
