/**
 * A card without a cover takes its category's colours, so posts of two
 * categories never share a picture; an unknown or missing category gets a
 * neutral one.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSocialCard } from '../../server/social-cards/card.tsx';

/** The colour of one pixel in the card's top-left area: background, away from the text. */
async function backgroundPixel(categoryId: string | null): Promise<string> {
  const png = await renderSocialCard(
    {
      kind: 'item',
      title: 'Lantern',
      category: categoryId ? { id: categoryId, name: categoryId } : null,
      sponsored: false,
      siteName: 'Lantern Reviews',
      tagline: null,
      logo: null,
      cover: null,
    },
    { cover: null, logo: null },
  );
  const { data } = await sharp(png).extract({ left: 40, top: 40, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data].map((value) => value.toString(16).padStart(2, '0')).join('');
}

describe('a social card without a cover', () => {
  it('has one colour per category, and a neutral one otherwise', { timeout: 30_000 }, async () => {
    const ids = ['funding', 'tech', 'creative', 'social', 'business', null];
    const colours = await Promise.all(ids.map(backgroundPixel));
    expect(new Set(colours).size).toBe(ids.length);
    expect(await backgroundPixel('not-a-category')).toBe(colours.at(-1));
  });
});
