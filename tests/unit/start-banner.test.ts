/**
 * The first screen of `npm start`: where the site and the back office are,
 * the generated sign-in once, and a console that is not flooded by a line
 * per request in the demo.
 */
import { describe, expect, it } from 'vitest';
import { requestLogLevel } from '../../server/http/request-log.ts';
import { firstAdminNotice, localOrigin, shouldPrintBanner, startBanner } from '../../server/start-banner.ts';

describe('the start banner', () => {
  it('names the site and the back office on the address a local browser opens', () => {
    const banner = startBanner({ origin: localOrigin('0.0.0.0', 3000) });
    expect(banner).toContain('Site:         http://localhost:3000/');
    expect(banner).toContain('Back office:  http://localhost:3000/admin');
    expect(banner).not.toContain('Password');
    expect(banner.trim().split('\n').length).toBeLessThanOrEqual(8);
  });

  it("says the owner's site name once one is saved", () => {
    expect(startBanner({ origin: 'http://localhost:3000' })).toContain('Crowdfunding Showcase is running.');
    expect(startBanner({ origin: 'http://localhost:3000', siteName: 'Backer Digest' })).toContain('Backer Digest is running.');
  });

  it('adds the generated sign-in on the first start, once', () => {
    const banner = startBanner({
      origin: 'http://localhost:3000',
      firstAdmin: { email: 'admin@example.com', password: 'generated-secret-1' },
    });
    expect(banner).toContain('Email:     admin@example.com');
    expect(banner.match(/generated-secret-1/g)).toHaveLength(1);
    expect(banner).toContain('npm run admin -- reset-password --email admin@example.com');
    expect(firstAdminNotice({ email: 'a@example.com', password: 'p' })).toContain('Password:  p');
  });

  it('opens the host a server listens on, localhost for every interface', () => {
    expect(localOrigin('::', 8080)).toBe('http://localhost:8080');
    expect(localOrigin('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(localOrigin('::1', 3000)).toBe('http://[::1]:3000');
  });

  it('is printed for the demo, and in production only when a password was generated', () => {
    expect(shouldPrintBanner({ demo: true })).toBe(true);
    expect(shouldPrintBanner({ demo: false })).toBe(false);
    expect(shouldPrintBanner({ demo: false, firstAdmin: { email: 'a@example.com', password: 'p' } })).toBe(true);
  });
});

describe('the level of the request lines', () => {
  it('follows LOG_LEVEL in production', () => {
    expect(requestLogLevel({ logLevel: 'info', demo: false, logLevelSet: false })).toBe('info');
    expect(requestLogLevel({ logLevel: 'warn', demo: false, logLevelSet: true })).toBe('warn');
  });

  it('keeps them off the console in the demo, failures aside, unless LOG_LEVEL asks for them', () => {
    expect(requestLogLevel({ logLevel: 'info', demo: true, logLevelSet: false })).toBe('warn');
    expect(requestLogLevel({ logLevel: 'info', demo: true, logLevelSet: true })).toBe('info');
    expect(requestLogLevel({ logLevel: 'debug', demo: true, logLevelSet: true })).toBe('debug');
  });
});
