/**
 * The e-mail of a newsletter issue, built with React Email: table layout,
 * inline styles, absolute addresses (mail clients have no base URL). It
 * looks like the site: a masthead with the logo and name, the site's
 * colours and type (docs/design.md), each post as a card with its
 * cover and a button. The plain-text part is written from the same content,
 * not scraped from the HTML, so it reads as a letter: no layout leftovers,
 * each link on its own after its label. It is rendered once per issue;
 * each recipient's copy only swaps its unsubscribe address in
 * (`personalise`), so sending costs a string replace, not a render.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { Components } from 'react-markdown';
import { mailImageKey, parseStoredFileName } from '../../common/media-keys.ts';
import { lazyModule } from '../lazy-module.ts';
import { loadMarkdown, type MarkdownLibraries } from '../markdown/render.ts';

/**
 * React Email's components and renderer, loaded on the first issue rendered
 * (server/lazy-module.ts): a server that sends no newsletter does not carry
 * them. The components below take them as `E`.
 */
const loadReactEmail = lazyModule('@react-email/*', 'newsletter e-mails', async () => {
  const [body, container, head, heading, hr, html, img, link, preview, render, section, text] = await Promise.all([
    import('@react-email/body'),
    import('@react-email/container'),
    import('@react-email/head'),
    import('@react-email/heading'),
    import('@react-email/hr'),
    import('@react-email/html'),
    import('@react-email/img'),
    import('@react-email/link'),
    import('@react-email/preview'),
    import('@react-email/render'),
    import('@react-email/section'),
    import('@react-email/text'),
  ]);
  return {
    Body: body.Body,
    Container: container.Container,
    Head: head.Head,
    Heading: heading.Heading,
    Hr: hr.Hr,
    Html: html.Html,
    Img: img.Img,
    Link: link.Link,
    Preview: preview.Preview,
    Section: section.Section,
    Text: text.Text,
    render: render.render,
    toPlainText: render.toPlainText,
  };
});

type ReactEmail = Awaited<ReturnType<typeof loadReactEmail>>;

/** A post as an issue shows it. */
export interface IssuePost {
  title: string;
  excerpt: string | null;
  /** Absolute. */
  url: string;
  /** Absolute, or null (none, or a kind mail clients cannot show). */
  imageUrl: string | null;
  sponsored: boolean;
  /** The post's campaign in one line ("$48,210 pledged of $20,000 · 241 % · 12 days left"), as of the rendering; null without one. */
  campaignLine: string | null;
}

export interface IssueContent {
  subject: string;
  preheader: string;
  intro: string;
  closing: string;
  posts: IssuePost[];
}

/** The site as its settings present it, for the masthead and the footer. */
export interface SiteLook {
  /** The owner's site name (site settings). */
  siteName: string;
  /** The logo, absolute and of a kind mail clients show; null draws the site's mark instead. */
  logoUrl: string | null;
}

export interface IssueLinks extends SiteLook {
  /** The site's address, no trailing slash. */
  siteUrl: string;
  /** The issue's web version ("view in browser"). */
  webUrl: string;
}

export interface RenderedIssue {
  html: string;
  text: string;
}

/** Stands for each recipient's own unsubscribe address until `personalise` puts it in. */
export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/__RECIPIENT__';

/** Pictures every mail client shows: JPEG and PNG (WebP not in all, SVG in few). */
const MAIL_IMAGE = /\.(jpe?g|png)(\?|$)/i;

/**
 * An image's absolute address when mail clients can show it, else null.
 * An upload of this site is shown through its copy for mail, a JPEG or PNG
 * whatever was uploaded and sized for the mail (`mailImageKey`); another
 * site's image only when it is a JPEG or PNG already.
 */
export function mailImageUrl(src: string, siteUrl: string): string | null {
  const path = src.startsWith(`${siteUrl}/`) ? src.slice(siteUrl.length) : src;
  const stored = path.startsWith('/') ? parseStoredFileName(path.slice(1)) : null;
  if (stored) {
    const copyKey = mailImageKey(stored.key);
    return copyKey ? absoluteUrl(`/${copyKey}`, siteUrl) : null;
  }
  return MAIL_IMAGE.test(src) ? absoluteUrl(src, siteUrl) : null;
}

