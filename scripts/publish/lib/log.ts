/**
 * Progress lines of the rebuild, in Korean, each with the time since the run started, so a
 * nightly log shows where the time went (`[  3.2초] 스냅샷 · HR 이야기 상세 33/33`).
 *
 * Messages carry content (ids, titles, addresses from articles), and a CI log reads every
 * line that starts with `::` as a workflow command: each message is written as exactly one
 * line, its control characters escaped (see `oneLine`).
 */
import { oneLine } from '../../../src/lib/content/one-line.ts';

/** Writes progress lines; `phase` groups them (스냅샷, 변경 감지, 빌드, 검증, 게시). */
export interface Progress {
  /** A progress line for `phase`. */
  step(phase: string, message: string): void;
  /** A failure line on stderr (in a quiet run, after the lines held so far). */
  fail(message: string): void;
  /** Seconds since the run started. */
  elapsed(): number;
  /** True while a quiet run holds its lines back. */
  readonly quiet: boolean;
  /** Ends the quiet: the held lines are written, and every later one as it comes. */
  reveal(): void;
}

/**
 * A progress writer whose clock starts now. A `quiet` one (the polls of `--every`) holds its
 * lines until `reveal()` or a failure, so a poll that finds nothing new costs one log line.
 */
export function createProgress(
  write: (line: string) => void = console.log,
  writeError: (line: string) => void = console.error,
  { quiet = false }: { quiet?: boolean } = {},
): Progress {
  const start = performance.now();
  const elapsed = () => (performance.now() - start) / 1000;
  const stamp = () => `[${elapsed().toFixed(1).padStart(6)}초]`;
  let held: string[] | null = quiet ? [] : null;
  const reveal = () => {
    if (held === null) return;
    for (const line of held) write(line);
    held = null;
  };
  return {
    step: (phase, message) => {
      const line = oneLine(`${stamp()} ${phase} · ${message}`);
      if (held) held.push(line);
      else write(line);
    },
    fail: (message) => {
      reveal();
      writeError(oneLine(`${stamp()} 실패 · ${message}`));
    },
    elapsed,
    get quiet() {
      return held !== null;
    },
    reveal,
  };
}
