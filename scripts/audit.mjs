#!/usr/bin/env node
/**
 * `npm run audit`: fails when a production dependency has a known advisory of
 * high or critical severity (`npm audit --omit=dev`). When the registry's
 * advisory service cannot be asked (offline, or a mirror without it), it says
 * so plainly and exits 0: nothing was checked, and nothing is claimed.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const SERIOUS = new Set(['high', 'critical']);

/**
 * Reads the JSON report of `npm audit --json` (npm 7 and later).
 * @returns {{ exitCode: number, lines: string[] }}
 */
export function judgeAuditReport(report) {
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = report?.message ?? report?.error?.summary ?? 'no advisory data in the answer';
    return { exitCode: 0, lines: [`npm audit: NOT CHECKED, the advisory service could not be reached: ${reason}`] };
  }
  const levels = ['critical', 'high', 'moderate', 'low', 'info'];
  const lines = [`npm audit (production dependencies): ${levels.map((level) => `${counts[level] ?? 0} ${level}`).join(', ')}`];
  const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, found]) => SERIOUS.has(found.severity));
  for (const [name, found] of serious) {
    const titles = (found.via ?? []).filter((via) => typeof via === 'object' && via.title).map((via) => via.title);
    lines.push(`  ${found.severity}: ${name} ${found.range ?? ''} ${titles.join('; ')}`.trimEnd());
  }
  return { exitCode: serious.length > 0 ? 1 : 0, lines };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    console.error(`npm audit gave no report (exit ${run.status}):\n${run.stderr}`);
    process.exit(1);
  }
  const { exitCode, lines } = judgeAuditReport(report);
  for (const line of lines) console.log(line);
  process.exit(exitCode);
}
