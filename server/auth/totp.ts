/**
 * Time-based one-time passwords (RFC 6238: SHA-1, six digits, 30-second
 * steps, as every authenticator app reads them) and the recovery codes that
 * stand in for the app when it is lost.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { lazyModule } from '../lazy-module.ts';

export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

// Only an enrolment draws a QR code: loaded then (server/lazy-module.ts). The
// share kit draws its codes with the same package, in the browser.
const loadQrCode = lazyModule('uqr', 'two-factor enrolment', () => import('uqr'));

/** One step either side: the phone's clock and the time to type the code. */
const WINDOW = 1;

/** `issuer` only names the account in the app: codes do not depend on it. */
function totpOf(secret: string, label: string, issuer = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits, base32) and what an authenticator app scans to add it. */
export async function newTotpEnrolment(
  label: string,
  issuer: string,
): Promise<{ secret: string; otpauth_url: string; qr_svg: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const otpauth_url = totpOf(secret, label, issuer).toString();
  const { renderSVG } = await loadQrCode();
  const qr_svg = renderSVG(otpauth_url, { ecc: 'M', border: 2 });
  return { secret, otpauth_url, qr_svg };
}

/**
 * The time step `code` belongs to, when it is the code of the current step
 * or one next to it; null otherwise. The caller must still refuse steps
 * already spent.
 */
export function totpStepOf(secret: string, code: string, nowMs = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret, '').validate({ token, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Lower-case letters and digits without look-alikes (0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7mq-2xpv-9hte`: close to 60 random bits each, too many to guess, so a plain hash keeps them safe. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** Typed codes match whatever their case, spaces or dashes. */
export function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}
