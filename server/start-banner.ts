/**
 * What a person who just ran `npm start` needs on the screen: where the site
 * and the back office are and, on the very first start, how to sign in.
 * Plain text on stdout next to the JSON log lines, never a log event: the
 * generated password must not reach log storage.
 */
import { SITE_NAME } from '../common/site.ts';

export interface FirstAdmin {
  email: string;
  password: string;
}

/** The address a browser on this machine opens for a server listening on `host`. */
export function localOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

export function startBanner({
  origin,
  firstAdmin,
  siteName = SITE_NAME,
}: {
  origin: string;
  firstAdmin?: FirstAdmin;
  /** The name the owner saved in the site settings. */
  siteName?: string;
}): string {
  const lines = [
    '',
    `  ${siteName} is running.`,
    '',
    `  Site:         ${origin}/`,
    `  Back office:  ${origin}/admin`,
  ];
  if (firstAdmin) lines.push('', firstAdminNotice(firstAdmin).trimEnd());
  lines.push('', '  Stop with Ctrl+C.', '', '');
  return lines.join('\n');
}

/** The generated sign-in, alone: also shown when the server fails to start after creating it. */
export function firstAdminNotice(firstAdmin: FirstAdmin): string {
  return [
    '  Sign in to the back office with the administrator created on this first start:',
    `    Email:     ${firstAdmin.email}`,
    `    Password:  ${firstAdmin.password}   (shown once: note it now)`,
    `  Change it with: npm run admin -- reset-password --email ${firstAdmin.email}`,
    '',
  ].join('\n');
}

/**
 * Whether the banner is printed: always for `npm start` (the demo), and in
 * production only on the start that generated a password, which must be
 * shown once; otherwise the operator's logs stay JSON lines only.
 */
export function shouldPrintBanner({ demo, firstAdmin }: { demo: boolean; firstAdmin?: FirstAdmin }): boolean {
  return demo || firstAdmin !== undefined;
}
