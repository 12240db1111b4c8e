/**
 * The MDN HTTP Observatory against `npm start`'s static server (scripts/lib/static-server.ts,
 * the headers of public/_headers), the server the Playwright web server runs.
 *
 * The Observatory takes a host name, and `127.0.0.1:PORT` works: it fetches `http://` and
 * `https://` at that port. Served over plain HTTP, two of its ten tests can only fail
 * (no redirect to HTTPS, and HSTS, which browsers ignore over HTTP); those are the static
 * host's part, so the grade is taken behind a front that does what the host does
 * (support/host-front.ts: HTTPS, HTTP redirected to it) and passes every request to the same
 * server unchanged. Both scans are printed.
 */
import { mkdirSync } from 'node:fs';
import { test, expect } from './support/test.ts';
import { attrOf, decodeEntities } from './support/built-site.ts';
import { makeCertificate, startHostFront } from './support/host-front.ts';
import { cspAsOnePolicy, gradeOf, observatoryScan, type ObservatoryReport } from './support/observatory.ts';
import { cspDirectives } from '../../src/lib/security/csp.ts';

/** The content API as production configures it (`PUBLIC_CONTENT_API_URL`, HTTPS). */
const PRODUCTION_API = 'https://api.insighthire.example';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', '응답 헤더만 읽는 검사라 한 번만 실행합니다.');
});

function printReport(label: string, report: ObservatoryReport): void {
  console.log(`MDN HTTP Observatory · ${label}: ${report.scan.grade} (${report.scan.score}점)`);
  for (const [name, result] of Object.entries(report.tests)) {
    const modifier = result.scoreModifier > 0 ? `+${result.scoreModifier}` : String(result.scoreModifier);
    console.log(
      `  ${result.pass ? '통과' : '실패'}  ${name.padEnd(30)} ${modifier.padStart(3)}  ${result.result}`,
    );
  }
}

test('MDN HTTP Observatory: 정적 호스트처럼 HTTPS 뒤에 둔 사이트는 A+', async ({
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const dir = testInfo.outputPath('observatory');
  mkdirSync(dir, { recursive: true });
  const certificate = makeCertificate(dir);
  const front = await startHostFront(baseURL!, certificate);
  try {
    const report = await observatoryScan(front.host, certificate.certFile);
    printReport(`https://${front.host} (HTTPS, HTTP는 HTTPS로 보냄)`, report);

    // Its own sum, redone from its table: gradeOf below adds up modifiers the same way.
    expect(gradeOf(Object.values(report.tests).map((t) => t.scoreModifier))).toEqual({
      grade: report.scan.grade,
      score: report.scan.score,
    });

    // The CSP test again, on the two policies read as one, as a browser enforces them
    // (see cspAsOnePolicy): first this build's, then the same page's policy as a production
    // build writes it. The test build's API is the local reference server over plain HTTP, and
    // its origin is in `connect-src`: on an HTTPS page that is an insecure scheme (-20), which a
    // production build, whose PUBLIC_CONTENT_API_URL is HTTPS, does not have.
    const home = await (await request.get('/')).text();
    const metaPolicy = decodeEntities(
      attrOf(home, /<meta http-equiv="content-security-policy"[^>]*>/, 'content') ?? '',
    );
    const headerPolicy = report.scan.responseHeaders['content-security-policy'] ?? '';
    expect(headerPolicy).toBe("frame-ancestors 'none'");
    const buildApi = /connect-src 'self' (http:\/\/127\.0\.0\.1:\d+);/.exec(metaPolicy)?.[1];
    expect(buildApi, metaPolicy).toBeTruthy();
    const builtDirectives = cspDirectives(buildApi).join(';');
    expect(metaPolicy.startsWith(builtDirectives), metaPolicy).toBe(true);
    const productionPolicy =
      cspDirectives(PRODUCTION_API).join(';') + metaPolicy.slice(builtDirectives.length);

    const gradeWith = (label: string, policy: string) => {
      const csp = cspAsOnePolicy(headerPolicy, policy, `https://${front.host}/`);
      const modifiers = Object.entries(report.tests).map(([name, t]) =>
        name === 'content-security-policy' ? csp.modifier : t.scoreModifier,
      );
      const grade = gradeOf(modifiers);
      console.log(
        `  CSP (${label}): ${csp.result} (${csp.modifier >= 0 ? '+' : ''}${csp.modifier}) → ${grade.grade} (${grade.score}점)`,
      );
      return { ...grade, result: csp.result };
    };
    const testBuild = gradeWith(`이 빌드, API ${buildApi}`, metaPolicy);
    const production = gradeWith(`운영 빌드, API ${PRODUCTION_API}`, productionPolicy);
    console.log(
      `MDN HTTP Observatory 등급 (운영 빌드의 헤더와 정책): ${production.grade} (${production.score}점)`,
    );

    expect(report.scan.statusCode).toBe(200);
    expect(Object.entries(report.tests).filter(([, t]) => !t.pass)).toEqual([]);
    expect(testBuild.result).toBe('csp-implemented-with-insecure-scheme');
    // No 'unsafe-inline' anywhere: styles are hashed too (src/integrations/finish-pages/merge-styles.ts).
    const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(productionPolicy)?.[1] ?? '';
    expect(styleSrc, productionPolicy).toMatch(/^'self'/);
    expect(styleSrc).not.toContain("'unsafe-inline'");
    expect(production.result).toMatch(/^csp-implemented-with-no-unsafe/);
    expect(production.grade).toBe('A+');
  } finally {
    await front.close();
  }
});

test('MDN HTTP Observatory: 평문 HTTP로는 전송 두 항목(HTTPS 리디렉션, HSTS)만 실패한다', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const report = await observatoryScan(new URL(baseURL!).host);
  printReport(`${baseURL} (평문 HTTP, TLS 없음)`, report);
  const failed = Object.entries(report.tests)
    .filter(([, t]) => !t.pass)
    .map(([name, t]) => `${name}: ${t.result}`);
  expect(failed.sort()).toEqual([
    'redirection: redirection-missing',
    'strict-transport-security: hsts-not-implemented-no-https',
  ]);
});
