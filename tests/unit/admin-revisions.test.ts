/**
 * The back office's comparison of a kept version of a post or resource with
 * the current one: only the fields that differ, in the editor's order, as
 * text removed and added.
 */
import { describe, expect, it } from 'vitest';
import type { RevisionFields } from '../../common/answers.ts';
import { diffRevisionFields } from '../../app/lib/admin-revisions.ts';

const POST: RevisionFields = {
  title: 'Solar lantern',
  slug: 'solar-lantern',
  excerpt: null,
  content: 'Line one.\nLine two.\nLine three.\n',
  cover_image: null,
  read_time: 4,
  status: 'draft',
  published_at: null,
  campaign_url: null,
  sponsored: false,
  category_ids: ['tech'],
};

describe('diffRevisionFields', () => {
  it('shows publication times in the site time zone', async () => {
    const diffs = await diffRevisionFields(POST, { ...POST, status: 'published', published_at: Date.UTC(2026, 5, 1, 7, 30) / 1000 }, [], 'Europe/Paris');
    const published = diffs.find((diff) => diff.label === 'Publication time');
    expect(published?.parts).toEqual([{ text: 'Jun 1, 2026, 09:30 Europe/Paris', change: 'added' }]);
  });

  it('finds nothing between equal versions', async () => {
    expect(await diffRevisionFields(POST, { ...POST })).toEqual([]);
  });

  it('gives each changed field as words (lines for the content) removed and added, in the editor order', async () => {
    const newer: RevisionFields = {
      ...POST,
      title: 'Solar kettle',
      content: 'Line one.\nLine 2.\nLine three.\n',
      sponsored: true,
      category_ids: ['tech', 'funding'],
    };
    const diffs = await diffRevisionFields(POST, newer, [
      { id: 'tech', slug: 'technology', name: 'Technology', description: '' },
      { id: 'funding', slug: 'funding', name: 'Funding', description: '' },
    ]);
    expect(diffs.map((diff) => diff.label)).toEqual(['Title', 'Content', 'Sponsored', 'Categories']);
    expect(diffs[0]?.parts).toEqual([
      { text: 'Solar ', change: 'same' },
      { text: 'lantern', change: 'removed' },
      { text: 'kettle', change: 'added' },
    ]);
    expect(diffs[1]?.parts).toEqual([
      { text: 'Line one.\n', change: 'same' },
      { text: 'Line two.\n', change: 'removed' },
      { text: 'Line 2.\n', change: 'added' },
      { text: 'Line three.\n', change: 'same' },
    ]);
    expect(diffs[2]?.parts).toEqual([
      { text: 'No', change: 'removed' },
      { text: 'Yes', change: 'added' },
    ]);
    expect(diffs[3]?.parts.filter((part) => part.change === 'added').map((part) => part.text.trim())).toEqual([', Funding']);
  });

  it('leaves out the fields a kind does not have', async () => {
    const { campaign_url: _campaign, sponsored: _sponsored, category_ids: _categories, ...shared } = POST;
    const resource: RevisionFields = { ...shared, category_id: null };
    const diffs = await diffRevisionFields(resource, { ...resource, category_id: 'tech' });
    expect(diffs.map((diff) => [diff.label, diff.parts])).toEqual([['Category', [{ text: 'tech', change: 'added' }]]]);
  });
});
