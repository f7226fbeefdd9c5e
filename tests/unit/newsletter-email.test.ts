/**
 * The newsletter mail as React Email renders it: the site's masthead (logo
 * or mark, and name), each post as a card with its cover and a button, the
 * site's colours rather than default blue links, and a plain-text part that
 * reads as a letter.
 */
import { describe, expect, it } from 'vitest';
import {
  mailImageUrl,
  personalise,
  renderIssue,
  UNSUBSCRIBE_PLACEHOLDER,
  type IssueContent,
  type IssueLinks,
} from '../../server/newsletter/email.tsx';

const SITE = 'https://backers.example';

const content: IssueContent = {
  subject: 'Picks of the week',
  preheader: 'Three campaigns worth a look',
  intro: 'Hello **readers**! See [our guide](/resources/fees) first.\n\n## What we liked\n\n- Solar gear\n- Board games\n\n---',
  closing: 'Reply to this mail with _your_ picks.',
  posts: [
    {
      title: 'Solar Backpack Pro',
      excerpt: 'A backpack that charges your phone.',
      url: `${SITE}/solar-backpack-pro`,
      imageUrl: `${SITE}/uploads/2026/11/solar.jpg`,
      sponsored: true,
      campaignLine: null,
    },
    { title: 'Tabletop Saga', excerpt: null, url: `${SITE}/tabletop-saga`, imageUrl: null, sponsored: false, campaignLine: null },
  ],
};

const links: IssueLinks = {
  siteUrl: SITE,
  webUrl: `${SITE}/newsletter/picks-of-the-week`,
  siteName: 'Backer Digest',
  logoUrl: `${SITE}/uploads/logo.png`,
};

const UNSUBSCRIBE = `${SITE}/newsletter/unsubscribe?token=abc`;
const render = async (overrides: Partial<IssueLinks> = {}) => personalise(await renderIssue(content, { ...links, ...overrides }), UNSUBSCRIBE);

