/**
 * What page paths accept before a page action runs: reads, and form posts of
 * at most 128 KB. Other methods are a 405, other bodies a 415, a larger form a
 * 413 (counted while it streams in), a multipart body that does not parse a
 * 400: short answers, never a 500 or an error in the log.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_BODY_LIMIT } from '../../server/http/page-requests.ts';
import { freshIp } from '../helpers/test-app.ts';
import { useSiteApp } from './site-app.ts';

const { site } = useSiteApp();

type SendInit = Omit<RequestInit, 'headers'> & { headers?: Record<string, string>; duplex?: 'half' };

const send = (path: string, init: SendInit) =>
  site.app.request(`http://localhost${path}`, {
    ...init,
    headers: { accept: 'text/html', origin: 'http://localhost', 'x-forwarded-for': freshIp(), ...init.headers },
    redirect: 'manual',
  });

/** A body of `size` bytes that arrives in 16 KB chunks, with no Content-Length. */
function streamOf(size: number) {
  const chunk = new TextEncoder().encode('message=' + 'a'.repeat(16 * 1024 - 8));
  let sent = 0;
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls += 1;
      if (sent >= size) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
  return { stream, pulls: () => pulls };
}

const errorLines = () => site.logLines.filter((line) => typeof line.level === 'number' && line.level >= 50);

describe('page form posts', () => {
  it('refuse a 1 MB urlencoded form with 413, and the form still works', async () => {
    const big = 'name=Ada&email=ada%40example.com&message=' + 'a'.repeat(1024 * 1024);
    const started = Date.now();
    const answer = await send('/contact-us', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: big,
    });
    expect(answer.status).toBe(413);
    expect(await answer.text()).toBe('The form is larger than 128 KB');
    expect(Date.now() - started).toBeLessThan(2000);

    const ok = await site.post('/contact-us', { name: 'Ada', email: 'ada@example.com', message: 'Hello', website: '' }, { ip: freshIp() });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Message sent!');
  });

  it('stop reading a streamed form without a length once it passes the limit', async () => {
    const body = streamOf(60 * 1024 * 1024);
    const answer = await send('/contact-us', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.stream,
      duplex: 'half',
    });
    expect(answer.status).toBe(413);
    // 128 KB in 16 KB chunks: a handful of reads, not the 60 MB.
    expect(body.pulls()).toBeLessThan(PAGE_BODY_LIMIT / (16 * 1024) + 4);
  });

  it('take the longest contact message the form allows, in a script that encodes to 9 bytes a character', async () => {
    const answer = await site.post(
      '/contact-us',
      { name: '字'.repeat(200), email: 'ada@example.com', message: '字'.repeat(10_000), website: '' },
      { ip: freshIp() },
    );
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Message sent!');
  });

  it('refuse JSON and plain text with 415', async () => {
    for (const [type, body] of [
      ['application/json', '{"name":"Ada"}'],
      ['text/plain', 'name=Ada'],
    ] as const) {
      const answer = await send('/contact-us', { method: 'POST', headers: { 'content-type': type }, body });
      expect(answer.status).toBe(415);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    }
    const untyped = await send('/contact-us', { method: 'POST', body: new Uint8Array([1, 2, 3]) });
    expect(untyped.status).toBe(415);
  });

  it('answer other methods with 405 and the methods a page takes', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const answer = await send('/contact-us', {
        method,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Ada',
      });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
    }
  });

  it('refuse a multipart body that does not parse with 400', async () => {
    const answer = await send('/contact-us', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: 'this is not multipart at all',
    });
    expect(answer.status).toBe(400);
    const unbounded = await send('/contact-us', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: '--x\r\n',
    });
    expect(unbounded.status).toBe(400);
  });

  it('take a well-formed multipart form', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: 'Ada', email: 'ada@example.com', message: 'Hello', website: '' })) {
      form.set(name, value);
    }
    const answer = await send('/contact-us', { method: 'POST', body: form });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Message sent!');
  });

  it('still take the one-click unsubscribe of RFC 8058, without an Origin', async () => {
    const answer = await site.app.request('http://localhost/newsletter/unsubscribe?token=unknown', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    // An unknown address: the page's own answer, past the checks above.
    expect(answer.status).toBe(404);
  });

  it('log no error for any of them', () => {
    expect(errorLines()).toEqual([]);
  });
});
