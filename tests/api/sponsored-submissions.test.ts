import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../common/answers.ts';
import { choosePaymentTransaction } from '../../server/db/queries/sponsored-submissions.ts';
import type { SponsoredSubmissionRow } from '../../server/db/schema.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

type Status = 'new' | 'approved' | 'rejected';

let counter = 0;
/** A complete sponsored form payload whose project name is unique to the calling test. */
function sponsoredPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    project_name: `Solar Kettle ${counter} ${Date.now()}`,
    project_url: 'https://www.kickstarter.com/projects/solar-kettle',
    contact_name: 'Grace Hopper',
    contact_email: `grace${counter}@example.com`,
    description: 'A kettle that boils water with sunlight.',
    press_kit_url: 'https://example.com/press-kit.zip',
    budget_range: '',
    terms_accepted: true,
    ...overrides,
  };
}

const submit = (body: unknown) => t.request('POST', '/submissions/sponsored', { body, ip: freshIp() });

/** A stored submission as its answers show it: the report link's token columns never leave the database. */
function asRecord(row: SponsoredSubmissionRow) {
  const { report_token_hash: _hash, report_token_sealed: _sealed, report_issued_at: _issued, ...record } = row;
  return record;
}

async function rowById(id: number) {
  return asRecord(
    await t.handle.db.selectFrom('sponsored_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );
}

/** The id of the request `payload` stored: the public answer does not carry it. */
async function idOf(payload: { project_name: unknown }): Promise<number> {
  const [row] = await rowsNamed(payload.project_name);
  expect(row).toBeDefined();
  return row?.id ?? 0;
}

async function rowsNamed(projectName: unknown) {
  const rows = await t.handle.db
    .selectFrom('sponsored_submissions')
    .selectAll()
    .where('project_name', '=', String(projectName))
    .execute();
  return rows.map(asRecord);
}

/** No post drafted from it yet, so in no newsletter either. */
const NO_ARTICLE = { post: null, newsletter_issues: [] };

const NO_PAYMENT = {
  payment_status: null,
  paid_amount: null,
  paid_currency: null,
  payment_transaction_id: null,
  payment_transaction: null,
  ...NO_ARTICLE,
};

async function createSubmission(): Promise<number> {
  const payload = sponsoredPayload();
  const response = await submit(payload);
  expect(response.status).toBe(201);
  return idOf(payload);
}

const patch = async (id: number, body: unknown) =>
  t.request('PATCH', `/admin/submissions/sponsored/${id}`, { body, token: await t.adminToken() });

/**
 * A payment attempt of a submission, stored as the payment service stores
 * one: the submission's `payment_status` follows the attempt that speaks
 * for it.
 */
async function insertPayment(
  submissionId: number,
  overrides: { status?: PaymentStatus; createdAt?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const status = overrides.status ?? 'completed';
  counter += 1;
  const payment = await t.handle.db
    .insertInto('payment_transactions')
    .values({
      submission_id: submissionId,
      provider: 'stripe',
      provider_session_id: `cs_test_${counter}_${Date.now()}`,
      provider_payment_id: status === 'completed' || status === 'refunded' ? `pi_test_${counter}_${Date.now()}` : null,
      amount_cents: 7500,
      currency: 'usd',
      status,
      completed_at: status === 'completed' || status === 'refunded' ? now : null,
      created_at: overrides.createdAt ?? now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const attempts = await t.handle.db
    .selectFrom('payment_transactions')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  await t.handle.db
    .updateTable('sponsored_submissions')
    .set({ payment_status: choosePaymentTransaction(attempts)?.status ?? null })
    .where('id', '=', submissionId)
    .execute();
  return payment;
}

/** A paid submission (only those can be approved); its id. */
async function createPaidSubmission(): Promise<number> {
  const id = await createSubmission();
  await insertPayment(id);
  return id;
}

/** A paid submission brought to `status` through the API; returns its id and version. */
async function createSubmissionWithStatus(status: Status): Promise<{ id: number; version: number }> {
  const id = await createPaidSubmission();
  if (status === 'new') return { id, version: 1 };
  const response = await patch(id, { status, version: 1 });
  expect(response.status).toBe(200);
  return { id, version: 2 };
}

describe('POST /api/submissions/sponsored', () => {
  it('stores the submission as new with an empty budget range as null, and answers 201', async () => {
    const payload = sponsoredPayload();
    const before = Math.floor(Date.now() / 1000);
    const response = await submit(payload);

    expect(response.status).toBe(201);
    // No id: a sequential one would tell how many requests the site gets.
    expect(response.body).toEqual({ status: 'new' });
    const row = await rowById(await idOf(payload));
    expect(row).toEqual({
      id: expect.any(Number),
      project_name: payload.project_name,
      project_url: payload.project_url,
      contact_name: payload.contact_name,
      contact_email: payload.contact_email,
      description: payload.description,
      press_kit_url: payload.press_kit_url,
      budget_range: null,
      campaign_goal: null,
      campaign_currency: null,
      campaign_ends_at: null,
      status: 'new',
      payment_status: null,
      terms_accepted_at: expect.any(Number),
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
      version: 1,
    });
    expect(row.terms_accepted_at).toBeGreaterThanOrEqual(before);
  });

  it('stores empty optional fields as null and keeps a given budget range', async () => {
    const payload = sponsoredPayload({ description: '', press_kit_url: '', budget_range: '$5k-$10k' });
    const response = await submit(payload);
    expect(response.status).toBe(201);
    const row = await rowById(await idOf(payload));
    expect(row.description).toBeNull();
    expect(row.press_kit_url).toBeNull();
    expect(row.budget_range).toBe('$5k-$10k');
  });

  it('accepts a payload without the optional fields', async () => {
    const { description: _d, press_kit_url: _p, budget_range: _b, ...payload } = sponsoredPayload();
    const response = await submit(payload);
    expect(response.status).toBe(201);
    const row = await rowById(await idOf(payload));
    expect([row.description, row.press_kit_url, row.budget_range]).toEqual([null, null, null]);
  });

  it.each([
    ['project_name', undefined, 'Project name is required'],
    ['project_name', '  ', 'Project name is required'],
    ['project_url', undefined, 'Project URL is required'],
    ['project_url', '', 'Project URL is required'],
    ['contact_name', undefined, 'Contact name is required'],
    ['contact_name', '', 'Contact name is required'],
    ['contact_email', undefined, 'Email address is required'],
    ['contact_email', 'grace.example.com', 'Email must contain an @ symbol'],
  ])('refuses %s set to %j with 400 naming the field and stores nothing', async (field, value, message) => {
    const payload = sponsoredPayload({ [field]: value });
    const countBefore = await countSubmissions();
    const response = await submit(payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
    expect(await countSubmissions()).toBe(countBefore);
  });

  it.each([
    ['project_url', 'javascript:alert(1)', 'Project URL must be a valid http(s) URL'],
    ['project_url', 'ftp://files.example.com/kettle', 'Project URL must be a valid http(s) URL'],
    ['project_url', 'www.kickstarter.com/projects/kettle', 'Project URL must be a valid http(s) URL'],
    ['project_url', 'http://', 'Project URL must be a valid http(s) URL'],
    ['press_kit_url', 'javascript:alert(1)', 'Press kit URL must be a valid http(s) URL'],
    ['press_kit_url', 'ftp://files.example.com/kit.zip', 'Press kit URL must be a valid http(s) URL'],
    ['press_kit_url', 'data:text/html,hi', 'Press kit URL must be a valid http(s) URL'],
  ])('refuses %s %s with 400 and stores nothing', async (field, value, message) => {
    const payload = sponsoredPayload({ [field]: value });
    const response = await submit(payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
    expect(await rowsNamed(payload.project_name)).toEqual([]);
  });

  it('accepts plain http URLs', async () => {
    const payload = sponsoredPayload({ project_url: 'http://example.com/kettle', press_kit_url: 'http://example.com/kit' });
    const response = await submit(payload);
    expect(response.status).toBe(201);
    expect((await rowById(await idOf(payload))).project_url).toBe('http://example.com/kettle');
  });

  it.each([
    ['false', false],
    ['missing', undefined],
    ['the text "true"', 'true'],
    ['null', null],
  ])('refuses terms_accepted %s with 400 "terms of service must be accepted"', async (_case, termsAccepted) => {
    const payload = sponsoredPayload({ terms_accepted: termsAccepted });
    const response = await submit(payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'terms of service must be accepted' });
    expect(await rowsNamed(payload.project_name)).toEqual([]);
  });
});

async function countSubmissions(status?: Status, payment?: 'paid' | 'unpaid'): Promise<number> {
  let query = t.handle.db.selectFrom('sponsored_submissions').select((eb) => eb.fn.countAll<number>().as('count'));
  if (status) query = query.where('status', '=', status);
  if (payment === 'paid') query = query.where('payment_status', '=', 'completed');
  if (payment === 'unpaid') {
    query = query.where((eb) => eb.or([eb('payment_status', 'is', null), eb('payment_status', '!=', 'completed')]));
  }
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** One new submission for each way a payment can stand: none, pending, failed, expired, refunded, completed. */
async function submissionsOfEveryPayment() {
  const none = await createSubmission();
  const byStatus = {} as Record<PaymentStatus, number>;
  for (const status of ['pending', 'failed', 'expired', 'refunded', 'completed'] as const) {
    byStatus[status] = await createSubmission();
    await insertPayment(byStatus[status], { status });
  }
  const { completed: paid, ...unpaid } = byStatus;
  return { paid, unpaid: [none, ...Object.values(unpaid)] };
}

const listIds = async (query: string) => {
  const response = await t.request('GET', `/admin/submissions/sponsored?${query}&limit=100`, { token: await t.adminToken() });
  expect(response.status).toBe(200);
  return response.body.submissions.map((submission: { id: number }) => submission.id) as number[];
};

describe('GET /api/admin/submissions/sponsored', () => {
  it('lists submissions newest first with next_token and the count of each tab', async () => {
    const older = await createSubmission();
    const newer = await createSubmission();
    await patch(older, { status: 'rejected', version: 1 });

    const response = await t.request('GET', '/admin/submissions/sponsored', { token: await t.adminToken() });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['counts', 'next_token', 'submissions']);
    expect(response.body.counts).toEqual({
      new: await countSubmissions('new'),
      approved: await countSubmissions('approved'),
      rejected: await countSubmissions('rejected'),
      queue: {
        to_review: await countSubmissions('new', 'paid'),
        approved: await countSubmissions('approved'),
        rejected: await countSubmissions('rejected'),
        unpaid: await countSubmissions('new', 'unpaid'),
      },
    });
    expect(response.body.submissions[0]).toEqual({ ...(await rowById(newer)), ...NO_PAYMENT });
    expect(response.body.submissions[1]).toEqual({ ...(await rowById(older)), ...NO_PAYMENT });
    expect(response.body.next_token).toEqual((await countSubmissions()) > 20 ? expect.any(String) : null);
  });

  it.each<Status>(['new', 'approved', 'rejected'])('filters the %s tab', async (status) => {
    const inTab = await createSubmissionWithStatus(status);
    const other = await createSubmissionWithStatus(status === 'new' ? 'approved' : 'new');

    const response = await t.request('GET', `/admin/submissions/sponsored?status=${status}&limit=100`, {
      token: await t.adminToken(),
    });
    expect(response.status).toBe(200);
    const ids = response.body.submissions.map((submission: { id: number }) => submission.id);
    expect(ids).toContain(inTab.id);
    expect(ids).not.toContain(other.id);
    expect(response.body.submissions.every((submission: { status: string }) => submission.status === status)).toBe(true);
    expect(ids).toHaveLength(await countSubmissions(status));
  });

  it('keeps a new submission under paid only once its payment is completed, and under unpaid otherwise', async () => {
    const { paid, unpaid } = await submissionsOfEveryPayment();

    const paidIds = await listIds('status=new&payment=paid');
    expect(paidIds).toContain(paid);
    for (const id of unpaid) expect(paidIds).not.toContain(id);
    expect(paidIds).toHaveLength(await countSubmissions('new', 'paid'));

    const unpaidIds = await listIds('status=new&payment=unpaid');
    expect(unpaidIds).not.toContain(paid);
    for (const id of unpaid) expect(unpaidIds).toContain(id);
    expect(unpaidIds).toHaveLength(await countSubmissions('new', 'unpaid'));

    // Without a status, the payment filter covers every status.
    const rejected = await createSubmissionWithStatus('rejected');
    expect(await listIds('payment=paid')).toContain(rejected.id);
    expect(await listIds('payment=unpaid')).not.toContain(rejected.id);
  });

  it('counts the queue: new and paid to review, new and unpaid apart, approved and rejected whatever the payment', async () => {
    const token = await t.adminToken();
    const countsNow = async () =>
      (await t.request('GET', '/admin/submissions/sponsored', { token })).body.counts as {
        new: number;
        approved: number;
        rejected: number;
        queue: Record<string, number>;
      };
    const before = await countsNow();

    // 1 paid and 5 unpaid, all new; then one unpaid is rejected.
    const { unpaid } = await submissionsOfEveryPayment();
    await createSubmissionWithStatus('approved');
    await createSubmissionWithStatus('rejected');
    const unpaidRejected = unpaid[0] as number;
    expect((await patch(unpaidRejected, { status: 'rejected', version: 1 })).status).toBe(200);

    const after = await countsNow();
    expect(after).toEqual({
      new: before.new + 5,
      approved: before.approved + 1,
      rejected: before.rejected + 2,
      queue: {
        to_review: (before.queue.to_review ?? 0) + 1,
        approved: (before.queue.approved ?? 0) + 1,
        rejected: (before.queue.rejected ?? 0) + 2,
        unpaid: (before.queue.unpaid ?? 0) + 4,
      },
    });
  });

  it('walks every submission exactly once, page by page', async () => {
    for (let i = 0; i < 3; i += 1) await createSubmission();
    const token = await t.adminToken();
    const seen: number[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      const query: string = nextToken ? `?limit=2&next_token=${encodeURIComponent(nextToken)}` : '?limit=2';
      const page = await t.request('GET', `/admin/submissions/sponsored${query}`, { token });
      expect(page.status).toBe(200);
      seen.push(...page.body.submissions.map((submission: { id: number }) => submission.id));
      nextToken = page.body.next_token;
      pages += 1;
    } while (nextToken && pages < 200);
    const all = await t.handle.db.selectFrom('sponsored_submissions').select('id').orderBy('id', 'desc').execute();
    expect(seen).toEqual(all.map((row) => row.id));
  });

  it('refuses an unknown status filter with 400', async () => {
    const response = await t.request('GET', '/admin/submissions/sponsored?status=paid', {
      token: await t.adminToken(),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'status must be new, approved or rejected',
    });
  });

  it('refuses an unknown payment filter with 400', async () => {
    const response = await t.request('GET', '/admin/submissions/sponsored?payment=completed', {
      token: await t.adminToken(),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'payment must be paid or unpaid' });
  });

  it('refuses a request without a token with 401', async () => {
    const response = await t.request('GET', '/admin/submissions/sponsored');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });
  });
});

describe('GET /api/admin/submissions/sponsored/{id}', () => {
  it('answers the submission with no payment details when nothing was paid', async () => {
    const id = await createSubmission();
    const response = await t.request('GET', `/admin/submissions/sponsored/${id}`, { token: await t.adminToken() });
    expect(response.status).toBe(200);
    // Nothing has happened to it yet: its timeline is empty, and without a post it has no report link.
    expect(response.body).toEqual({ ...(await rowById(id)), ...NO_PAYMENT, timeline: [], report_url: null, report_url_problem: null });
  });

  it('shows the amount, currency, transaction id and transaction of a completed payment', async () => {
    const id = await createSubmission();
    const payment = await insertPayment(id);

    const response = await t.request('GET', `/admin/submissions/sponsored/${id}`, { token: await t.adminToken() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...(await rowById(id)),
      ...NO_ARTICLE,
      timeline: [],
      report_url: null,
      report_url_problem: null,
      payment_status: 'completed',
      paid_amount: 7500,
      paid_currency: 'usd',
      payment_transaction_id: payment.provider_payment_id,
      payment_transaction: {
        id: payment.id,
        provider: 'stripe',
        amount_cents: 7500,
        currency: 'usd',
        status: 'completed',
        provider_session_id: payment.provider_session_id,
        provider_payment_id: payment.provider_payment_id,
        completed_at: payment.completed_at,
        created_at: payment.created_at,
      },
    });

    // The list shows the same payment details (the timeline and the report link are the details panel's alone).
    const list = await t.request('GET', '/admin/submissions/sponsored?limit=100', { token: await t.adminToken() });
    const { timeline: _timeline, report_url: _reportUrl, report_url_problem: _reportUrlProblem, ...listed } = response.body;
    expect(list.body.submissions).toContainEqual(listed);
  });

  it('shows a pending payment as pending, with nothing paid', async () => {
    const id = await createSubmission();
    const payment = await insertPayment(id, { status: 'pending' });
    const response = await t.request('GET', `/admin/submissions/sponsored/${id}`, { token: await t.adminToken() });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      payment_status: 'pending',
      paid_amount: null,
      paid_currency: null,
      payment_transaction_id: null,
      payment_transaction: { id: payment.id, status: 'pending', completed_at: null },
    });
  });

  it('keeps showing the completed payment when a later attempt is pending', async () => {
    const id = await createSubmission();
    const completed = await insertPayment(id, { status: 'completed', createdAt: Math.floor(Date.now() / 1000) - 60 });
    await insertPayment(id, { status: 'pending' });
    const response = await t.request('GET', `/admin/submissions/sponsored/${id}`, { token: await t.adminToken() });
    expect(response.body).toMatchObject({
      payment_status: 'completed',
      paid_amount: 7500,
      payment_transaction_id: completed.provider_payment_id,
      payment_transaction: { id: completed.id },
    });
  });

  it.each(['999999999', 'abc'])('answers 404 for the unknown id %s', async (id) => {
    const response = await t.request('GET', `/admin/submissions/sponsored/${id}`, { token: await t.adminToken() });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Submission not found' });
  });

  it('refuses a request without a token with 401', async () => {
    const id = await createSubmission();
    const response = await t.request('GET', `/admin/submissions/sponsored/${id}`);
    expect(response.status).toBe(401);
  });
});

describe('PATCH /api/admin/submissions/sponsored/{id}', () => {
  it.each<[Status, Status]>([
    ['new', 'approved'],
    ['new', 'rejected'],
    ['approved', 'rejected'],
    ['rejected', 'approved'],
  ])('moves a submission from %s to %s and bumps the version', async (from, to) => {
    const { id, version } = await createSubmissionWithStatus(from);
    const before = await rowById(id);

    const response = await patch(id, { status: to, version });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...before,
      status: to,
      version: version + 1,
      updated_at: expect.any(Number),
      ...NO_ARTICLE,
      payment_status: 'completed',
      paid_amount: 7500,
      paid_currency: 'usd',
      payment_transaction_id: expect.any(String),
      payment_transaction: expect.objectContaining({ status: 'completed', amount_cents: 7500 }),
    });
    const after = await rowById(id);
    expect(after.status).toBe(to);
    expect(after.version).toBe(version + 1);
  });

  it.each<[Status, Status, string]>([
    ['approved', 'new', 'A submission cannot go from approved to new'],
    ['rejected', 'new', 'A submission cannot go from rejected to new'],
    ['new', 'new', 'This submission is already new'],
    ['approved', 'approved', 'This submission is already approved'],
    ['rejected', 'rejected', 'This submission is already rejected'],
  ])('refuses %s to %s with 409 INVALID_STATUS_TRANSITION and changes nothing', async (from, to, message) => {
    const { id, version } = await createSubmissionWithStatus(from);
    const before = await rowById(id);

    const response = await patch(id, { status: to, version });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'INVALID_STATUS_TRANSITION', message });
    expect(await rowById(id)).toEqual(before);
  });

  it.each<PaymentStatus | 'none'>(['none', 'pending', 'failed', 'expired', 'refunded'])(
    'refuses to approve a submission whose payment is %s with 409 and changes nothing',
    async (payment) => {
      const id = await createSubmission();
      if (payment !== 'none') await insertPayment(id, { status: payment });
      const before = await rowById(id);

      const response = await patch(id, { status: 'approved', version: before.version });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        error: 'INVALID_STATUS_TRANSITION',
        message: 'This submission is not paid: only paid submissions can be approved',
      });
      expect(await rowById(id)).toEqual(before);
    },
  );

  it('rejects an unpaid submission, and refuses to approve it from rejected', async () => {
    const id = await createSubmission();
    const rejected = await patch(id, { status: 'rejected', version: 1 });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', version: 2, payment_status: null });

    const before = await rowById(id);
    const approved = await patch(id, { status: 'approved', version: 2 });
    expect(approved.status).toBe(409);
    expect(approved.body.message).toBe('This submission is not paid: only paid submissions can be approved');
    expect(await rowById(id)).toEqual(before);
  });

  it('checks the version before the payment: a stale approval of an unpaid submission is a version conflict', async () => {
    const id = await createSubmission();
    await patch(id, { status: 'rejected', version: 1 });
    const response = await patch(id, { status: 'approved', version: 1 });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('VERSION_CONFLICT');
  });

  it('refuses a stale version with 409 VERSION_CONFLICT and changes nothing', async () => {
    const { id } = await createSubmissionWithStatus('approved');
    const before = await rowById(id);

    const response = await patch(id, { status: 'rejected', version: 1 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'VERSION_CONFLICT',
      message:
        'This submission was changed by someone else. Reload it to see the latest version, then apply your changes again.',
    });
    expect(await rowById(id)).toEqual(before);
  });

  it('answers the payment details along with the new status', async () => {
    const id = await createSubmission();
    const payment = await insertPayment(id);
    const response = await patch(id, { status: 'approved', version: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'approved',
      payment_status: 'completed',
      paid_amount: 7500,
      payment_transaction_id: payment.provider_payment_id,
    });
  });

  it.each([
    ['an unknown status', { status: 'paid', version: 1 }, 'Status must be new, approved or rejected'],
    ['a missing version', { status: 'approved' }, 'Version is required'],
  ])('refuses %s with 400 and changes nothing', async (_case, body, message) => {
    const id = await createSubmission();
    const before = await rowById(id);
    const response = await patch(id, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
    expect(await rowById(id)).toEqual(before);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await patch(999999999, { status: 'approved', version: 1 });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Submission not found' });
  });

  it('refuses a request without a token with 401 and changes nothing', async () => {
    const id = await createSubmission();
    const before = await rowById(id);
    const response = await t.request('PATCH', `/admin/submissions/sponsored/${id}`, {
      body: { status: 'approved', version: 1 },
    });
    expect(response.status).toBe(401);
    expect(await rowById(id)).toEqual(before);
  });
});
