/**
 * Draws a social card: 1200×630 PNG, the size Facebook, X and LinkedIn show
 * large. With a cover, the cover fills it (cropped to the middle) under a
 * dark band with the title; without one, a designed card in the site's
 * colours. Text is drawn by satori as paths from the bundled Inter font, so
 * no system font is needed.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';
import { SITE_NAME } from '../../common/site.ts';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH } from '../../common/social-cards.ts';

const CARD_WIDTH = SOCIAL_CARD_WIDTH;
const CARD_HEIGHT = SOCIAL_CARD_HEIGHT;

export interface CardContent {
  title: string;
  /** The first category's name, if any. */
  category: string | null;
  sponsored: boolean;
  /** The cover's bytes (any image sharp reads, SVG included), or null. */
  cover: Uint8Array | null;
}

type Font = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };
let fonts: Promise<Font[]> | null = null;

function loadFonts(): Promise<Font[]> {
  const require = createRequire(import.meta.url);
  const file = (weight: 400 | 700) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  fonts ??= Promise.all(
    ([400, 700] as const).map(async (weight) => ({ name: 'Inter', data: await readFile(file(weight)), weight, style: 'normal' as const })),
  );
  return fonts;
}

/** The cover cropped to the card, as a data address satori can draw; null when it cannot be read. */
async function coverDataUrl(cover: Uint8Array): Promise<string | null> {
  try {
    const jpeg = await sharp(cover, { limitInputPixels: 40_000_000 })
      .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' })
      .jpeg({ quality: 82 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}

/** Long titles get smaller type, so any title fits in three lines. */
const titleSize = (title: string) => (title.length > 90 ? 48 : title.length > 50 ? 60 : 72);

function Badge({ children, tone }: { children: string; tone: 'light' | 'sponsored' }) {
  return (
    <div
      style={{
        display: 'flex',
        padding: '6px 16px',
        borderRadius: 8,
        fontSize: 26,
        fontWeight: 700,
        letterSpacing: 1,
        textTransform: 'uppercase',
        color: tone === 'sponsored' ? '#78350f' : '#064e3b',
        backgroundColor: tone === 'sponsored' ? '#fde68a' : '#d1fae5',
      }}
    >
      {children}
    </div>
  );
}

function Card({ content, cover }: { content: CardContent; cover: string | null }) {
  return (
    <div
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        display: 'flex',
        position: 'relative',
        fontFamily: 'Inter',
        backgroundImage: cover ? undefined : 'linear-gradient(135deg, #064e3b 0%, #0f172a 100%)',
        backgroundColor: '#0f172a',
      }}
    >
      {cover ? <img src={cover} width={CARD_WIDTH} height={CARD_HEIGHT} style={{ position: 'absolute', top: 0, left: 0 }} /> : null}
      <div
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          top: cover ? 230 : 0,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-end',
          padding: '48px 64px',
          backgroundImage: cover ? 'linear-gradient(180deg, rgba(15,23,42,0) 0%, rgba(15,23,42,0.92) 55%)' : undefined,
        }}
      >
        <div style={{ display: 'flex', gap: 16, marginBottom: 20 }}>
          {content.sponsored ? <Badge tone="sponsored">Sponsored</Badge> : null}
          {content.category ? <Badge tone="light">{content.category}</Badge> : null}
        </div>
        <div style={{ display: 'flex', color: '#ffffff', fontSize: titleSize(content.title), fontWeight: 700, lineHeight: 1.15 }}>
          {content.title}
        </div>
        <div style={{ display: 'flex', marginTop: 28, color: '#a7f3d0', fontSize: 30, fontWeight: 400 }}>{SITE_NAME}</div>
      </div>
    </div>
  );
}

/** The card as PNG bytes. */
export async function renderSocialCard(content: CardContent): Promise<Uint8Array> {
  const cover = content.cover ? await coverDataUrl(content.cover) : null;
  const svg = await satori(<Card content={content} cover={cover} />, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng();
}
