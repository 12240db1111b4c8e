/**
 * What a long `astro build` is doing, for the rebuild's progress lines: which phase Astro is in
 * (from its own log lines), and once it writes pages, how many of the expected outputs are done
 * and about how long the rest will take. At 50 times our content a build runs for minutes; a
 * maintainer watching the nightly log must see it move, and a stuck one must look stuck.
 */

/** Astro's log lines that open a phase (Astro 7.3's wording), and the phase as the log names it. */
const PHASES: readonly [RegExp, string][] = [
  [/Collecting build info/, '빌드 준비 (콘텐츠 읽기)'],
  [/Building \S+ entrypoints/, '코드 묶는 중'],
  [/(generating|rendering) static routes/, '페이지 생성 중'],
  [/generating optimized images/, '이미지 최적화 중'],
];

/**
 * Astro's line that closes its own work, once pages (and images) are written: what follows is the
 * integrations' `astro:build:done` hooks, which edit every built page (seconds at 50 times our
 * content). Without a line of its own that time read as image optimisation, which takes
 * milliseconds when every picture is restored.
 */
const STATIC_BUILD_DONE = /\[build\] ✓ Completed in/;
const FINISHING = '페이지 마무리 중 (통합의 빌드 후 처리)';

const PAGE_LINE = /├─\s+\S+\s+\((restored|cached|\+[^)]*)\)/;

/**
 * The build's share-picture line (src/lib/og/share-pictures.ts), said once the build is done:
 * pictures drawn and restored, and while they drew, the CPU share of the build process. Shown
 * among the rebuild's own lines, since only it tells whether a first build's pictures were drawn
 * on every core (the bench reads it from there: scripts/bench-rebuild/local-table.ts).
 */
const SHARE_PICTURES_LINE = /공유 이미지: 새로 그림 (\d+)개 (\(스레드 \d+개\)), 저장소에서 (\d+)개(.*)$/;

/** A page line at most this often, and one at every tenth of the pages done. */
const EVERY_MS = 30_000;

export interface BuildProgressOptions {
  /**
   * Outputs the build is expected to write (the route list's length), or how to know it when the
   * pages start: the list is made while the build starts (build-release.ts).
   */
  expected: number | (() => number);
  /** Called with each progress message. */
  report: (message: string) => void;
  now?: () => number;
}

/** `4분 10초`, `35초`. */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}분 ${seconds % 60}초` : `${seconds}초`;
}

/**
 * The build's share-picture line as a progress message, its counts written out:
 * `공유 이미지 2,775개 새로 그림 (스레드 2개), 저장소에서 0개, 그리는 동안 CPU 172% (2코어 중), 41.3초`;
 * null for any other line.
 */
export function sharePicturesMessage(line: string): string | null {
  const match = SHARE_PICTURES_LINE.exec(line);
  if (!match) return null;
  const [, drawn, threads, restored, rest] = match as unknown as [string, string, string, string, string];
  const count = (n: string) => Number(n).toLocaleString('ko-KR');
  return `공유 이미지 ${count(drawn)}개 새로 그림 ${threads}, 저장소에서 ${count(restored)}개${rest.trimEnd()}`;
}

/** Reads Astro's output lines one by one and reports the phases and the pages' progress. */
export function createBuildProgress({ expected: expectedOf, report, now = Date.now }: BuildProgressOptions) {
  const expectedNow = typeof expectedOf === 'number' ? () => expectedOf : expectedOf;
  let expected = 0;
  let pages = 0;
  let pagesStarted = 0;
  let lastReport = 0;
  let lastTenth = 0;
  // Astro says "Completed" after each of its steps; only the one after the pages opens the hooks.
  let pagesPhase = false;
  let finishing = false;

  const reportPages = (time: number) => {
    const share = pages / expected;
    const perPage = (time - pagesStarted) / (pages - 1);
    const left = Math.max(0, expected - pages) * perPage;
    report(
      `페이지 ${pages.toLocaleString('ko-KR')}/${expected.toLocaleString('ko-KR')} (${Math.floor(share * 100)}%)` +
        (pages < expected ? `, 남은 시간 약 ${formatRemaining(left)}` : ''),
    );
    lastReport = time;
  };

  return {
    line(raw: string): void {
      const line = raw.replace(/\u001b\[[0-9;]*m/g, '');
      const phase = PHASES.find(([pattern]) => pattern.test(line));
      if (phase) report(phase[1]);
      const pictures = sharePicturesMessage(line);
      if (pictures) report(pictures);
      if (phase?.[1] === '페이지 생성 중') pagesPhase = true;
      else if (pagesPhase && !finishing && STATIC_BUILD_DONE.test(line)) {
        finishing = true;
        report(FINISHING);
      }
      if (!PAGE_LINE.test(line)) return;
      const time = now();
      if (pages === 0) {
        pagesStarted = lastReport = time;
        expected = expectedNow();
      }
      pages++;
      const tenth = expected > 0 ? Math.floor((pages / expected) * 10) : 0;
      if (expected > 0 && (tenth > lastTenth || time - lastReport >= EVERY_MS) && pages > 1) {
        lastTenth = tenth;
        reportPages(time);
      }
    },
  };
}
