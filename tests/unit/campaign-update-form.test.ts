import { describe, expect, it } from 'vitest';
import { BACKERS_FORM_MESSAGE, checkCampaignUpdateForm, END_DAY_FORM_MESSAGE, PLEDGED_FORM_MESSAGE } from '../../app/lib/campaign-update-form.ts';

const usd = { currency: 'USD' };

describe("the creator's update form", () => {
  it('converts pledged from major units exactly and the end day to its last second on the site clocks', () => {
    expect(checkCampaignUpdateForm({ pledged: '48,210.5', backers: '241', state: 'live', ends_at: '2030-06-15' }, usd, 'Europe/Paris')).toEqual({
      ok: true,
      update: { pledged: 4_821_050, backers: 241, state: 'live', ends_at: Date.UTC(2030, 5, 15, 21, 59, 59) / 1000 },
    });
    expect(checkCampaignUpdateForm({ pledged: '5000' }, { currency: 'JPY' }, 'UTC')).toEqual({ ok: true, update: { pledged: 5000 } });
  });

  it('sends nothing for an empty field', () => {
    expect(checkCampaignUpdateForm({ pledged: '', backers: '7', state: '', ends_at: '' }, usd, 'UTC')).toEqual({ ok: true, update: { backers: 7 } });
  });

  it('names each value it cannot read', () => {
    expect(checkCampaignUpdateForm({ pledged: '12.345', backers: '1.5', ends_at: '2030-02-31' }, usd, 'UTC')).toEqual({
      ok: false,
      fieldErrors: { pledged: PLEDGED_FORM_MESSAGE, backers: BACKERS_FORM_MESSAGE, ends_at: END_DAY_FORM_MESSAGE },
    });
    expect(checkCampaignUpdateForm({ state: 'won' }, usd, 'UTC')).toEqual({
      ok: false,
      fieldErrors: { state: expect.stringContaining('State must be one of') },
    });
  });

  it('asks for at least one value when all are empty', () => {
    const checked = checkCampaignUpdateForm({}, usd, 'UTC');
    expect(checked.ok ? null : checked.fieldErrors.form).toBe('Give at least one of pledged, backers, state or ends_at');
  });
});
