import { lazyModule } from '../lazy-module.ts';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// Loaded on the first password hashed or checked (server/lazy-module.ts): pages never need it.
const loadArgon2 = lazyModule('@node-rs/argon2', 'password hashing', () => import('@node-rs/argon2'));

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // Outside the try: argon2 missing is the server's fault, never a wrong password.
  const { verify } = await loadArgon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against a real hash when the e-mail is unknown keeps the
// response time the same, so timing does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
