/**
 * `/projects`, every post of every category as one list (decision 095): the
 * filters and orders a reader picks as plain links, and the one spelling of
 * each choice in the address. The page reads its query here, its links are
 * written here, and the server's canonical addresses (server/http) redirect
 * another spelling of a valid query to the one written here, so a choice
 * has one address, rendered and kept once.
 *
 * Its parameters: `campaign` (the category pages' `?campaign=` values),
 * `sort` (`GET /api/posts?sort=`'s, newest first by default) and `cursor`
 * (the next page's token, as on every paged list).
 */
import { type CampaignFilter, type PostListSort } from './campaign.ts';

export const PROJECTS_PATH = '/projects';

/** The filters, in the order the page offers them; null is "All". */
export const PROJECT_FILTERS: readonly { value: CampaignFilter | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'live', label: 'Live' },
  { value: 'ending_soon', label: 'Ending soon' },
  { value: 'just_launched', label: 'Just launched' },
  { value: 'funded', label: 'Funded' },
  { value: 'ended', label: 'Ended' },
];

/** `published_at`: newest first, what the page shows without `sort`. */
export type ProjectSort = Extract<PostListSort, 'ending_first' | 'percent_funded'> | 'published_at';

export const DEFAULT_PROJECT_SORT: ProjectSort = 'published_at';

/** The orders, in the order the page offers them. */
export const PROJECT_SORTS: readonly { value: ProjectSort; label: string }[] = [
  { value: 'ending_first', label: 'Ending first' },
  { value: 'percent_funded', label: 'Most funded' },
  { value: 'published_at', label: 'Newest' },
];

/** What a reader chose: a filter (null: all), an order, and the page after a token (null: the first). */
export interface ProjectsChoice {
  filter: CampaignFilter | null;
  sort: ProjectSort;
  cursor: string | null;
}

/** A query the page cannot answer: which parameter, what it said, and what it may say. */
export interface ProjectsQueryProblem {
  parameter: 'campaign' | 'sort' | 'cursor';
  value: string;
  message: string;
}

const OWN_PARAMETERS = ['campaign', 'sort', 'cursor'] as const;

const filterValues = PROJECT_FILTERS.flatMap((filter) => (filter.value === null ? [] : [filter.value]));
const sortValues = PROJECT_SORTS.map((sort) => sort.value);

const isFilter = (value: string): value is CampaignFilter => (filterValues as readonly string[]).includes(value);
const isSort = (value: string): value is ProjectSort => (sortValues as readonly string[]).includes(value);

/**
 * The choice a query asks for, or what is wrong with it. An empty value is
 * the default (`?campaign=` is All); a parameter given twice or a value not
 * offered is a problem, named, never a guess. Other parameters (a
 * campaign's `utm_` tags) are not the page's and are left alone.
 */
export function readProjectsQuery(params: URLSearchParams): { choice: ProjectsChoice } | { problem: ProjectsQueryProblem } {
  for (const parameter of OWN_PARAMETERS) {
    const values = params.getAll(parameter);
    if (values.length > 1) {
      return { problem: { parameter, value: values.join(', '), message: `Give ${parameter} once, not ${values.length} times.` } };
    }
  }
  const campaign = params.get('campaign') ?? '';
  if (campaign !== '' && !isFilter(campaign)) {
    return {
      problem: {
        parameter: 'campaign',
        value: campaign,
        message: `There is no filter "${campaign}": choose one of ${PROJECT_FILTERS.map((filter) => filter.label).join(', ')}.`,
      },
    };
  }
  const sort = params.get('sort') ?? '';
  if (sort !== '' && !isSort(sort)) {
    return {
      problem: {
        parameter: 'sort',
        value: sort,
        message: `There is no order "${sort}": choose one of ${PROJECT_SORTS.map((option) => option.label).join(', ')}.`,
      },
    };
  }
  return {
    choice: {
      filter: campaign === '' ? null : (campaign as CampaignFilter),
      sort: sort === '' ? DEFAULT_PROJECT_SORT : (sort as ProjectSort),
      cursor: params.get('cursor') || null,
    },
  };
}

/** The one address of a choice: its own parameters in a fixed order, defaults left out. */
export function projectsHref(choice: Partial<ProjectsChoice>): string {
  const params = new URLSearchParams();
  if (choice.filter) params.set('campaign', choice.filter);
  if (choice.sort && choice.sort !== DEFAULT_PROJECT_SORT) params.set('sort', choice.sort);
  if (choice.cursor) params.set('cursor', choice.cursor);
  const query = params.toString();
  return query === '' ? PROJECTS_PATH : `${PROJECTS_PATH}?${query}`;
}

/**
 * The one spelling of a query string of `/projects` (`?…` or ''), when it
 * asks for a choice: the page's parameters in their order without their
 * defaults (`?sort=published_at`, `?campaign=`), then every other parameter
 * as it came. Null for a query the page refuses (it answers that itself).
 */
export function canonicalProjectsSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  const read = readProjectsQuery(params);
  if ('problem' in read) return null;
  const own = projectsHref(read.choice).slice(PROJECTS_PATH.length);
  const others = new URLSearchParams([...params].filter(([name]) => !(OWN_PARAMETERS as readonly string[]).includes(name)));
  const rest = others.toString();
  if (rest === '') return own;
  return own === '' ? `?${rest}` : `${own}&${rest}`;
}

/**
 * Whether a `/projects` address is one the rendered-page store keeps: a
 * first page of one filter and one order, in its one spelling, with no
 * other parameter. Six filters by three orders make eighteen: a bounded
 * set the site links to, unlike later pages' tokens or a visitor's tags.
 */
export function isKeptProjectsSearch(search: string): boolean {
  const params = new URLSearchParams(search);
  if ([...params.keys()].some((name) => name !== 'campaign' && name !== 'sort')) return false;
  return canonicalProjectsSearch(search) === search;
}
