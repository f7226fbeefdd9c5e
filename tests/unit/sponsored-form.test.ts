import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_END_FORM_MESSAGE,
  CAMPAIGN_GOAL_FORM_MESSAGE,
  checkSponsoredForm,
  sponsoredPayloadOf,
  TERMS_REQUIRED_MESSAGE,
} from '../../app/lib/sponsored-form-check.ts';
import { sponsoredFormState, sponsoredFormStateOf } from '../../app/lib/sponsored-prefill.ts';

const filled = {
  project_name: 'Orbit Planter',
  project_url: 'https://www.kickstarter.com/projects/orbit-planter',
  contact_name: 'Katherine Johnson',
  contact_email: 'katherine@example.com',
  description: '',
  press_kit_url: '',
  terms_accepted: 'on',
};

describe('the sponsored form check', () => {
  it('reads a ticked checkbox as accepted terms and always sends an empty budget range', () => {
    expect(sponsoredPayloadOf({ ...filled, budget_range: '$10k-$50k' })).toEqual({
      project_name: 'Orbit Planter',
      project_url: 'https://www.kickstarter.com/projects/orbit-planter',
      contact_name: 'Katherine Johnson',
      contact_email: 'katherine@example.com',
      description: '',
      press_kit_url: '',
      budget_range: '',
      terms_accepted: true,
    });
  });

  it('accepts a complete form and turns empty optional fields into null', () => {
    const checked = checkSponsoredForm(filled, 'browser');
    expect(checked).toEqual({
      ok: true,
      input: expect.objectContaining({ project_name: 'Orbit Planter', description: null, press_kit_url: null, terms_accepted: true }),
    });
  });

  it('says You must accept the Terms of Service in the browser, with the terms notice', () => {
    const checked = checkSponsoredForm({ ...filled, terms_accepted: '' }, 'browser');
    expect(checked).toEqual({
      ok: false,
      outcome: {
        status: 'error',
        title: 'Terms required',
        description: 'Please accept the Terms of Service before submitting.',
        httpStatus: 400,
        fieldErrors: { terms_accepted: TERMS_REQUIRED_MESSAGE },
      },
    });
  });

  it("keeps the server's own terms message on the server", () => {
    const { terms_accepted: _unticked, ...withoutTerms } = filled;
    const checked = checkSponsoredForm(withoutTerms, 'server');
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.outcome.fieldErrors).toEqual({ terms_accepted: 'terms of service must be accepted' });
  });

  it('names the first field problem, and an e-mail problem as Invalid email', () => {
    const missingName = checkSponsoredForm({ ...filled, project_name: ' ' }, 'browser');
    expect(missingName.ok ? null : missingName.outcome).toMatchObject({ title: 'Error', description: 'Project name is required' });
    const badEmail = checkSponsoredForm({ ...filled, contact_email: 'katherine.example.com' }, 'browser');
    expect(badEmail.ok ? null : badEmail.outcome).toMatchObject({
      title: 'Invalid email',
      description: 'Email must contain an @ symbol',
      fieldErrors: { contact_email: 'Email must contain an @ symbol' },
    });
  });

  it('refuses a project URL that is not a web address', () => {
    const checked = checkSponsoredForm({ ...filled, project_url: 'kickstarter' }, 'browser');
    expect(checked.ok ? null : checked.outcome.fieldErrors).toEqual({ project_url: 'Project URL must be a valid http(s) URL' });
  });
});

describe("the sponsored form's campaign fields", () => {
  it('converts the goal from major units exactly and the end day to its last second on the site clocks', () => {
    const checked = checkSponsoredForm(
      { ...filled, campaign_goal: '20000.10', campaign_currency: 'eur', campaign_ends_at: '2026-12-03' },
      'server',
      'Europe/Paris',
    );
    expect(checked.ok ? checked.input : null).toMatchObject({
      campaign_goal: 2000010,
      campaign_currency: 'EUR',
      campaign_ends_at: Date.UTC(2026, 11, 3, 22, 59, 59) / 1000,
    });
  });

  it('leaves them out when empty, and the input says they were not given', () => {
    const payload = sponsoredPayloadOf({ ...filled, campaign_goal: ' ', campaign_currency: '', campaign_ends_at: '' });
    expect(Object.keys(payload)).not.toContain('campaign_goal');
    const checked = checkSponsoredForm(filled, 'browser');
    expect(checked.ok ? checked.input : null).toMatchObject({ campaign_goal: null, campaign_currency: null, campaign_ends_at: null });
  });

  it('names a goal or a day it cannot read, and asks for the currency of a goal', () => {
    const unreadable = checkSponsoredForm({ ...filled, campaign_goal: '12.345', campaign_currency: 'USD', campaign_ends_at: '2026-02-31' }, 'browser');
    expect(unreadable.ok ? null : unreadable.outcome.fieldErrors).toEqual({
      campaign_goal: CAMPAIGN_GOAL_FORM_MESSAGE,
      campaign_ends_at: CAMPAIGN_END_FORM_MESSAGE,
    });
    const noCurrency = checkSponsoredForm({ ...filled, campaign_goal: '500' }, 'browser');
    expect(noCurrency.ok ? null : noCurrency.outcome.fieldErrors).toEqual({ campaign_currency: 'Campaign currency is needed with a campaign goal' });
    const badCurrency = checkSponsoredForm({ ...filled, campaign_currency: 'XYZ1' }, 'browser');
    expect(badCurrency.ok ? null : badCurrency.outcome.fieldErrors).toEqual({ campaign_currency: 'Campaign currency must be an ISO 4217 code such as USD' });
  });
});

describe('the refill after a cancelled checkout', () => {
  it('round-trips the pending submission through navigation state, with missing optional fields as empty text', () => {
    const state = sponsoredFormState('cs_local_1', {
      project_name: 'Orbit Planter',
      project_url: 'https://example.com/orbit',
      description: null,
      contact_name: 'Katherine',
      contact_email: 'k@example.com',
      press_kit_url: null,
    });
    expect(sponsoredFormStateOf(JSON.parse(JSON.stringify(state)))).toEqual({
      cancelledSessionId: 'cs_local_1',
      prefill: {
        project_name: 'Orbit Planter',
        project_url: 'https://example.com/orbit',
        description: '',
        contact_name: 'Katherine',
        contact_email: 'k@example.com',
        press_kit_url: '',
      },
    });
  });

  it('ignores history state that is not a cancelled checkout', () => {
    expect(sponsoredFormStateOf(null)).toBeNull();
    expect(sponsoredFormStateOf({ key: 'abc' })).toBeNull();
    expect(sponsoredFormStateOf({ cancelledSessionId: 42 })).toBeNull();
    expect(sponsoredFormStateOf({ cancelledSessionId: 'cs_1' })).toEqual({ cancelledSessionId: 'cs_1', prefill: null });
  });
});
