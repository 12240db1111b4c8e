/**
 * The MDN HTTP Observatory (`@mdn/mdn-http-observatory`), run locally through its own command
 * line (`src/scan.js`, what its `mdn-http-observatory-scan` wrapper starts) and graded with its
 * own tables.
 *
 * Two things the package's install step would have done are done here instead, because its
 * `postinstall` downloads data from hosts this project's machines cannot reach (denied in
 * package.json's `allowScripts`):
 * - Chromium's HSTS preload list (`conf/hsts-preload.json`): an empty list is written when the
 *   file is missing. A loopback address is on no preload list, so the scan is the same.
 * - Mozilla's intermediate certificates: its wrapper points `NODE_EXTRA_CA_CERTS` at them; here
 *   the scanning process trusts exactly the certificate of the test's HTTPS front instead.
 */
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { contentSecurityPolicyTest } from '@mdn/mdn-http-observatory/src/analyzer/tests/csp.js';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
import { getGradeForScore, getScoreModifier } from '@mdn/mdn-http-observatory/src/grader/grader.js';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@mdn/mdn-http-observatory/package.json'));

export interface ObservatoryTest {
  pass: boolean;
  result: string;
  scoreModifier: number;
  data?: unknown;
}

export interface ObservatoryReport {
  scan: {
    grade: string;
    score: number;
    statusCode: number;
    testsFailed: number;
    responseHeaders: Record<string, string>;
  };
  tests: Record<string, ObservatoryTest>;
}

/**
 * Scans `host` (`127.0.0.1:PORT`: `http://` and `https://` at that port) with the Observatory's
 * command line. Asynchronous: the server it scans may run in this very process.
 */
export async function observatoryScan(host: string, trustedCertFile?: string): Promise<ObservatoryReport> {
  const preloadList = join(packageDir, 'conf', 'hsts-preload.json');
  if (!existsSync(preloadList)) writeFileSync(preloadList, '{}\n');
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: trustedCertFile ?? '' };
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve) => {
    // It exits 1 with `{"error": …}` on its standard output when the site cannot be scanned.
    execFile(
      process.execPath,
      [join(packageDir, 'src', 'scan.js'), host],
      { env, timeout: 90_000, maxBuffer: 16 << 20 },
      (_error, out, err) => resolve({ stdout: out, stderr: err }),
    );
  });
  // jsdom's complaints about CSS it cannot parse go to standard error and do not change the scan.
  const report = JSON.parse(stdout || '{}') as ObservatoryReport | { error?: string };
  if (!('scan' in report)) throw new Error(`Observatory: ${('error' in report && report.error) || stderr}`);
  return report;
}

/** Grade and score from per-test modifiers, the way the Observatory's scanner adds them up. */
export function gradeOf(modifiers: number[]): { grade: string; score: number } {
  const withExtraCredit = 100 + modifiers.reduce((sum, m) => sum + m, 0);
  const uncurved = 100 + modifiers.filter((m) => m < 0).reduce((sum, m) => sum + m, 0);
  return getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
}

/**
 * The Observatory's CSP test on the page's two policies read as the one policy a browser
 * enforces. The site sends `frame-ancestors` as a header and everything else in a `<meta>`
 * policy; no directive is in both, so enforcing both is enforcing their union. The scanner
 * (1.4.8) merges several policies by keeping only sources that the first one also lists, so
 * every directive that only the second policy has comes out as `'none'` and the site is
 * credited with `default-src 'none'` (+10) that it does not have.
 */
export function cspAsOnePolicy(
  headerPolicy: string,
  metaPolicy: string,
  url: string,
): { result: string; modifier: number } {
  const directives = (policy: string) =>
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/)[0]?.toLowerCase())
      .filter((name): name is string => Boolean(name));
  const shared = directives(headerPolicy).filter((name) => directives(metaPolicy).includes(name));
  if (shared.length > 0) throw new Error(`Directives in both policies: ${shared.join(', ')}`);
  const output = contentSecurityPolicyTest({
    responses: {
      auto: {
        headers: { 'content-security-policy': `${headerPolicy}; ${metaPolicy}` },
        httpEquiv: new Map([['content-security-policy', []]]),
      },
    },
    session: { url: new URL(url) },
  });
  return { result: output.result ?? 'none', modifier: getScoreModifier(output.result ?? '') };
}
