/**
 * Signed webhooks (decision 100): the signature of the Standard Webhooks
 * specification's published vector, what its reference verifier accepts,
 * the retry schedule, the events a post's save makes and what the sender
 * refuses before it connects.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { postRemoveEvents, postSaveEvents } from '../../server/webhooks/events.ts';
import { isFailingTooLong, MAX_DELIVERY_ATTEMPTS, nextAttemptAt, RETRY_PAUSES_SECONDS } from '../../server/webhooks/schedule.ts';
import { sendWebhook, urlRefusal, type SendPolicy } from '../../server/webhooks/sender.ts';
import { newMessageId, newWebhookSecret, signWebhook, webhookHeaders } from '../../server/webhooks/signature.ts';

describe('the signature', () => {
  it("reproduces the specification's published test vector", () => {
    expect(signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it("is accepted by the reference verifier, and a changed body is not", () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'post.published', timestamp: new Date().toISOString(), data: { id: 1 } });
    const headers = webhookHeaders(secret, newMessageId(), Math.floor(Date.now() / 1000), body);
    const receiver = new Webhook(secret);
    expect(receiver.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => receiver.verify(body.replace('"id":1', '"id":2'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('makes secrets of 24 random bytes and message ids of their own', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
    expect(newMessageId()).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(newMessageId()).not.toBe(newMessageId());
  });
});

describe('the retry schedule', () => {
  it('tries 8 times: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h', () => {
    expect(RETRY_PAUSES_SECONDS).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(MAX_DELIVERY_ATTEMPTS).toBe(8);
    const at = 1_000_000;
    expect([1, 2, 3, 4, 5, 6, 7].map((attempts) => (nextAttemptAt(attempts, at) ?? at) - at)).toEqual([...RETRY_PAUSES_SECONDS]);
    expect(nextAttemptAt(8, at)).toBeNull();
  });

  it('turns an endpoint off once it has failed for 5 days, not a second sooner', () => {
    const since = 1_000_000;
    expect(isFailingTooLong(null, since + 10 * 86400)).toBe(false);
    expect(isFailingTooLong(since, since + 5 * 86400 - 1)).toBe(false);
    expect(isFailingTooLong(since, since + 5 * 86400)).toBe(true);
  });
});

describe("a post's events", () => {
  const post = (status: 'draft' | 'published', state: 'live' | 'successful' = 'live', pledged = 100) => ({
    id: 7,
    slug: 'lamp',
    title: 'A lamp',
    status,
    published_at: 1,
    sponsored: false,
    campaign: {
      platform: 'kickstarter' as const,
      url: 'https://www.kickstarter.com/projects/a/lamp',
      currency: 'EUR',
      goal: 1000,
      pledged,
      backers: 3,
      launched_at: 1,
      ends_at: 2,
      state,
      facts_updated_at: 1,
      facts_source: 'editor' as const,
    },
  });
  const types = (events: { type: string }[]) => events.map((event) => event.type);
  const origin = 'https://showcase.example';
  // Its publication come, its campaign's end (2) ahead.
  const now = 1;

  it('publishes, updates and unpublishes with public fields only', () => {
    const [published] = postSaveEvents(post('draft'), post('published'), origin, now);
    expect(published).toEqual({
      type: 'post.published',
      data: { id: 7, slug: 'lamp', title: 'A lamp', url: 'https://showcase.example/lamp', state: 'published', published_at: 1, sponsored: false },
    });
    expect(types(postSaveEvents(undefined, post('published'), origin, now))).toEqual(['post.published']);
    expect(types(postSaveEvents(undefined, post('draft'), origin, now))).toEqual([]);
    expect(types(postSaveEvents(post('draft'), post('draft'), origin, now))).toEqual([]);
    expect(types(postSaveEvents(post('published'), post('published'), origin, now))).toEqual(['post.updated']);
    expect(types(postSaveEvents(post('published'), post('draft'), origin, now))).toEqual(['post.unpublished']);
    expect(types(postRemoveEvents(post('published'), origin, now))).toEqual(['post.unpublished']);
    expect(types(postRemoveEvents(post('draft'), origin, now))).toEqual([]);
  });

  it("tells a live campaign's changed facts, and its end once", () => {
    expect(types(postSaveEvents(post('published'), post('published', 'live', 200), origin, now))).toEqual(['post.updated', 'campaign.updated']);
    expect(types(postSaveEvents(post('published'), post('published', 'successful'), origin, now))).toEqual(['post.updated', 'campaign.updated', 'campaign.ended']);
    expect(types(postSaveEvents(post('published', 'successful'), post('published', 'successful', 300), origin, now))).toEqual(['post.updated', 'campaign.updated']);
  });

  it('tells nothing of a scheduled post until it is live', () => {
    const scheduled = { ...post('published'), published_at: 10 };
    expect(types(postSaveEvents(post('draft'), scheduled, origin, now))).toEqual([]);
    expect(types(postSaveEvents(scheduled, { ...scheduled, title: 'A lamp, again' }, origin, now))).toEqual([]);
    expect(types(postSaveEvents(post('published'), scheduled, origin, now))).toEqual(['post.unpublished']);
    expect(types(postRemoveEvents(scheduled, origin, now))).toEqual([]);
    expect(types(postSaveEvents(scheduled, scheduled, origin, 10))).toEqual(['post.updated']);
  });

  it("tells an end a save makes, not the result of an end the clock already made", () => {
    // Its end (2) passed: over by the clock, whatever the state says.
    expect(types(postSaveEvents(post('published'), post('published', 'successful'), origin, 2))).toEqual(['post.updated', 'campaign.updated']);
    const movedBack = post('published');
    movedBack.campaign.ends_at = 0;
    expect(types(postSaveEvents(post('published'), movedBack, origin, now))).toEqual(['post.updated', 'campaign.updated', 'campaign.ended']);
  });
});

describe('the sender', () => {
  const policy = (overrides: Partial<SendPolicy> = {}): SendPolicy => ({
    timeoutMs: 2000,
    maxAnswerBytes: 64 * 1024,
    allowPrivate: false,
    production: false,
    userAgent: 'Test (+https://showcase.example)',
    ...overrides,
  });

  it('refuses loopback, private and link-local hosts unless allowed, and plain http in production', () => {
    for (const url of ['http://127.0.0.1/hook', 'https://localhost/hook', 'https://10.0.0.8/hook', 'https://169.254.169.254/', 'https://[::1]/hook']) {
      expect(urlRefusal(url, { allowPrivate: false, production: false }), url).toMatch(/private or local/);
      expect(urlRefusal(url, { allowPrivate: true, production: true }), url).toBeNull();
    }
    expect(urlRefusal('http://hooks.example.com/in', { allowPrivate: false, production: true })).toBe('Endpoint URL must start with https://');
    expect(urlRefusal('http://hooks.example.com/in', { allowPrivate: false, production: false })).toBeNull();
    expect(urlRefusal('https://hooks.example.com/in', { allowPrivate: false, production: true })).toBeNull();
    // A name is resolved at the attempt: one made of hex letters is not taken for an address.
    expect(urlRefusal('https://cafe.face/in', { allowPrivate: false, production: true })).toBeNull();
    expect(urlRefusal('http://2130706433/in', { allowPrivate: false, production: false })).toMatch(/private or local/);
  });

  it('refuses a receiver on 127.0.0.1 at the attempt without connecting, and reads at most the cap of an answer', async () => {
    let requests = 0;
    const server = http.createServer((_request, response) => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('x'.repeat(200_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const refused = await sendWebhook(url, {}, '{}', policy());
      expect(refused).toMatchObject({ ok: false, status: null });
      expect(requests).toBe(0);
      const sent = await sendWebhook(url, {}, '{}', policy({ allowPrivate: true, maxAnswerBytes: 1024 }));
      expect(sent).toMatchObject({ ok: true, status: 200, error: null });
      expect(sent.excerpt?.length).toBeLessThanOrEqual(500);
      expect(requests).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const server = http.createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const outcome = await sendWebhook(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {}, '{}', policy({ allowPrivate: true, timeoutMs: 200 }));
      expect(outcome).toMatchObject({ ok: false, status: null, error: 'The endpoint did not answer within 1 s' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
