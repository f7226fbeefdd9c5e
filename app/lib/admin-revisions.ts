/**
 * The revisions of a post or resource in the back office: the API calls
 * (list, one, restore) and the comparison of a kept version with the
 * current one, field by field. The text diff library is loaded only when a
 * comparison is made, so it never weighs on any other page.
 */
import type {
  CategoryJson,
  ContentRevisionJson,
  ContentRevisionListJson,
  ContentRevisionSummaryJson,
  RevisionFields,
  PostJson,
  ResourceJson,
} from '../../common/answers.ts';
import { CAMPAIGN_STATE_LABELS, fundingLine, PLATFORM_LABELS } from '../../common/campaign.ts';
import { postRevisionFields, resourceRevisionFields } from '../../common/revision-fields.ts';
import type { AdminContentKind } from './admin-content.ts';
import { api } from './api-client.ts';
import { formatSiteDateTime } from './dates.ts';
import { DEFAULT_TIME_ZONE } from '../../common/site-time.ts';

export type AdminItem = PostJson & ResourceJson;

const revisionsPath = (kind: AdminContentKind, id: number) => `${kind.apiPath}/${id}/revisions`;

export async function listRevisions(kind: AdminContentKind, id: number): Promise<ContentRevisionSummaryJson[]> {
  return (await api.get<ContentRevisionListJson>(revisionsPath(kind, id))).revisions;
}

export function fetchRevision(kind: AdminContentKind, id: number, revisionId: number): Promise<ContentRevisionJson> {
  return api.get<ContentRevisionJson>(`${revisionsPath(kind, id)}/${revisionId}`);
}

/** The item as stored now. */
export function fetchCurrentItem(kind: AdminContentKind, id: number): Promise<AdminItem> {
  return api.get<AdminItem>(`${kind.apiPath}/${id}`);
}

/** Saves a revision again; `version` is the one the editor holds (a stale one is refused with 409). */
export function restoreRevision(kind: AdminContentKind, id: number, revisionId: number, version: number): Promise<AdminItem> {
  return api.post<AdminItem>(`${revisionsPath(kind, id)}/${revisionId}/restore`, { version });
}

/** The editable fields of a stored item, as a revision keeps them. */
export function revisionFieldsOfItem(kind: AdminContentKind, item: AdminItem): RevisionFields {
  return kind.kind === 'post' ? postRevisionFields(item) : resourceRevisionFields(item);
}

/** One piece of a field's comparison: kept, only in the older version, or only in the newer. */
export interface DiffPart {
  text: string;
  change: 'same' | 'removed' | 'added';
}

export interface FieldDiff {
  field: keyof RevisionFields;
  label: string;
  parts: DiffPart[];
}

const FIELD_LABELS: [keyof RevisionFields, string][] = [
  ['title', 'Title'],
  ['slug', 'Slug'],
  ['excerpt', 'Excerpt'],
  ['content', 'Content'],
  ['cover_image', 'Cover image'],
  ['campaign_url', 'Campaign URL'],
  ['campaign', 'Funding facts'],
  ['sponsored', 'Sponsored'],
  ['read_time', 'Read time (minutes)'],
  ['status', 'Status'],
  ['published_at', 'Publication time'],
  ['category_ids', 'Categories'],
  ['category_id', 'Category'],
];

/** A campaign's facts as words a comparison can show changing: "Kickstarter · Live · $48,210 pledged of $20,000 · 241 % · 512 backers · ends …". */
function campaignText(campaign: RevisionFields['campaign'], timeZone: string): string {
  if (!campaign) return '';
  const parts = [PLATFORM_LABELS[campaign.platform], CAMPAIGN_STATE_LABELS[campaign.state], fundingLine(campaign)];
  if (campaign.backers !== null) parts.push(`${campaign.backers} backers`);
  if (campaign.launched_at !== null) parts.push(`launches ${formatSiteDateTime(campaign.launched_at, timeZone)}`);
  if (campaign.ends_at !== null) parts.push(`ends ${formatSiteDateTime(campaign.ends_at, timeZone)}`);
  return parts.filter((part) => part !== null).join(' · ');
}

/** A field's value as the comparison shows it. */
function fieldText(snapshot: RevisionFields, field: keyof RevisionFields, categories: readonly CategoryJson[], timeZone: string): string {
  const categoryName = (id: string) => categories.find((category) => category.id === id)?.name ?? id;
  switch (field) {
    case 'sponsored':
      return snapshot.sponsored === undefined ? '' : snapshot.sponsored ? 'Yes' : 'No';
    case 'status':
      return snapshot.status === 'published' ? 'Published' : 'Draft';
    case 'published_at':
      return snapshot.published_at === null ? '' : formatSiteDateTime(snapshot.published_at, timeZone);
    case 'category_ids':
      return (snapshot.category_ids ?? []).map(categoryName).join(', ');
    case 'category_id':
      return snapshot.category_id ? categoryName(snapshot.category_id) : '';
    case 'campaign':
      return campaignText(snapshot.campaign, timeZone);
    default: {
      const value = snapshot[field];
      return value === null || value === undefined ? '' : String(value);
    }
  }
}

/**
 * The fields that differ between an older and a newer version, in the
 * editor's order, each as the text removed and added: lines for the
 * content, words for the rest. Fields a kind does not have are left out.
 */
export async function diffRevisionFields(
  older: RevisionFields,
  newer: RevisionFields,
  categories: readonly CategoryJson[] = [],
  /** The site's time zone, that publication times are shown in (decision 050). */
  timeZone?: string,
): Promise<FieldDiff[]> {
  const { diffLines, diffWordsWithSpace } = await import('diff');
  const diffs: FieldDiff[] = [];
  for (const [field, label] of FIELD_LABELS) {
    if (!(field in older) && !(field in newer)) continue;
    const before = fieldText(older, field, categories, timeZone ?? DEFAULT_TIME_ZONE);
    const after = fieldText(newer, field, categories, timeZone ?? DEFAULT_TIME_ZONE);
    if (before === after) continue;
    const changes = field === 'content' ? diffLines(before, after) : diffWordsWithSpace(before, after);
    diffs.push({
      field,
      label,
      parts: changes.map((change) => ({ text: change.value, change: change.added ? 'added' : change.removed ? 'removed' : 'same' })),
    });
  }
  return diffs;
}
