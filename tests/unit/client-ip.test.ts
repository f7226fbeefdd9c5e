import { describe, expect, it } from 'vitest';
import { forwardedClient } from '../../server/http/client-ip.ts';

describe('forwardedClient', () => {
  it('believes nothing without trusted proxies', () => {
    expect(forwardedClient('203.0.113.7', 0)).toBeUndefined();
    expect(forwardedClient('198.51.100.1, 203.0.113.7', 0)).toBeUndefined();
  });

  it('answers undefined for a missing or empty header', () => {
    expect(forwardedClient(undefined, 1)).toBeUndefined();
    expect(forwardedClient('', 1)).toBeUndefined();
    expect(forwardedClient(' , ,', 2)).toBeUndefined();
  });

  it('takes the only entry behind one proxy', () => {
    expect(forwardedClient('203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('  203.0.113.7  ', 1)).toBe('203.0.113.7');
  });

  it('takes the right-most entry behind one proxy, not the one the client sent', () => {
    // nginx ($proxy_add_x_forwarded_for) and AWS ALB append to what the client sent.
    expect(forwardedClient('1.2.3.4, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('1.2.3.4,5.6.7.8,203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('2001:db8::1, 2001:db8::7', 1)).toBe('2001:db8::7');
  });

  it('takes the N-th entry from the right behind N proxies', () => {
    // client 203.0.113.7 -> CDN (appends it) -> load balancer (appends the CDN's 10.0.0.5) -> app
    expect(forwardedClient('203.0.113.7, 10.0.0.5', 2)).toBe('203.0.113.7');
    expect(forwardedClient('forged, 203.0.113.7, 10.0.0.5', 2)).toBe('203.0.113.7');
    expect(forwardedClient('a, b, 203.0.113.7, 10.0.0.2, 10.0.0.1', 3)).toBe('203.0.113.7');
  });

  it('takes the left-most entry when fewer entries than trusted proxies are present', () => {
    expect(forwardedClient('203.0.113.7', 2)).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7, 10.0.0.5', 5)).toBe('203.0.113.7');
  });

  it('skips empty entries, which only a client could have written', () => {
    expect(forwardedClient(',, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('forged,, , 203.0.113.7, 10.0.0.5', 2)).toBe('203.0.113.7');
  });
});
