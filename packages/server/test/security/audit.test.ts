import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../../..');

interface AuditReport {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[]; range?: string }>;
  error?: { code?: string; summary?: string; detail?: string };
  message?: string;
  statusCode?: number;
}

/** `npm audit --omit=dev` of the whole workspace (the server's and the app bundle's production dependencies). */
function audit(): Promise<{ report: AuditReport | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['audit', '--omit=dev', '--audit-level=high', '--json'],
      { cwd: ROOT, timeout: 90_000, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, npm_config_fund: 'false' } },
      (_error, stdout, stderr) => {
        // npm audit exits non-zero both when it finds something and when it cannot ask: the JSON tells which.
        try {
          resolve({ report: JSON.parse(stdout) as AuditReport, output: stdout });
        } catch {
          resolve({ report: null, output: `${stdout}\n${stderr}` });
        }
      },
    );
  });
}

/**
 * [ASVS 14.2.1] No high or critical advisory in production dependencies.
 * When the registry's advisory endpoint cannot be asked (an offline mirror answers 405/404, no network), nothing was
 * verified: the test is marked skipped with the reason, never passed. Where the endpoint is reachable and the audit is
 * required (REQUIRE_NPM_AUDIT=1, as the GitHub workflow sets) it fails instead. Plain CI on this project's machines
 * cannot reach it (the registry answers 405), so CI alone does not make it fail.
 */
describe('security: dependencies', () => {
  it('[ASVS 14.2.1] npm audit --omit=dev reports no high or critical advisory in production dependencies', async (context) => {
    const { report, output } = await audit();
    const unreachable =
      report === null ||
      report.error !== undefined ||
      report.statusCode !== undefined ||
      report.metadata?.vulnerabilities === undefined;
    if (unreachable) {
      const reason = `npm audit could not reach the registry's advisory endpoint, so production dependencies were NOT audited: ${(
        report?.error?.summary ||
        report?.message ||
        output
      )
        .trim()
        .split('\n')[0]
        ?.slice(0, 300)}`;
      if (process.env.REQUIRE_NPM_AUDIT) throw new Error(reason);
      console.warn(`\n[security] ${reason}\n`);
      context.skip(reason);
      return;
    }
    const counts = report.metadata?.vulnerabilities ?? {};
    const serious = Object.entries(report.vulnerabilities ?? {})
      .filter(([, entry]) => entry.severity === 'high' || entry.severity === 'critical')
      .map(([name, entry]) => `${name} (${entry.severity}${entry.range ? `, ${entry.range}` : ''})`);
    expect(serious, `high/critical advisories: ${serious.join(', ')}`).toEqual([]);
    expect((counts.high ?? 0) + (counts.critical ?? 0)).toBe(0);
  }, 120_000);
});