/** The opening tags of `tag` in `html`. */
const tagsOf = (html: string, tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? [];

describe('the newsletter mail', () => {
  it('opens with a masthead: the logo and the site name, linking to the site', async () => {
    const { html } = await render();
    const logo = tagsOf(html, 'img').find((tag) => tag.includes('/uploads/logo.png'));
    expect(logo).toContain(`src="${SITE}/uploads/logo.png"`);
    expect(html.indexOf('/uploads/logo.png')).toBeLessThan(html.indexOf('Backer Digest'));
    expect(html.indexOf('Backer Digest')).toBeLessThan(html.indexOf('<h1'));
    expect(html).toContain(`href="${SITE}"`);
  });

  it("draws the site's mark with its initial when there is no logo mail clients can show", async () => {
    const { html } = await render({ logoUrl: null });
    expect(tagsOf(html, 'img').some((tag) => tag.includes('logo'))).toBe(false);
    expect(html).toMatch(/background-color:#0f766e[^>]*>B<\/td>/);
  });

  it('shows each post with its cover, its label and a button in the site colours', async () => {
    const { html } = await render();
    expect(tagsOf(html, 'img').some((tag) => tag.includes(`src="${SITE}/uploads/2026/11/solar.jpg"`))).toBe(true);
    // A button: a link inside a cell filled with the primary colour, white and not underlined.
    const buttons = html.match(/<td style="background-color:#047857[^>]*><a href="([^"]+)" style="([^"]+)"[^>]*>Read more<\/a>/g) ?? [];
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toContain(`href="${SITE}/solar-backpack-pro"`);
    expect(buttons[0]).toContain('color:#ffffff');
    expect(buttons[0]).toContain('text-decoration:none');
    expect(html.indexOf('>Sponsored<')).toBeLessThan(html.indexOf('Solar Backpack Pro'));
  });

  it("uses the site's colours and type, not the default blue links", async () => {
    const { html } = await render();
    expect(html).toContain('Inter');
    expect(html).toContain('#0f172a');
    expect(html).not.toMatch(/#1d4ed8|#0000ee|color:blue/i);
    for (const tag of tagsOf(html, 'a')) expect(tag, tag).toMatch(/style="[^"]*color:#/);
  });

  it('has a plain-text part that reads as a letter, each link after its words', async () => {
    const { text } = await render();
    expect(text.startsWith('Backer Digest\n')).toBe(true);
    expect(text).toContain(`View in your browser: ${SITE}/newsletter/picks-of-the-week`);
    expect(text).toContain(`Hello readers! See our guide (${SITE}/resources/fees) first.`);
    expect(text).toContain('What we liked\n');
    expect(text).toContain('- Solar gear');
    expect(text).toContain(`Sponsored\nSolar Backpack Pro\nA backpack that charges your phone.\nRead more: ${SITE}/solar-backpack-pro`);
    expect(text).toContain(`Tabletop Saga\nRead more: ${SITE}/tabletop-saga`);
    expect(text).toContain('Reply to this mail with your picks.');
    expect(text).toContain(`Unsubscribe: ${UNSUBSCRIBE}`);
    expect(text).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
    // No markup or markdown left over, and no layout residue.
    expect(text).not.toMatch(/[<>*_#[\]]|\n{3,}|^---$/m);
  });

  it('shows only JPEG and PNG pictures, at absolute addresses: an upload through its copy for mail', () => {
    const upload = '/uploads/2026/11/0123456789abcdef01234567-cover';
    expect(mailImageUrl(`${upload}.webp`, SITE)).toBe(`${SITE}${upload}.webp.mail.jpg`);
    expect(mailImageUrl(`${SITE}${upload}.webp`, SITE)).toBe(`${SITE}${upload}.webp.mail.jpg`);
    expect(mailImageUrl(`${upload}.webp.w480.webp`, SITE)).toBe(`${SITE}${upload}.webp.mail.jpg`);
    expect(mailImageUrl(`${upload}.jpg`, SITE)).toBe(`${SITE}${upload}.jpg.mail.jpg`);
    expect(mailImageUrl(`${upload}.png`, SITE)).toBe(`${SITE}${upload}.png.mail.png`);
    expect(mailImageUrl(`${upload}.gif`, SITE)).toBe(`${SITE}${upload}.gif.mail.png`);
    expect(mailImageUrl(`${upload}.svg`, SITE)).toBeNull();
    expect(mailImageUrl('https://images.example/b.jpg', SITE)).toBe('https://images.example/b.jpg');
    expect(mailImageUrl('https://images.example/c.webp', SITE)).toBeNull();
    expect(mailImageUrl('https://images.example/d.gif', SITE)).toBeNull();
    expect(mailImageUrl('/images/demo/solar-backpack.webp', SITE)).toBeNull();
    expect(mailImageUrl('/favicon.svg', SITE)).toBeNull();
    expect(mailImageUrl('javascript:alert(1).png', SITE)).toBe(SITE);
  });

  it('draws no WebP picture from the markdown, leaving its description', async () => {
    const upload = '/uploads/2026/11/0123456789abcdef01234567-chart.webp';
    const withPictures: IssueContent = { ...content, intro: `![Sales chart](${upload})\n\n![A photo elsewhere](https://images.example/far.webp)` };
    const { html } = personalise(await renderIssue(withPictures, links), UNSUBSCRIBE);
    const sources = tagsOf(html, 'img').map((tag) => tag.match(/src="([^"]+)"/)?.[1] ?? '');
    expect(sources).toContain(`${SITE}${upload}.mail.jpg`);
    for (const source of sources) expect(source).toMatch(/\.(jpe?g|png)$/);
    expect(html).toContain('A photo elsewhere');
  });

  it("shows a campaign's fact line under its post's title, in the HTML and the plain text", async () => {
    const line = '$48,210 pledged of $20,000 · 241\u00a0% · 12 days left';
    const withCampaign: IssueContent = {
      ...content,
      posts: [{ title: 'Pocket Drone', excerpt: 'Folds into a pocket.', url: `${SITE}/pocket-drone`, imageUrl: null, sponsored: false, campaignLine: line }],
    };
    const { html, text } = personalise(await renderIssue(withCampaign, links), UNSUBSCRIBE);
    const title = html.indexOf('Pocket Drone</a>');
    expect(title).toBeGreaterThan(-1);
    expect(html.indexOf(`>${line}</p>`)).toBeGreaterThan(title);
    expect(html.indexOf(`>${line}</p>`)).toBeLessThan(html.indexOf('Folds into a pocket.'));
    expect(text).toContain(`Pocket Drone\n${line}\nFolds into a pocket.\nRead more: ${SITE}/pocket-drone`);
  });
});