/** The site's tokens (app/app.css), as mail clients need them: literal values. */
const colors = {
  page: '#f8fafc',
  card: '#ffffff',
  text: '#0f172a',
  muted: '#475569',
  primary: '#047857',
  onPrimary: '#ffffff',
  line: '#e2e8f0',
  mark: '#0f766e',
  badgeText: '#78350f',
  badgeBackground: '#fef3c7',
};
/** Inter where the reader has it, then the same fallbacks as the site. */
const fontFamily = "Inter, 'Inter Variable', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const CONTENT_WIDTH = 600;
/** The card's inner width: what a full-width image is drawn at. */
const CARD_INNER = CONTENT_WIDTH - 2 * 32;

const body: CSSProperties = { backgroundColor: colors.page, fontFamily, margin: 0, padding: '24px 0' };
const container: CSSProperties = { maxWidth: `${CONTENT_WIDTH}px`, width: '100%' };
const card: CSSProperties = {
  backgroundColor: colors.card,
  border: `1px solid ${colors.line}`,
  borderRadius: '12px',
  // A block's last paragraph keeps its own 16 px below.
  padding: '32px 32px 16px',
};
const paragraph: CSSProperties = { color: colors.text, fontFamily, fontSize: '16px', lineHeight: '26px', margin: '0 0 16px' };
const small: CSSProperties = { color: colors.muted, fontFamily, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' };
const inlineLink: CSSProperties = { color: colors.primary, textDecoration: 'underline' };
const quietLink: CSSProperties = { color: colors.muted, textDecoration: 'underline' };
const heading = (size: number, lineHeight: number): CSSProperties => ({
  color: colors.text,
  fontFamily,
  fontSize: `${size}px`,
  fontWeight: 700,
  lineHeight: `${lineHeight}px`,
  margin: '0 0 12px',
});

/** Markdown elements as mail clients need them: inline styles on each. */
function markdownComponents(E: ReactEmail, siteUrl: string): Components {
  return {
    p: ({ children }) => <E.Text style={paragraph}>{children}</E.Text>,
    a: ({ href, children }) => (
      <E.Link href={absoluteUrl(href ?? '', siteUrl)} style={inlineLink}>
        {children}
      </E.Link>
    ),
    h1: ({ children }) => <E.Heading as="h2" style={heading(22, 30)}>{children}</E.Heading>,
    h2: ({ children }) => <E.Heading as="h2" style={heading(22, 30)}>{children}</E.Heading>,
    h3: ({ children }) => <E.Heading as="h3" style={heading(18, 26)}>{children}</E.Heading>,
    img: ({ src, alt }) => {
      const shown = typeof src === 'string' && src ? mailImageUrl(src, siteUrl) : null;
      // A picture no mail client would show leaves its description in its place.
      if (!shown) return alt ? <>{alt}</> : null;
      return <E.Img src={shown} alt={alt ?? ''} width={CARD_INNER} style={{ maxWidth: '100%', height: 'auto', borderRadius: '8px' }} />;
    },
    ul: ({ children }) => <ul style={{ margin: '0 0 16px', paddingLeft: '24px' }}>{children}</ul>,
    ol: ({ children }) => <ol style={{ margin: '0 0 16px', paddingLeft: '24px' }}>{children}</ol>,
    li: ({ children }) => <li style={{ ...paragraph, margin: '0 0 8px' }}>{children}</li>,
    blockquote: ({ children }) => (
      <blockquote style={{ borderLeft: `3px solid ${colors.primary}`, margin: '0 0 16px', paddingLeft: '16px' }}>{children}</blockquote>
    ),
    hr: () => <E.Hr style={{ borderColor: colors.line, margin: '24px 0' }} />,
  };
}

function MarkdownBlock({ E, md, source, siteUrl }: { E: ReactEmail; md: MarkdownLibraries; source: string; siteUrl: string }): ReactNode {
  if (!source.trim()) return null;
  return (
    <md.Markdown {...md.plugins} components={markdownComponents(E, siteUrl)}>
      {source}
    </md.Markdown>
  );
}

/**
 * A link drawn as the site's main button: a filled cell around the link,
 * which every mail client paints (padding on a link alone is lost in some).
 */
function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={{ borderCollapse: 'separate' }}>
      <tbody>
        <tr>
          <td style={{ backgroundColor: colors.primary, borderRadius: '8px' }}>
            <a
              href={href}
              style={{
                display: 'inline-block',
                padding: '12px 20px',
                color: colors.onPrimary,
                fontFamily,
                fontSize: '15px',
                fontWeight: 600,
                lineHeight: '20px',
                textDecoration: 'none',
                borderRadius: '8px',
              }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The site's mark when no logo mail clients can show is set: its initial on the mark's colour. */
function SiteMark({ name }: { name: string }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '';
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} border={0}>
      <tbody>
        <tr>
          <td
            aria-hidden="true"
            width={40}
            height={40}
            align="center"
            style={{
              width: '40px',
              height: '40px',
              backgroundColor: colors.mark,
              borderRadius: '9px',
              color: colors.onPrimary,
              fontFamily,
              fontSize: '20px',
              fontWeight: 700,
              lineHeight: '40px',
              textAlign: 'center',
            }}
          >
            {initial}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function Masthead({ E, links }: { E: ReactEmail; links: IssueLinks }) {
  return (
    <E.Section style={{ padding: '0 0 20px' }}>
      <table role="presentation" cellPadding={0} cellSpacing={0} border={0} width="100%">
        <tbody>
          <tr>
            <td width={52} style={{ width: '52px', verticalAlign: 'middle' }}>
              <E.Link href={links.siteUrl}>
                {links.logoUrl ? (
                  <E.Img src={links.logoUrl} alt="" width={40} height={40} style={{ objectFit: 'contain' }} />
                ) : (
                  <SiteMark name={links.siteName} />
                )}
              </E.Link>
            </td>
            <td style={{ verticalAlign: 'middle' }}>
              <E.Link
                href={links.siteUrl}
                style={{ color: colors.text, fontFamily, fontSize: '20px', fontWeight: 700, lineHeight: '28px', textDecoration: 'none' }}
              >
                {links.siteName}
              </E.Link>
            </td>
            <td align="right" style={{ verticalAlign: 'middle', textAlign: 'right' }}>
              <E.Link href={links.webUrl} style={{ ...quietLink, fontFamily, fontSize: '13px' }}>
                View in your browser
              </E.Link>
            </td>
          </tr>
        </tbody>
      </table>
    </E.Section>
  );
}

function PostBlock({ E, post }: { E: ReactEmail; post: IssuePost }) {
  return (
    <E.Section style={{ ...card, padding: 0, margin: '0 0 20px', overflow: 'hidden' }}>
      {post.imageUrl ? (
        <E.Link href={post.url}>
          <E.Img
            src={post.imageUrl}
            alt=""
            width={CONTENT_WIDTH}
            style={{ width: '100%', maxWidth: '100%', height: 'auto', borderRadius: '12px 12px 0 0', display: 'block' }}
          />
        </E.Link>
      ) : null}
      <E.Section style={{ padding: '20px 24px 24px' }}>
        {post.sponsored ? (
          <E.Text
            style={{
              display: 'inline-block',
              backgroundColor: colors.badgeBackground,
              color: colors.badgeText,
              borderRadius: '4px',
              fontFamily,
              fontSize: '12px',
              fontWeight: 600,
              letterSpacing: '0.05em',
              lineHeight: '16px',
              margin: '0 0 8px',
              padding: '2px 6px',
              textTransform: 'uppercase',
            }}
          >
            Sponsored
          </E.Text>
        ) : null}
        <E.Heading as="h2" style={heading(20, 28)}>
          <E.Link href={post.url} style={{ color: colors.text, textDecoration: 'none' }}>
            {post.title}
          </E.Link>
        </E.Heading>
        {post.campaignLine ? (
          <E.Text style={{ ...paragraph, fontSize: '15px', fontWeight: 600, lineHeight: '22px', margin: '0 0 12px' }}>{post.campaignLine}</E.Text>
        ) : null}
        {post.excerpt ? <E.Text style={{ ...paragraph, color: colors.muted }}>{post.excerpt}</E.Text> : null}
        <Button href={post.url}>Read more</Button>
      </E.Section>
    </E.Section>
  );
}

function IssueEmail({ E, md, content, links }: { E: ReactEmail; md: MarkdownLibraries; content: IssueContent; links: IssueLinks }) {
  return (
    <E.Html lang="en">
      <E.Head>
        <title>{content.subject}</title>
        <meta name="color-scheme" content="light" />
      </E.Head>
      {content.preheader ? <E.Preview>{content.preheader}</E.Preview> : null}
      <E.Body style={body}>
        <E.Container style={container}>
          <E.Section style={{ padding: '0 16px' }}>
            <Masthead E={E} links={links} />
            <E.Section style={{ ...card, margin: '0 0 20px' }}>
              <E.Heading as="h1" style={{ ...heading(28, 36), margin: '0 0 16px' }}>
                {content.subject}
              </E.Heading>
              <MarkdownBlock E={E} md={md} source={content.intro} siteUrl={links.siteUrl} />
            </E.Section>
            {content.posts.map((post) => (
              <PostBlock key={post.url} E={E} post={post} />
            ))}
            {content.closing.trim() ? (
              <E.Section style={{ ...card, margin: '0 0 20px' }}>
                <MarkdownBlock E={E} md={md} source={content.closing} siteUrl={links.siteUrl} />
              </E.Section>
            ) : null}
            <E.Section style={{ padding: '8px 8px 0' }}>
              <E.Text style={small}>
                You receive this because you subscribed to the {links.siteName} newsletter at{' '}
                <E.Link href={links.siteUrl} style={quietLink}>
                  {new URL(links.siteUrl).host}
                </E.Link>
                .
              </E.Text>
              <E.Text style={small}>
                <E.Link href={UNSUBSCRIBE_PLACEHOLDER} style={quietLink}>
                  Unsubscribe
                </E.Link>
              </E.Text>
            </E.Section>
          </E.Section>
        </E.Container>
      </E.Body>
    </E.Html>
  );
}

/** A block of markdown as plain text: paragraphs apart, each link's address after its words. */
async function markdownText(E: ReactEmail, md: MarkdownLibraries, source: string, siteUrl: string): Promise<string> {
  if (!source.trim()) return '';
  const html = await E.render(<MarkdownBlock E={E} md={md} source={source} siteUrl={siteUrl} />);
  return E.toPlainText(html, {
    selectors: [
      { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'hr', format: 'skip' },
      { selector: 'ul', options: { itemPrefix: ' - ' } },
    ],
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The plain-text part: the same content as a letter, each link on its own line. */
async function issueText(E: ReactEmail, md: MarkdownLibraries, content: IssueContent, links: IssueLinks): Promise<string> {
  const rule = '—'.repeat(24);
  const posts = content.posts.map((post) =>
    [post.sponsored ? 'Sponsored' : null, post.title, post.campaignLine, post.excerpt, `Read more: ${post.url}`].filter(Boolean).join('\n'),
  );
  const blocks = [
    links.siteName,
    `View in your browser: ${links.webUrl}`,
    rule,
    content.subject,
    await markdownText(E, md, content.intro, links.siteUrl),
    ...posts.flatMap((post) => [rule, post]),
    content.closing.trim() ? rule : '',
    await markdownText(E, md, content.closing, links.siteUrl),
    rule,
    `You receive this because you subscribed to the ${links.siteName} newsletter at ${links.siteUrl}.`,
    `Unsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`,
  ];
  return `${blocks.filter((block) => block !== '').join('\n\n')}\n`;
}

/** The issue's mail, HTML and plain text, with the placeholder for each recipient's unsubscribe address. */
export async function renderIssue(content: IssueContent, links: IssueLinks): Promise<RenderedIssue> {
  const [E, md] = await Promise.all([loadReactEmail(), loadMarkdown()]);
  const html = await E.render(<IssueEmail E={E} md={md} content={content} links={links} />);
  return { html, text: await issueText(E, md, content, links) };
}

/** One recipient's copy: its own unsubscribe address in both parts. */
export function personalise(rendered: RenderedIssue, unsubscribeUrl: string): RenderedIssue {
  return {
    html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeAttribute(unsubscribeUrl)),
    text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** `src` as an absolute address; addresses that are not http(s) are dropped. */
export function absoluteUrl(src: string, siteUrl: string): string {
  try {
    const url = new URL(src, `${siteUrl}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : siteUrl;
  } catch {
    return siteUrl;
  }
}
