/**
 * The local bench's table: every row's wall time with its peak memory and CPU share, and what
 * the code change's release showed. The full build's cell adds the share-picture drawing's own
 * CPU share, from the rebuild's log: the run's share is mostly the API read and Astro's one page
 * at a time, and says nothing of whether the pictures were drawn on every core.
 */
import { cpuCell, memoryCell, type Peak } from './peak.ts';
import { secs } from './steps.ts';

/** A run's wall time and what it held at most. */
export interface Timed {
  seconds: number;
  peak: Peak | null;
}

/** What the build's share-picture line said: pictures drawn, and the CPU share while they drew. */
export interface DrawnPictures {
  drawn: number;
  /** Percent of one core; null when the line gave none (nothing drawn). */
  cpuPercent: number | null;
}

/** The first build: its run, and its share pictures (null when its log did not say). */
export interface FullBuild extends Timed {
  pictures: DrawnPictures | null;
}

/** The code change's figures (see code-change.ts). */
export interface CodeChangeCell extends Timed {
  switched: boolean;
  pages: number;
  missing: number;
  pictures: { restored: number; drawn: number };
}

export interface LocalRow {
  scale: number;
  pages: number;
  full: FullBuild;
  unchanged: Timed;
  oneChange: Timed;
  rendered: string;
  /** From publishing a new item to the API until `current` serves it everywhere (the poller's peak). */
  live: Timed;
  codeChange: CodeChangeCell | null;
}

const count = (n: number) => n.toLocaleString('en-US');

/** `51.1초 / 1.24 GB / 109%`. */
export function timedCell({ seconds, peak }: Timed): string {
  return `${secs(seconds)} / ${memoryCell(peak)} / ${cpuCell(peak)}`;
}

/**
 * The share-picture line of a rebuild's log (scripts/publish/rebuild/release/build-progress.ts),
 * the last one when it built more than once; null when there is none.
 */
export function readDrawnPictures(stdout: string): DrawnPictures | null {
  const line = [...stdout.matchAll(/ · 공유 이미지 ([\d,]+)개 새로 그림[^\n]*/g)].at(-1);
  if (!line) return null;
  const cpu = /그리는 동안 CPU (\d+)%/.exec(line[0]);
  return { drawn: Number(line[1]!.replaceAll(',', '')), cpuPercent: cpu ? Number(cpu[1]) : null };
}

/** `475.0초 / 1.77 GB / 180% · 그림 2,775개 CPU 172%`: the run, then its pictures' drawing. */
export function fullBuildCell(full: FullBuild): string {
  const { pictures } = full;
  const drawn = !pictures
    ? '그림 ?'
    : `그림 ${count(pictures.drawn)}개${pictures.cpuPercent === null ? '' : ` CPU ${pictures.cpuPercent}%`}`;
  return `${timedCell(full)} · ${drawn}`;
}

/** What the code change's release showed: the switch, the pages carrying the change, the pictures. */
export function codeCheckCell(change: CodeChangeCell | null): string {
  if (!change) return '—';
  const switched = change.switched ? '전환 ✔' : '전환 ✖';
  const carried = `${count(change.pages - change.missing)}/${count(change.pages)}쪽 ${change.missing === 0 ? '✔' : '✖'}`;
  const { restored, drawn } = change.pictures;
  return `${switched} · 새 CSS·문구 ${carried} · 공유 그림 복원 ${count(restored)} / 새로 그림 ${count(drawn)}`;
}

/** The Markdown table, one line per scale. */
export function localTable(rows: readonly LocalRow[], pollMs: number): string[] {
  const lines = [
    `| 콘텐츠 | 페이지 | 전체 빌드 | 변경 없음 | HR 이야기 1건 수정 | 1건 수정 시 렌더링 / 복원 | 새 글 게시 → 사이트 반영 (${pollMs / 1000}초 폴링) | 코드 변경 (SCSS 규칙 1개, UI 문구 1개) | 코드 변경 확인 |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const label = row.scale === 1 ? '우리 콘텐츠' : `${row.scale}배`;
    const cells = [
      label,
      count(row.pages),
      fullBuildCell(row.full),
      timedCell(row.unchanged),
      timedCell(row.oneChange),
      row.rendered,
      timedCell(row.live),
      row.codeChange ? timedCell(row.codeChange) : '—',
      codeCheckCell(row.codeChange),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

/** Said under the table: what the full build's picture figure is. */
export const LOCAL_TABLE_NOTE =
  '전체 빌드 칸의 "그림 N개 CPU P%"는 빌드가 공유 이미지를 그리는 동안(첫 그림을 맡긴 때부터 마지막 그림이 끝날 때까지) 빌드 프로세스가 쓴 CPU 시간을 벽시계로 나눈 값입니다 (작업 스레드 포함, 2코어를 다 쓰면 200%).';
