import { describe, expect, it } from 'vitest';
import { checkSponsoredForm, sponsoredPayloadOf, TERMS_REQUIRED_MESSAGE } from '../../app/lib/sponsored-form-check.ts';
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
