import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without type declarations.
import { judgeAuditReport } from '../../scripts/audit.mjs';

type Judge = (report: unknown) => { exitCode: number; lines: string[] };
const judge = judgeAuditReport as Judge;

const report = (vulnerabilities: Record<string, { severity: string; range?: string; via?: unknown[] }>) => ({
  auditReportVersion: 2,
  vulnerabilities,
  metadata: {
    vulnerabilities: Object.values(vulnerabilities).reduce<Record<string, number>>(
      (counts, { severity }) => ({ ...counts, [severity]: (counts[severity] ?? 0) + 1 }),
      {},
    ),
  },
});

describe('npm run audit', () => {
  it('passes a clean report', () => {
    const result = judge(report({}));
    expect(result.exitCode).toBe(0);
    expect(result.lines[0]).toBe('npm audit (production dependencies): 0 critical, 0 high, 0 moderate, 0 low, 0 info');
  });

  it('passes moderate and low advisories, listing their counts', () => {
    const result = judge(report({ a: { severity: 'moderate' }, b: { severity: 'low' } }));
    expect(result.exitCode).toBe(0);
    expect(result.lines[0]).toContain('1 moderate, 1 low');
  });

  it('fails on a high or critical advisory and names the package', () => {
    const result = judge(
      report({
        'some-lib': { severity: 'high', range: '<2.0.1', via: [{ title: 'Prototype pollution in some-lib' }] },
        'other-lib': { severity: 'critical', via: ['some-lib'] },
      }),
    );
    expect(result.exitCode).toBe(1);
    expect(result.lines).toContain('  high: some-lib <2.0.1 Prototype pollution in some-lib');
    expect(result.lines).toContain('  critical: other-lib');
  });

  it('says plainly that nothing was checked when the advisory service refuses', () => {
    const result = judge({ message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk' });
    expect(result.exitCode).toBe(0);
    expect(result.lines[0]).toMatch(/^npm audit: NOT CHECKED, the advisory service could not be reached: 405/);
  });
});
