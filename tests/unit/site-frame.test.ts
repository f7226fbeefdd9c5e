/**
 * @vitest-environment jsdom
 *
 * The public site's frame (header, footer, cookie banner) depends only on
 * the settings and the categories: a client-side navigation renders again
 * only what shows the current page (the links), not the frame.
 */
import { act, createElement as h, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub, Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SiteLogoModule from '../../app/components/site-logo.tsx';
import { DEFAULT_PUBLIC_SITE } from '../../app/lib/public-site.ts';

// The site's mark is drawn once in the header and once in the footer: its
// renders count the frame's.
const logo = vi.hoisted(() => ({ renders: 0 }));
vi.mock('../../app/components/site-logo.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof SiteLogoModule>();
  return {
    SiteLogo: (props: Parameters<typeof actual.SiteLogo>[0]) => {
      logo.renders += 1;
      return actual.SiteLogo(props);
    },
  };
});

// Rendered on the client from the start here (the site hydrates it from the
// server's HTML), its inline script would only draw React's warning.
vi.mock('../../app/components/cookie-banner.tsx', () => ({ CookieBanner: () => null }));

const { default: SiteLayout } = await import('../../app/routes/site-layout.tsx');

const LAYOUT_DATA = {
  site: DEFAULT_PUBLIC_SITE,
  origin: 'http://localhost',
  categories: [
    { slug: 'technology', name: 'Technology' },
    { slug: 'business', name: 'Business' },
  ],
  gaMeasurementId: null,
  year: 2026,
  counting: false,
};

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  logo.renders = 0;
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries += 1) {
    if (tries > 100) throw new Error('the page never showed');
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

const heading = () => container.querySelector('h1')?.textContent;

describe('the public frame on a client-side navigation', () => {
  it('renders the header and footer once, while the links follow the page', async () => {
    const Stub = createRoutesStub([
      {
        id: 'routes/site-layout',
        // The route module's component takes its loader's data as props, as the stub gives them.
        Component: SiteLayout as unknown as ComponentType,
        loader: () => LAYOUT_DATA,
        HydrateFallback: () => null,
        children: [
          { path: '/', Component: () => h('div', null, h('h1', null, 'Home'), h(Link, { to: '/resources' }, 'Go to resources')) },
          { path: '/resources', Component: () => h('h1', null, 'Crowdfunding Resources') },
        ],
      },
    ]);
    act(() => root.render(h(Stub, { initialEntries: ['/'] })));
    await until(() => heading() === 'Home');
    expect(logo.renders).toBe(2);
    const resources = () => container.querySelector('header a[href="/resources"]');
    expect(resources()?.getAttribute('aria-current')).toBeNull();

    act(() => (container.querySelector('main a[href="/resources"]') as HTMLAnchorElement).click());
    await until(() => heading() === 'Crowdfunding Resources');
    expect(resources()?.getAttribute('aria-current')).toBe('page');
    expect(container.querySelector('footer a[href="/category/business"]')).not.toBeNull();
    expect(logo.renders).toBe(2);
  });
});
