/** The one list of private links, and the token masked out of a logged path. */
import { describe, expect, it } from 'vitest';
import { isPrivateLinkPage, isPrivateLinkPath, maskPrivateLinkToken } from '../../common/private-links.ts';

const TOKEN = 'Qm9vbXNpdGVzZWNyZXR0b2tlbi1vbmx5LWZvci10ZXN0';

describe('private links', () => {
  it('mask the token of every private page and API path, and nothing else', () => {
    for (const prefix of ['/preview', '/campaign-update', '/api/campaign-update', '/sponsor-report', '/api/sponsor-report']) {
      expect(maskPrivateLinkToken(`${prefix}/${TOKEN}`)).toBe(`${prefix}/[token]`);
      expect(maskPrivateLinkToken(`${prefix}/${TOKEN}/more`)).toBe(`${prefix}/[token]/more`);
      expect(isPrivateLinkPath(`${prefix}/${TOKEN}`)).toBe(true);
    }
    for (const path of ['/sponsor-report-tips', '/preview', '/api/admin/posts/3/preview-links', '/reed-clock', '/api/posts/campaign-update']) {
      expect(maskPrivateLinkToken(path)).toBe(path);
      expect(isPrivateLinkPath(path)).toBe(false);
    }
  });

  it('know a private link in any letter case and with doubled slashes, as the server redirects each to it', () => {
    expect(maskPrivateLinkToken(`/SPONSOR-REPORT/${TOKEN}`)).toBe('/SPONSOR-REPORT/[token]');
    expect(maskPrivateLinkToken(`//api//Campaign-Update//${TOKEN}`)).toBe('//api//Campaign-Update/[token]');
    expect(isPrivateLinkPage(`/Preview/${TOKEN}`)).toBe(true);
    expect(isPrivateLinkPath(`/API/SPONSOR-REPORT/${TOKEN}`)).toBe(true);
  });

  it('tell a private page from its API', () => {
    expect(isPrivateLinkPage(`/preview/${TOKEN}`)).toBe(true);
    expect(isPrivateLinkPage(`/api/sponsor-report/${TOKEN}`)).toBe(false);
  });
});
