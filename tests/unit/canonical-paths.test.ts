/** One spelling per page: what every other spelling of a path redirects to. */
import { describe, expect, it } from 'vitest';
import { canonicalPath, canonicalRedirect } from '../../server/http/canonical-paths.ts';

describe('canonical paths', () => {
  it('are lower case, without a trailing slash, with unreserved characters unescaped', () => {
    expect(canonicalPath('/Resources')).toBe('/resources');
    expect(canonicalPath('/RESOURCES/')).toBe('/resources');
    expect(canonicalPath('/%72esources')).toBe('/resources');
    expect(canonicalPath('/%52%45sources')).toBe('/resources');
    expect(canonicalPath('/Category/Tech-Gadgets/')).toBe('/category/tech-gadgets');
    expect(canonicalPath('/a%7eb%2Dc%2e')).toBe('/a~b-c.');
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('//')).toBe('/');
  });

  it('keep other escapes, in upper-case hex', () => {
    expect(canonicalPath('/caf%c3%a9')).toBe('/caf%C3%A9');
    expect(canonicalPath('/a%2fb')).toBe('/a%2Fb');
  });

  it('never lead off the site: doubled slashes collapse, dot segments resolve', () => {
    expect(canonicalPath('//evil.example/')).toBe('/evil.example');
    expect(canonicalPath('/%2e%2e/%2E%2E/resources')).toBe('/resources');
    expect(canonicalPath('/a/./b/../c')).toBe('/a/c');
  });

  it('send a resource under /resources/ to its own address', () => {
    expect(canonicalPath('/resources/Kickstarter-Guide/')).toBe('/kickstarter-guide');
    expect(canonicalPath('/resources')).toBe('/resources');
  });

  it("keep a private link's token and a test checkout's session id as they are", () => {
    expect(canonicalPath('/SPONSOR-REPORT/AbC-dEf_123/')).toBe('/sponsor-report/AbC-dEf_123');
    expect(canonicalPath('/Preview/AbC')).toBe('/preview/AbC');
    expect(canonicalPath('/campaign-update/AbC')).toBe('/campaign-update/AbC');
    expect(canonicalPath('/Checkout/Test/cs_test_AbC')).toBe('/checkout/test/cs_test_AbC');
    expect(canonicalPath('/checkout/AbC')).toBe('/checkout/abc');
  });

  it('redirect only another spelling, and refuse a data request by another spelling', () => {
    expect(canonicalRedirect('/resources')).toBeNull();
    expect(canonicalRedirect('/preview/AbC')).toBeNull();
    expect(canonicalRedirect('/Resources')).toEqual({ to: '/resources' });
    expect(canonicalRedirect('/resources.data')).toBeNull();
    expect(canonicalRedirect('/Resources.data')).toEqual({ notFound: true });
  });
});
