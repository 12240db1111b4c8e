/**
 * The local bench's table: every row's wall time with its peak memory and CPU share, and what
 * the code change's release showed.
 */
import { cpuCell, memoryCell, type Peak } from './peak.ts';
import { secs } from './steps.ts';

/** A run's wall time and what it held at most. */
export interface Timed {
  seconds: number;
  peak: Peak | null;
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
  full: Timed;
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
      timedCell(row.full),
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
