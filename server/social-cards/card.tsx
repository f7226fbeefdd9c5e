/**
 * Draws a social card: 1200×630 PNG, the size Facebook, X and LinkedIn show
 * large. With a cover, the cover fills it (cropped to the middle) under a
 * dark band with the title; without one, a designed card: the title on a
 * dotted pattern in its category's colours (pages show this card in place of
 * a missing cover, so it must read as a picture, not as an empty box). Text is drawn by satori as paths from the bundled Inter font, so
 * no system font is needed.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH } from '../../common/social-cards.ts';
import { lazyModule } from '../lazy-module.ts';
import { loadSharp } from '../storage/sharp.ts';

const CARD_WIDTH = SOCIAL_CARD_WIDTH;
const CARD_HEIGHT = SOCIAL_CARD_HEIGHT;

export interface CardContent {
  title: string;
  /** The first category's name, if any. */
  category: string | null;
  /** The first category's id, which picks the colours of a card without a cover. */
  categoryId?: string | null;
  sponsored: boolean;
  /** The cover's bytes (any image sharp reads, SVG included), or null. */
  cover: Uint8Array | null;
  /** The owner's site name (site settings), under the title. */
  siteName: string;
}

// satori (with its layout engine) and resvg load on the first card drawn: about 35 MB a server whose cards are
// never asked for does not need.
const loadSatori = lazyModule('satori', 'social cards', async () => (await import('satori')).default);
const loadResvg = lazyModule('@resvg/resvg-js', 'social cards', async () => (await import('@resvg/resvg-js')).Resvg);

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
  // Outside the try: sharp missing is the server's fault, not an unreadable cover.
  const sharp = await loadSharp();
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

interface Palette {
  from: string;
  to: string;
  /** The site name's colour, and the pattern's. */
  accent: string;
  badgeText: string;
  badgeBackground: string;
}

// Deep shades, so the white title keeps a contrast of at least 7:1 on every part of the gradient.
const PALETTES: Readonly<Record<string, Palette>> = {
  funding: { from: '#047857', to: '#022c22', accent: '#a7f3d0', badgeText: '#064e3b', badgeBackground: '#d1fae5' },
  tech: { from: '#0369a1', to: '#082f49', accent: '#bae6fd', badgeText: '#0c4a6e', badgeBackground: '#e0f2fe' },
  creative: { from: '#a21caf', to: '#3b0764', accent: '#f5d0fe', badgeText: '#701a75', badgeBackground: '#fae8ff' },
  social: { from: '#c2410c', to: '#431407', accent: '#fed7aa', badgeText: '#7c2d12', badgeBackground: '#ffedd5' },
  business: { from: '#4338ca', to: '#1e1b4b', accent: '#c7d2fe', badgeText: '#312e81', badgeBackground: '#e0e7ff' },
};
const NEUTRAL: Palette = { from: '#334155', to: '#0f172a', accent: '#cbd5e1', badgeText: '#1e293b', badgeBackground: '#e2e8f0' };

/** The colours of a card without a cover: its category's, or neutral ones. */
export function cardPalette(categoryId: string | null | undefined): Palette {
  return categoryId && Object.hasOwn(PALETTES, categoryId) ? (PALETTES[categoryId] as Palette) : NEUTRAL;
}

/** Long titles get smaller type, so any title fits in three lines. */
const titleSize = (title: string) => (title.length > 90 ? 48 : title.length > 50 ? 60 : 72);

function Badge({ children, tone, palette }: { children: string; tone: 'light' | 'sponsored'; palette: Palette }) {
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
        color: tone === 'sponsored' ? '#78350f' : palette.badgeText,
        backgroundColor: tone === 'sponsored' ? '#fde68a' : palette.badgeBackground,
      }}
    >
      {children}
    </div>
  );
}

function Card({ content, cover }: { content: CardContent; cover: string | null }) {
  // Over a cover the band keeps the site's colours; without one the category's show.
  const palette = cover ? cardPalette('funding') : cardPalette(content.categoryId);
  return (
    <div
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        display: 'flex',
        position: 'relative',
        fontFamily: 'Inter',
        backgroundImage: cover ? undefined : `linear-gradient(135deg, ${palette.from} 0%, ${palette.to} 100%)`,
        backgroundColor: cover ? '#0f172a' : palette.to,
      }}
    >
      {cover ? null : (
        <div
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: CARD_WIDTH,
            height: CARD_HEIGHT,
            display: 'flex',
            opacity: 0.22,
            backgroundImage: `radial-gradient(circle at 12px 12px, ${palette.accent} 10%, transparent 0%)`,
            backgroundSize: '48px 48px',
          }}
        />
      )}
      {cover ? null : (
        <div
          style={{
            position: 'absolute',
            top: -160,
            right: -120,
            width: 560,
            height: 560,
            display: 'flex',
            borderRadius: '50%',
            border: `56px solid ${palette.accent}`,
            opacity: 0.14,
          }}
        />
      )}
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
          {content.sponsored ? <Badge tone="sponsored" palette={palette}>Sponsored</Badge> : null}
          {content.category ? <Badge tone="light" palette={palette}>{content.category}</Badge> : null}
        </div>
        <div style={{ display: 'flex', color: '#ffffff', fontSize: titleSize(content.title), fontWeight: 700, lineHeight: 1.15 }}>
          {content.title}
        </div>
        <div style={{ display: 'flex', marginTop: 28, color: palette.accent, fontSize: 30, fontWeight: 400 }}>{content.siteName}</div>
      </div>
    </div>
  );
}

/** The card as PNG bytes. */
export async function renderSocialCard(content: CardContent): Promise<Uint8Array> {
  const [satori, Resvg] = await Promise.all([loadSatori(), loadResvg()]);
  const cover = content.cover ? await coverDataUrl(content.cover) : null;
  const svg = await satori(<Card content={content} cover={cover} />, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng();
}
