/**
 * Valid by the standards' own checkers: the W3C Nu HTML Checker over every page of the build
 * the Playwright web server made (one run of `vnu.jar` for the whole `dist/`), failing on any
 * error. The only messages let through are the checker's CSS grammar gaps of
 * support/nu-checker.ts, each matched on its own declaration; a second run on the fixture pages
 * of tests/fixtures/conformance shows that a script after `</html>` and any other CSS error
 * still fail. These read files only, so they run once (desktop project).
 */
import { fileURLToPath } from 'node:url';
import { test, expect } from './support/test.ts';
import { builtPages, distDir } from './support/built-site.ts';
import {
  describeMessages,
  hasJava,
  isError,
  KNOWN_CSS_GAPS,
  KNOWN_HTML_GAPS,
  knownGapOf,
  runNuChecker,
  sitePath,
  type NuMessage,
} from './support/nu-checker.ts';

const fixtures = fileURLToPath(new URL('../fixtures/conformance', import.meta.url));

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', '파일만 읽는 검사라 한 번만 실행합니다.');
  expect(hasJava(), 'Java가 없습니다: sudo apt-get install -y default-jre-headless').toBe(true);
});

/** `count × message` lines, most frequent first; quoted addresses are folded into `“…”`. */
function tally(messages: NuMessage[]): string {
  const counts = new Map<string, number>();
  for (const m of messages) {
    const message = m.message.replace(/image “[^”]*”/, 'image “…”');
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([message, count]) => `  ${count} × ${message.length > 160 ? `${message.slice(0, 160)}…` : message}`)
    .join('\n');
}

test('Nu HTML 검사기: 빌드된 모든 페이지에 오류가 없다', async () => {
  test.setTimeout(180_000);
  const pages = builtPages();
  const messages = runNuChecker([distDir]);
  const errors = messages.filter(isError);
  const unexplained = errors.filter((m) => !knownGapOf(m));
  const filtered = errors.filter((m) => knownGapOf(m));
  const warnings = messages.filter((m) => m.type === 'info' && m.subType === 'warning');

  console.log(
    `Nu HTML 검사기: ${pages.length}쪽, 오류 ${unexplained.length}, 검사기의 오래된 규칙 탓으로 거른 메시지 ${filtered.length}, 경고 ${warnings.length}`,
  );
  for (const gap of [...KNOWN_CSS_GAPS, ...KNOWN_HTML_GAPS]) {
    const hits = filtered.filter((m) => knownGapOf(m) === gap);
    console.log(
      `  거름 · ${gap.name}: ${hits.length}건 (${new Set(hits.map((m) => sitePath(m.url, distDir))).size}쪽) — ${gap.reason}`,
    );
  }
  if (warnings.length > 0) console.log(`경고 (실패 아님):\n${tally(warnings)}`);

  // A fatal error (`Cannot recover after last error`) is an error too: the page was not read to its end.
  expect(unexplained, describeMessages(unexplained, distDir)).toEqual([]);
  expect(pages.length).toBeGreaterThan(50);
});

test('빌드된 모든 페이지가 </html>로 끝난다 (그 뒤의 스크립트는 검사기를 멈춘다)', () => {
  const late = builtPages().filter(({ html }) => !/<\/html>\s*$/.test(html));
  expect(
    late.map(
      ({ path, html }) =>
        `${path}: …${html.slice(html.lastIndexOf('</html>'), html.lastIndexOf('</html>') + 80)}`,
    ),
  ).toEqual([]);
});

test('검사기 자체 점검: </html> 뒤의 스크립트와 거르지 않는 CSS 오류는 실패로 남는다', () => {
  test.setTimeout(60_000);
  const messages = runNuChecker([fixtures]);
  const errorsOf = (file: string) =>
    messages.filter((m) => m.url.endsWith(`/${file}`) && isError(m) && !knownGapOf(m)).map((m) => m.message);

  expect(errorsOf('script-after-html.html')).toEqual([
    'Stray start tag “script”.',
    'Cannot recover after last error. Any further errors will be ignored.',
  ]);
  // `container-type` and the `cqi` declaration are the checker's gaps; a misspelt property and a
  // broken calc() in a custom property (the same message as the `cqi` one) are not.
  expect(errorsOf('css-gaps.html')).toEqual([
    "CSS: “widht”: Property “widht” doesn't exist.",
    'CSS: “--broken-width”: Parse Error.',
  ]);
  const gaps = messages
    .filter((m) => m.url.endsWith('/css-gaps.html') && knownGapOf(m))
    .map((m) => knownGapOf(m)!.name);
  expect(gaps).toEqual(['container-type', 'container query units']);
  // `blocking` on an expect link is the checker's gap; on a preload link it is an error still.
  expect(errorsOf('html-gaps.html')).toEqual([
    'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.',
  ]);
  expect(
    messages
      .filter((m) => m.url.endsWith('/html-gaps.html') && knownGapOf(m))
      .map((m) => knownGapOf(m)!.name),
  ).toEqual(['rel=expect']);
});
