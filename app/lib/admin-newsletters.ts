/**
 * The back office's newsletter issues: what the list and the composer load,
 * and the calls they make, all through the one API client.
 */
import type {
  NewsletterAudienceJson,
  NewsletterIssueJson,
  NewsletterIssueStatus,
  NewsletterPreviewJson,
  PostSummaryJson,
} from '../../common/answers.ts';
import type { NewsletterIssueInput } from '../../common/schemas/newsletter.ts';
import { api } from './api-client.ts';
import { KEPT_IN_OUTBOX } from './mail-delivery.ts';

export const ISSUES_PATH = '/admin/newsletter/issues';

export interface IssueList {
  issues: NewsletterIssueJson[];
  /** `outbox`: no SMTP server is configured, mails are only kept. */
  delivery: 'smtp' | 'outbox';
}

export const STATUS_LABELS: Record<NewsletterIssueStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** An issue's status as the screens name it: without a mail server, a finished issue was kept, not sent. */
export const statusLabel = (status: NewsletterIssueStatus, delivery: 'smtp' | 'outbox'): string =>
  status === 'sent' && delivery === 'outbox' ? 'Kept in the outbox' : STATUS_LABELS[status];

export const listIssues = () => api.get<IssueList>('/admin/newsletters');
/** Who a "Send now" would reach at this moment. */
export const getAudience = () => api.get<NewsletterAudienceJson>('/admin/newsletters/audience');
export const getIssue = (id: number) => api.get<NewsletterIssueJson>(`/admin/newsletters/${id}`);
export const createIssue = (values: NewsletterIssueInput) => api.post<NewsletterIssueJson>('/admin/newsletters', values);
/** Drafts an issue of the live campaigns ending within 7 days; refused (409) when none does. */
export const draftEndingSoonIssue = () => api.post<NewsletterIssueJson>('/admin/newsletters/ending-soon', {});
export const saveIssue = (id: number, values: NewsletterIssueInput & { version: number }) =>
  api.put<NewsletterIssueJson>(`/admin/newsletters/${id}`, values);
export const deleteIssue = (id: number) => api.delete<unknown>(`/admin/newsletters/${id}`);
export const previewIssue = (values: NewsletterIssueInput) => api.post<NewsletterPreviewJson>('/admin/newsletters/preview', values);
export const sendTest = (id: number, emails: string[]) =>
  api.post<{ sent: number; delivery: 'smtp' | 'outbox' }>(`/admin/newsletters/${id}/test`, { emails });
export const sendIssue = (id: number, scheduledAt?: number) =>
  api.post<NewsletterIssueJson>(`/admin/newsletters/${id}/send`, scheduledAt === undefined ? {} : { scheduled_at: scheduledAt });
export const cancelIssue = (id: number) => api.post<NewsletterIssueJson>(`/admin/newsletters/${id}/cancel`, {});

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The question "Send now" asks, naming who will get the issue. */
export function sendNowQuestion({ active_subscribers, delivery }: NewsletterAudienceJson): string {
  const question = `Send this issue now to ${plural(active_subscribers, 'active subscriber', 'active subscribers')}?`;
  return delivery === 'outbox' ? `${question} The mails will be ${KEPT_IN_OUTBOX}.` : question;
}

/** What the issue's screen says of posts the sending left out. */
export function leftOutNotice(titles: readonly string[]): string {
  const lead = titles.length === 1 ? '1 post was left out because it was' : `${titles.length} posts were left out because they were`;
  return `${lead} not published when the issue went out: ${titles.join(', ')}.`;
}

/** The live posts an issue can carry (published, not scheduled for later), newest first. */
export async function listPublishedPosts(): Promise<Pick<PostSummaryJson, 'id' | 'title' | 'slug' | 'sponsored'>[]> {
  const page = await api.get<{ posts: PostSummaryJson[] }>('/admin/posts', { limit: 100, state: 'published' });
  return page.posts;
}
