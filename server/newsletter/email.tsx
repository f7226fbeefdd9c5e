/**
 * The e-mail of a newsletter issue, built with React Email: table layout,
 * inline styles, absolute addresses (mail clients have no base URL), and a
 * plain-text part made from the same HTML. It is rendered once per issue;
 * each recipient's copy only swaps its unsubscribe address in
 * (`personalise`), so sending costs a string replace, not a render.
 */
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render, toPlainText } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { MARKDOWN_PLUGINS } from '../../common/markdown.ts';

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
function markdownComponents(siteUrl: string): Components {
  return {
    p: ({ children }) => <Text style={paragraph}>{children}</Text>,
    a: ({ href, children }) => (
      <Link href={absoluteUrl(href ?? '', siteUrl)} style={link}>
        {children}
      </Link>
    ),
    h1: ({ children }) => <Heading as="h2" style={{ color: colors.text, fontSize: '22px' }}>{children}</Heading>,
    h2: ({ children }) => <Heading as="h2" style={{ color: colors.text, fontSize: '22px' }}>{children}</Heading>,
    h3: ({ children }) => <Heading as="h3" style={{ color: colors.text, fontSize: '18px' }}>{children}</Heading>,
    img: ({ src, alt }) =>
      typeof src === 'string' && src ? (
        <Img src={absoluteUrl(src, siteUrl)} alt={alt ?? ''} width="552" style={{ maxWidth: '100%', height: 'auto' }} />
      ) : null,
    li: ({ children }) => <li style={{ ...paragraph, margin: '0 0 8px' }}>{children}</li>,
    hr: () => <Hr style={{ borderColor: colors.line }} />,
  };
}

function MarkdownBlock({ source, siteUrl }: { source: string; siteUrl: string }): ReactNode {
  if (!source.trim()) return null;
  return (
    <Markdown {...MARKDOWN_PLUGINS} components={markdownComponents(siteUrl)}>
      {source}
    </Markdown>
  );
}

function PostBlock({ post }: { post: IssuePost }) {
  return (
    <Section style={{ borderTop: `1px solid ${colors.line}`, padding: '16px 0' }}>
      {post.imageUrl ? (
        <Link href={post.url}>
          <Img src={post.imageUrl} alt="" width="552" style={{ maxWidth: '100%', height: 'auto', borderRadius: '6px' }} />
        </Link>
      ) : null}
      {post.sponsored ? (
        <Text style={{ ...small, color: colors.badge, fontWeight: 700, textTransform: 'uppercase', margin: '12px 0 0' }}>
          Sponsored
        </Text>
      ) : null}
      <Heading as="h2" style={{ fontSize: '20px', lineHeight: '28px', margin: '8px 0' }}>
        <Link href={post.url} style={{ color: colors.text, textDecoration: 'none' }}>
          {post.title}
        </Link>
      </Heading>
      {post.excerpt ? <Text style={paragraph}>{post.excerpt}</Text> : null}
      <Link href={post.url} style={link}>
        Read more
      </Link>
    </Section>
  );
}

export function IssueEmail({ content, links }: { content: IssueContent; links: IssueLinks }) {
  return (
    <Html lang="en">
      <Head>
        <title>{content.subject}</title>
      </Head>
      {content.preheader ? <Preview>{content.preheader}</Preview> : null}
      <Body style={body}>
        <Container style={container}>
          <Text style={{ ...small, textAlign: 'right' }}>
            <Link href={links.webUrl} style={{ ...link, color: colors.muted }}>
              View in browser
            </Link>
          </Text>
          <Heading as="h1" style={{ color: colors.text, fontSize: '26px', lineHeight: '32px', margin: '0 0 16px' }}>
            {content.subject}
          </Heading>
          <MarkdownBlock source={content.intro} siteUrl={links.siteUrl} />
          {content.posts.map((post) => (
            <PostBlock key={post.url} post={post} />
          ))}
          <MarkdownBlock source={content.closing} siteUrl={links.siteUrl} />
          <Hr style={{ borderColor: colors.line, margin: '24px 0 16px' }} />
          <Text style={small}>
            You receive this because you subscribed to the {links.siteName} newsletter at{' '}
            <Link href={links.siteUrl} style={{ ...link, color: colors.muted }}>
              {new URL(links.siteUrl).host}
            </Link>
            .
          </Text>
          <Text style={small}>
            <Link href={UNSUBSCRIBE_PLACEHOLDER} style={{ ...link, color: colors.muted }}>
              Unsubscribe
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The issue's mail, HTML and plain text, with the placeholder for each recipient's unsubscribe address. */
export async function renderIssue(content: IssueContent, links: IssueLinks): Promise<RenderedIssue> {
  const html = await render(<IssueEmail content={content} links={links} />);
  return { html, text: toPlainText(html) };
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
