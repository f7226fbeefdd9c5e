import { beforeEach, describe, expect, it } from 'vitest';
import { AdminPasswordError, DEFAULT_ADMIN_EMAIL, ensureFirstAdministrator } from '../../server/auth/bootstrap-admin.ts';
import { verifyPassword } from '../../server/auth/passwords.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
beforeEach(async () => {
  await t.handle.db.deleteFrom('users').execute();
});

const users = () => t.handle.db.selectFrom('users').selectAll().execute();

describe('the first administrator', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD when no administrator exists', async () => {
    const result = await ensureFirstAdministrator(t.handle.db, {
      email: 'Owner@Example.com',
      password: 'a long passphrase',
    });

    expect(result).toEqual({ email: 'Owner@Example.com' });
    const rows = await users();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe('owner@example.com');
    expect(rows[0]?.role).toBe('owner');
    expect(await verifyPassword(rows[0]?.password_hash ?? '', 'a long passphrase')).toBe(true);
    const login = await t.request('POST', '/auth/login', {
      body: { email: 'owner@example.com', password: 'a long passphrase' },
    });
    expect(login.status).toBe(200);
  });

  it('gets admin@example.com and a random password, returned once, when nothing is configured', async () => {
    const result = await ensureFirstAdministrator(t.handle.db, {});

    expect(result?.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(result?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const rows = await users();
    expect(rows.map((row) => row.email)).toEqual([DEFAULT_ADMIN_EMAIL]);
    expect(await verifyPassword(rows[0]?.password_hash ?? '', result?.generatedPassword ?? '')).toBe(true);
  });

  it('is refused, and nothing created, when ADMIN_PASSWORD breaks the password policy', async () => {
    for (const [password, problem] of [
      ['password1234', 'This password is one of the most common passwords. Please choose another.'],
      ['qwertyuiopas', 'This password is too easy to guess. This is similar to a commonly used password. Please choose a longer one, such as a few unrelated words.'],
    ]) {
      await expect(ensureFirstAdministrator(t.handle.db, { email: 'owner@example.com', password })).rejects.toThrow(
        new AdminPasswordError(`ADMIN_PASSWORD cannot be used: ${problem}`),
      );
    }
    expect(await users()).toEqual([]);
  });

  it('is not created again, and no password is changed, when an administrator exists', async () => {
    await ensureFirstAdministrator(t.handle.db, { email: 'first@example.com', password: 'first password' });
    const before = await users();

    const result = await ensureFirstAdministrator(t.handle.db, {
      email: 'second@example.com',
      password: 'second password',
    });

    expect(result).toBeNull();
    expect(await users()).toEqual(before);
  });
});
