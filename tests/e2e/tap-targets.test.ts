/**
 * On a phone every control a finger aims at is at least 24 by 24 CSS pixels
 * (WCAG 2.5.8), links inside running text excepted, as the criterion does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rejectCookies, seedPosts, useJourney } from './harness.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('tap targets on a phone', () => {
  const { site, openVisit } = useJourney({ visit: false });

  beforeAll(async () => {
    await seedPosts(site, [
      { slug: 'tap-target-lamp', title: 'Tap Target Lamp', campaign_url: 'https://www.kickstarter.com/projects/lamp-works/tap-target-lamp', category_ids: ['tech', 'creative'] },
    ]);
  });

  for (const path of ['/', '/tap-target-lamp', '/category/technology', '/contact-us']) {
    it(`are at least 24px on ${path}`, async () => {
      const phone = await openVisit(PHONE);
      await phone.page.goto(path, { waitUntil: 'networkidle' });
      await rejectCookies(phone.page);
      const small = await phone.page.evaluate(() => {
        const found: string[] = [];
        for (const element of document.querySelectorAll<HTMLElement>('a[href], button, summary, input:not([type="hidden"]), select, textarea')) {
          // Links in a sentence are exempt; so is what is not shown (a closed menu, a skip link until focused, the honeypot).
          if (element.closest('p, .prose, [aria-hidden="true"], .sr-only')) continue;
          // A card's title link stretched over the whole card (`after:absolute after:inset-0`): the card is the target.
          const after = getComputedStyle(element, '::after');
          if (after.content !== 'none' && after.position === 'absolute') continue;
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || box.width <= 1 || box.height <= 1) continue;
          if (box.width < 24 || box.height < 24) found.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
        }
        return found;
      });
      expect(small, path).toEqual([]);
    });
  }
});
