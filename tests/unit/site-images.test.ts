import { describe, expect, it } from 'vitest';
import { isSiteImagePath, isUploadPath, storedImageAddress, uploadKeyOfPath } from '../../common/site-images.ts';

const SITE = 'https://crowdfunding.example';

describe('isUploadPath', () => {
  it.each([
    '/uploads/2026/11/0123456789abcdef01234567-cover.png',
    '/uploads/2026/11/0123456789abcdef01234567-cover.png.w480.webp',
    '/uploads/lantern.png',
    '/uploads/a_b~c-d',
  ])('takes the canonical %s', (path) => {
    expect(isUploadPath(path)).toBe(true);
  });

  it.each([
    '/uploads/uploads/../../secret.png',
    '/uploads/../secret.png',
    '/uploads/./x.png',
    '/uploads/..',
    '/uploads/.hidden',
    '/uploads/x..png',
    '/uploads/%2e%2e/secret.png',
    '/uploads/%2E%2E%2Fsecret.png',
    '/uploads/x%20y.png',
    '/uploads\\..\\secret.png',
    '/uploads/a\\b.png',
    '/uploads//etc/passwd',
    '/uploads/x.png/',
    '/uploads/',
    '/uploads',
    '//uploads/x.png',
    '/uploads/x.png?v=1',
    '/uploads/x.png#top',
    '/uploads/x .png',
    '/uploads/x\u0000.png',
    '/images/demo/x.webp',
    'uploads/x.png',
  ])('refuses %j', (path) => {
    expect(isUploadPath(path)).toBe(false);
    expect(uploadKeyOfPath(path)).toBeNull();
  });

  it('gives the storage key of an upload', () => {
    expect(uploadKeyOfPath('/uploads/2026/11/x.png')).toBe('uploads/2026/11/x.png');
  });
});

describe('isSiteImagePath', () => {
  it('takes the site images and nothing outside them', () => {
    expect(isSiteImagePath('/images/demo/solar-backpack.webp')).toBe(true);
    expect(isSiteImagePath('/images/../build/server/index.js')).toBe(false);
    expect(isSiteImagePath('/imagesx/a.png')).toBe(false);
    expect(isSiteImagePath('/favicon.svg')).toBe(false);
  });
});

describe('storedImageAddress', () => {
  it('keeps canonical paths and https addresses of other sites', () => {
    for (const value of ['/uploads/2026/11/x.png', '/images/demo/x.webp', 'https://cdn.example.com/x.jpg']) {
      expect(storedImageAddress(value, SITE)).toEqual({ ok: true, value });
    }
  });

  it("stores this site's absolute addresses as their paths", () => {
    expect(storedImageAddress(`${SITE}/uploads/2026/11/x.png`, SITE)).toEqual({ ok: true, value: '/uploads/2026/11/x.png' });
    expect(storedImageAddress('HTTPS://Crowdfunding.Example:443/uploads/x.png?w=1#a', SITE)).toEqual({ ok: true, value: '/uploads/x.png' });
  });

  it("applies the path rules to this site's absolute addresses, before any resolving", () => {
    for (const value of [
      `${SITE}/uploads/../../secret.png`,
      `${SITE}/uploads/%2e%2e/secret.png`,
      `${SITE}/uploads\\..\\secret.png`,
      `${SITE}/admin`,
      `${SITE}`,
    ]) {
      expect(storedImageAddress(value, SITE).ok, value).toBe(false);
    }
  });

  it('refuses plain http for other sites, and anything that is not http(s)', () => {
    for (const value of ['http://cdn.example.com/x.jpg', 'ftp://cdn.example.com/x.jpg', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'x.png']) {
      expect(storedImageAddress(value, SITE).ok, value).toBe(false);
    }
  });

  it('lets any http(s) address through when the origin is unknown (the form), for the server to decide', () => {
    expect(storedImageAddress('http://localhost:3000/uploads/x.png')).toEqual({ ok: true, value: 'http://localhost:3000/uploads/x.png' });
    expect(storedImageAddress('/uploads/../x.png').ok).toBe(false);
  });
});
