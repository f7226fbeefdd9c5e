/**
 * The e-mail of a newsletter issue, built with React Email: table layout,
 * inline styles, absolute addresses (mail clients have no base URL), and a
 * plain-text part made from the same HTML. It is rendered once per issue;
 * each recipient's copy only swaps its unsubscribe address in
 * (`personalise`), so sending costs a string replace, not a render.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { Components } from 'react-markdown';
import { lazyModule } from '../lazy-module.ts';
import { loadMarkdown, type MarkdownLibraries } from '../services/markdown.tsx';

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
}

export interface IssueContent {
  subject: string;
  preheader: string;
  intro: string;
  closing: string;
  posts: IssuePost[];
}

export interface IssueLinks {
  /** The site's address, no trailing slash. */
  siteUrl: string;
  /** The issue's web version ("view in browser"). */
  webUrl: string;
  /** The owner's site name (site settings), in the footer. */
  siteName: string;
}

export interface RenderedIssue {
  html: string;
  text: string;
}

/** Stands for each recipient's own unsubscribe address until `personalise` puts it in. */
export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/__RECIPIENT__';

const colors = { text: '#1f2937', muted: '#6b7280', accent: '#1d4ed8', line: '#e5e7eb', badge: '#92400e' };
const body: CSSProperties = { backgroundColor: '#f3f4f6', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 };
const container: CSSProperties = { backgroundColor: '#ffffff', maxWidth: '600px', padding: '24px' };
const paragraph: CSSProperties = { color: colors.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' };
const small: CSSProperties = { color: colors.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' };
const link: CSSProperties = { color: colors.accent, textDecoration: 'underline' };

/** Markdown elements as mail clients need them: inline styles on each. */
function markdownComponents(E: ReactEmail, siteUrl: string): Components {
  return {
    p: ({ children }) => <E.Text style={paragraph}>{children}</E.Text>,
    a: ({ href, children }) => (
      <E.Link href={absoluteUrl(href ?? '', siteUrl)} style={link}>
        {children}
      </E.Link>
    ),
    h1: ({ children }) => <E.Heading as="h2" style={{ color: colors.text, fontSize: '22px' }}>{children}</E.Heading>,
    h2: ({ children }) => <E.Heading as="h2" style={{ color: colors.text, fontSize: '22px' }}>{children}</E.Heading>,
    h3: ({ children }) => <E.Heading as="h3" style={{ color: colors.text, fontSize: '18px' }}>{children}</E.Heading>,
    img: ({ src, alt }) =>
      typeof src === 'string' && src ? (
        <E.Img src={absoluteUrl(src, siteUrl)} alt={alt ?? ''} width="552" style={{ maxWidth: '100%', height: 'auto' }} />
      ) : null,
    li: ({ children }) => <li style={{ ...paragraph, margin: '0 0 8px' }}>{children}</li>,
    hr: () => <E.Hr style={{ borderColor: colors.line }} />,
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

function PostBlock({ E, post }: { E: ReactEmail; post: IssuePost }) {
  return (
    <E.Section style={{ borderTop: `1px solid ${colors.line}`, padding: '16px 0' }}>
      {post.imageUrl ? (
        <E.Link href={post.url}>
          <E.Img src={post.imageUrl} alt="" width="552" style={{ maxWidth: '100%', height: 'auto', borderRadius: '6px' }} />
        </E.Link>
      ) : null}
      {post.sponsored ? (
        <E.Text style={{ ...small, color: colors.badge, fontWeight: 700, textTransform: 'uppercase', margin: '12px 0 0' }}>
          Sponsored
        </E.Text>
      ) : null}
      <E.Heading as="h2" style={{ fontSize: '20px', lineHeight: '28px', margin: '8px 0' }}>
        <E.Link href={post.url} style={{ color: colors.text, textDecoration: 'none' }}>
          {post.title}
        </E.Link>
      </E.Heading>
      {post.excerpt ? <E.Text style={paragraph}>{post.excerpt}</E.Text> : null}
      <E.Link href={post.url} style={link}>
        Read more
      </E.Link>
    </E.Section>
  );
}

function IssueEmail({ E, md, content, links }: { E: ReactEmail; md: MarkdownLibraries; content: IssueContent; links: IssueLinks }) {
  return (
    <E.Html lang="en">
      <E.Head>
        <title>{content.subject}</title>
      </E.Head>
      {content.preheader ? <E.Preview>{content.preheader}</E.Preview> : null}
      <E.Body style={body}>
        <E.Container style={container}>
          <E.Text style={{ ...small, textAlign: 'right' }}>
            <E.Link href={links.webUrl} style={{ ...link, color: colors.muted }}>
              View in browser
            </E.Link>
          </E.Text>
          <E.Heading as="h1" style={{ color: colors.text, fontSize: '26px', lineHeight: '32px', margin: '0 0 16px' }}>
            {content.subject}
          </E.Heading>
          <MarkdownBlock E={E} md={md} source={content.intro} siteUrl={links.siteUrl} />
          {content.posts.map((post) => (
            <PostBlock key={post.url} E={E} post={post} />
          ))}
          <MarkdownBlock E={E} md={md} source={content.closing} siteUrl={links.siteUrl} />
          <E.Hr style={{ borderColor: colors.line, margin: '24px 0 16px' }} />
          <E.Text style={small}>
            You receive this because you subscribed to the {links.siteName} newsletter at{' '}
            <E.Link href={links.siteUrl} style={{ ...link, color: colors.muted }}>
              {new URL(links.siteUrl).host}
            </E.Link>
            .
          </E.Text>
          <E.Text style={small}>
            <E.Link href={UNSUBSCRIBE_PLACEHOLDER} style={{ ...link, color: colors.muted }}>
              Unsubscribe
            </E.Link>
          </E.Text>
        </E.Container>
      </E.Body>
    </E.Html>
  );
}

/** The issue's mail, HTML and plain text, with the placeholder for each recipient's unsubscribe address. */
export async function renderIssue(content: IssueContent, links: IssueLinks): Promise<RenderedIssue> {
  const [E, md] = await Promise.all([loadReactEmail(), loadMarkdown()]);
  const html = await E.render(<IssueEmail E={E} md={md} content={content} links={links} />);
  return { html, text: E.toPlainText(html) };
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
