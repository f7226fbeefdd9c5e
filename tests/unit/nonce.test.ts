import { describe, expect, it } from 'vitest';
import { createNonce } from '../../server/http/content-security-policy.ts';

describe('createNonce', () => {
  it('gives 128 random bits as base64, never the same twice across several draws of the pool', () => {
    const nonces = Array.from({ length: 2000 }, () => createNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
