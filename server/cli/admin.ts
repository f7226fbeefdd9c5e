/**
 * npm run admin -- create --email someone@example.com
 * npm run admin -- reset-password --email someone@example.com
 * npm run admin -- accept-keys
 * The password comes from ADMIN_PASSWORD or, when that is unset, a prompt
 * that does not echo; it is never taken from the command line, where it
 * would land in the shell history and the process list.
 *
 * accept-keys: after TOTP_ENCRYPTION_KEY or JWT_SECRET was changed on
 * purpose, the keys of this environment become the ones every server of the
 * database must hold (server/auth/key-fingerprints.ts).
 */
import { parseArgs } from 'node:util';
import { emailProblem } from '../../common/schemas/email.ts';
import { acceptKeyFingerprints } from '../auth/key-fingerprints.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { resetPassword } from '../auth/reset-password.ts';
import { loadSigningKey } from '../auth/signing-key.ts';
import { loadTotpEncryptionKey } from '../auth/totp-encryption-key.ts';
import { loadConfigOrExit } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { countOwners, createUser, findUserByEmail } from '../db/queries/users.ts';
import { openConfiguredDatabase } from '../runtime.ts';

const USAGE = 'Usage: npm run admin -- create|reset-password --email <address>, or npm run admin -- accept-keys';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    // Piped input: read one line.
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  process.stdout.write(question);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  return new Promise((resolve) => {
    let value = '';
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') fail('\nCancelled.');
        if (char === '\u007f') value = value.slice(0, -1);
        else value += char;
      }
    };
    process.stdin.on('data', onData);
  });
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' } },
});
const command = positionals[0];
if (command === 'accept-keys') await acceptKeys();
else await changeAccount();

async function acceptKeys() {
  const config = loadConfigOrExit();
  const keys = {
    TOTP_ENCRYPTION_KEY: loadTotpEncryptionKey(config.TOTP_ENCRYPTION_KEY, config.DATA_DIR),
    JWT_SECRET: loadSigningKey(config.JWT_SECRET, config.DATA_DIR),
  };
  const handle = openConfiguredDatabase(config);
  try {
    await migrateToLatest(handle);
    await acceptKeyFingerprints(handle.db, keys);
    process.stdout.write('The keys of this environment are now the ones every server of this database must hold.\n');
  } finally {
    await handle.destroy();
  }
}

async function changeAccount() {
  if (command !== 'create' && command !== 'reset-password') fail(USAGE);
  const email = values.email?.trim();
  if (!email) fail(USAGE);
  const problem = emailProblem(email);
  if (problem) fail(`--email: ${problem}`);

  const config = loadConfigOrExit();
  const password = config.ADMIN_PASSWORD ?? (await promptHidden('New password: '));
  const passwordRefusal = await passwordProblem(password);
  if (passwordRefusal) fail(passwordRefusal);

  const handle = openConfiguredDatabase(config);
  try {
    await migrateToLatest(handle);
    const existing = await findUserByEmail(handle.db, email);
    if (command === 'create') {
      if (existing) fail(`An account for ${email} already exists; use reset-password.`);
      // A site without an owner (all removed by hand) gets one back; otherwise an administrator.
      const role = (await countOwners(handle.db)) === 0 ? 'owner' : 'admin';
      await createUser(handle.db, { email, passwordHash: await hashPassword(password), role });
      process.stdout.write(`${role === 'owner' ? 'Owner' : 'Administrator'} ${email} created.\n`);
    } else {
      if (!existing) fail(`No account for ${email}; use create.`);
      // A new password ends every session signed in with the old one.
      await resetPassword(handle.db, existing.id, await hashPassword(password));
      process.stdout.write(`Password of ${email} changed; its sessions were signed out.\n`);
    }
  } finally {
    await handle.destroy();
  }
}
