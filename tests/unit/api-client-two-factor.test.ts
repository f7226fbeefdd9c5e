/** The API client's two-step sign-in: no session until the code is accepted, then one kept like any other. */
import { describe, expect, it } from 'vitest';
import { createApiClient, SESSION_KEYS, type SessionStorage } from '../../app/lib/api-client.ts';

function memoryStorage(): SessionStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const idToken = (email: string) => `h.${btoa(JSON.stringify({ email })).replace(/=+$/, '')}.s`;

describe('two-factor sign-in', () => {
  it('answers the MFA token, then keeps the session the code opens', async () => {
    const sent: { url: string; body: unknown; transport: string | null }[] = [];
    const storage = memoryStorage();
    const client = createApiClient({
      storage: () => storage,
      fetch: async (input, init) => {
        const url = String(input);
        sent.push({ url, body: JSON.parse(String(init?.body)), transport: new Headers(init?.headers).get('x-session-transport') });
        if (url === '/api/auth/login') return json(200, { mfa_required: true, mfa_token: 'mfa-1' });
        if (url === '/api/auth/login/totp') return json(200, { access_token: 'access-1', id_token: idToken('me@example.com') });
        if (url === '/api/admin/me') return json(200, { ok: true });
        return json(404, { error: 'NOT_FOUND' });
      },
    });

    await expect(client.login('Me@example.com', 'secret')).resolves.toEqual({ mfaToken: 'mfa-1' });
    expect(client.isSignedIn()).toBe(false);
    expect(storage.items.get(SESSION_KEYS.userEmail)).toBeUndefined();

    await client.loginWithTotp('mfa-1', { code: '123456' });
    expect(sent[1]).toEqual({ url: '/api/auth/login/totp', body: { mfa_token: 'mfa-1', code: '123456' }, transport: 'cookie' });
    expect(client.isSignedIn()).toBe(true);
    expect(client.userEmail()).toBe('me@example.com');
  });

  it('answers nothing for an account without two-factor, signed in at once', async () => {
    const storage = memoryStorage();
    const client = createApiClient({
      storage: () => storage,
      fetch: async () => json(200, { access_token: 'access-1', id_token: idToken('me@example.com') }),
    });
    await expect(client.login('me@example.com', 'secret')).resolves.toBeUndefined();
    expect(client.isSignedIn()).toBe(true);
  });
});
