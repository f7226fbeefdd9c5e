import { describe, expect, it } from 'vitest';
import { freshIp } from '../helpers/test-app.ts';
import { decodeHtml, useSiteApp } from './site-app.ts';

/** The success panel that takes the form's place. */
const successPanel = (html: string) => html.match(/<section [^>]*data-slot="success-panel"[^>]*>[\s\S]*?<\/section>/)?.[0];

/** The error summary at the top of a form: its heading and its links. */
const errorSummary = (html: string) => {
  const box = html.match(/<div [^>]*data-slot="error-summary"[^>]*>([\s\S]*?)<\/ul><\/div>/);
  if (!box) return null;
  const body = box[1] ?? '';
  return {
    tag: box[0].slice(0, box[0].indexOf('>') + 1),
    title: decodeHtml((body.match(/<h2[^>]*>([\s\S]*?)<\/h2>/)?.[1] ?? '').replace(/<[^>]+>/g, '')).trim(),
    links: [...body.matchAll(/<a href="(#[^"]+)"[^>]*>([^<]*)<\/a>/g)].map((link) => [link[1], decodeHtml(link[2] ?? '')]),
  };
};

describe('the contact form without JavaScript', () => {
  const { site } = useSiteApp();

  it('answers a sent message with a lasting panel in place of the form, focusable and labelled by its title', async () => {
    const response = await site.post(
      '/contact-us',
      { name: 'Ada', email: 'ada@example.com', message: 'Hello there, a question about fees.', website: '' },
      { ip: freshIp() },
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    const panel = successPanel(html) ?? '';
    expect(panel).toContain('tabindex="-1"');
    expect(panel).toMatch(/aria-labelledby="([^"]+)"[\s\S]*id="\1"[^>]*>Message sent!</);
    expect(decodeHtml(panel)).toContain("We'll get back to you as soon as possible.");
    expect(panel).toMatch(/<a href="\/contact-us"[^>]*>Send another message<\/a>/);
    expect(html).not.toContain('>Send Message</button>');
  });

  it('counts and names every missing field at the top of the form, each linking to its field', async () => {
    const response = await site.post('/contact-us', { name: '', email: '', message: '', website: '' }, { ip: freshIp() });
    expect(response.status).toBe(400);
    const html = await response.text();
    const summary = errorSummary(html);
    expect(summary?.tag).toContain('tabindex="-1"');
    expect(summary?.tag).toContain('role="alert"');
    expect(summary?.title).toBe('Please fix 3 fields');
    expect(summary?.links.map(([href]) => href)).toEqual(['#contact-name', '#contact-email', '#contact-message']);
    expect(summary?.links[0]?.[1]).toBe('Name is required');
    expect(summary?.links[2]?.[1]).toBe('Message is required');
    // The field messages stay by each field too.
    expect(html).toMatch(/id="contact-name-error"[^>]*>Name is required</);
    expect(html).toContain('>Send Message</button>');
  });

  it('keeps a single problem to its own notice, with no summary', async () => {
    const response = await site.post(
      '/contact-us',
      { name: 'Ada', email: 'ada.example.com', message: 'Hello', website: '' },
      { ip: freshIp() },
    );
    const html = await response.text();
    expect(errorSummary(html)).toBeNull();
    expect(html).toContain('Invalid email');
  });
});

describe('the newsletter band without JavaScript', () => {
  const { site } = useSiteApp();

  it('answers a signup with a lasting panel in the band, with the confirmation note', async () => {
    const response = await site.post('/?index', { intent: 'newsletter', email: 'panel@example.com', website: '' }, { ip: freshIp() });
    expect(response.status).toBe(200);
    const html = await response.text();
    const band = html.slice(html.indexOf('id="newsletter"'));
    const panel = successPanel(band) ?? '';
    expect(panel).toContain('Successfully subscribed!');
    expect(panel).toContain('Check your inbox: we sent you a link to confirm your subscription.');
    expect(band).not.toContain('>Subscribe</button>');
  });
});

describe('the sponsored form without JavaScript', () => {
  const { site } = useSiteApp();

  it('names every missing field when posted empty, not Invalid email', async () => {
    const response = await site.post('/submit-your-project-for-a-sponsored-post', { website: '', budget_range: '' }, { ip: freshIp() });
    expect(response.status).toBe(400);
    const html = await response.text();
    const summary = errorSummary(html);
    expect(summary?.title).toBe('Please fix 5 fields');
    expect(summary?.links).toEqual([
      ['#sponsored-project-name', 'Project name is required'],
      ['#sponsored-project-url', expect.stringMatching(/^Project URL/)],
      ['#sponsored-contact-name', 'Contact name is required'],
      ['#sponsored-contact-email', 'Contact email: Email address is required'],
      ['#sponsored-terms', expect.stringMatching(/terms of service/i)],
    ]);
    expect(html).not.toContain('Invalid email');
  });
});
