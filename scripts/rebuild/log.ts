/**
 * Progress lines of the rebuild, in Korean, each with the time since the run started, so a
 * nightly log shows where the time went (`[  3.2초] 스냅샷 · HR 이야기 상세 33/33`).
 */

/** Writes progress lines; `phase` groups them (스냅샷, 변경 감지, 빌드, 검증, 게시). */
export interface Progress {
  /** A progress line for `phase`. */
  step(phase: string, message: string): void;
  /** A failure line on stderr. */
  fail(message: string): void;
  /** Seconds since the run started. */
  elapsed(): number;
}

/** A progress writer whose clock starts now. */
export function createProgress(write: (line: string) => void = console.log, writeError: (line: string) => void = console.error): Progress {
  const start = performance.now();
  const elapsed = () => (performance.now() - start) / 1000;
  const stamp = () => `[${elapsed().toFixed(1).padStart(6)}초]`;
  return {
    step: (phase, message) => write(`${stamp()} ${phase} · ${message}`),
    fail: (message) => writeError(`${stamp()} 실패 · ${message}`),
    elapsed,
  };
}
