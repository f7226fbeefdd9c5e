/** How a sign-in's browser is named to its owner: "Chrome 131 on macOS". */
import { UAParser } from 'ua-parser-js';

export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = UAParser(userAgent);
  const name = browser.name ? [browser.name, browser.major].filter(Boolean).join(' ') : undefined;
  const system = os.name ? [os.name, os.name === 'macOS' ? undefined : os.version?.split('.')[0]].filter(Boolean).join(' ') : undefined;
  if (name && system) return `${name} on ${system}`;
  return name ?? system ?? 'Unknown device';
}
