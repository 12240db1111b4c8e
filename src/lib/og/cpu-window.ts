/**
 * Whether the share pictures of a build were drawn on every core: the build process's CPU time
 * over the wall time from the first draw handed to the pool to the last draw finished. The whole
 * build's share (the bench's `/usr/bin/time`) cannot tell: most of a first build is the API's
 * polite read and Astro rendering one page at a time, which leave the other cores idle anyway.
 * `process.cpuUsage()` is the process's, every thread counted, the pool's workers among them.
 */

/** A `process.cpuUsage()` reading: microseconds of user and of system time. */
export type CpuUsage = NodeJS.CpuUsage;

/**
 * The CPU time between two readings over `wallMs` of wall time, in percent of one core: 200 is
 * both of two cores busy all along. Null when no time passed (no share to speak of).
 */
export function cpuShare(start: CpuUsage, end: CpuUsage, wallMs: number): number | null {
  if (!(wallMs > 0)) return null;
  const cpuMs = (end.user - start.user + (end.system - start.system)) / 1000;
  return (cpuMs / wallMs) * 100;
}

type Reading = { ms: number; usage: CpuUsage };

/** A window of work: opened by its first `begin()`, closed by its latest `end()`. */
export class CpuWindow {
  private readonly clock: { now: () => number; usage: () => CpuUsage };
  private first: Reading | undefined;
  private last: Reading | undefined;

  /** `clock` is the process's own unless a test gives one (`now` in monotonic milliseconds). */
  constructor(clock = { now: () => performance.now(), usage: () => process.cpuUsage() }) {
    this.clock = clock;
  }

  begin(): void {
    this.first ??= this.read();
  }

  end(): void {
    if (this.first) this.last = this.read();
  }

  /** The CPU share (percent of one core) and length of the window; null until work finished in it. */
  figures(): { percent: number; seconds: number } | null {
    if (!this.first || !this.last) return null;
    const wallMs = this.last.ms - this.first.ms;
    const percent = cpuShare(this.first.usage, this.last.usage, wallMs);
    return percent === null ? null : { percent, seconds: wallMs / 1000 };
  }

  private read(): Reading {
    return { ms: this.clock.now(), usage: this.clock.usage() };
  }
}

/** `, 그리는 동안 CPU 172% (2코어 중), 41.3초`, for the end of the build's share-picture line. */
export function drawingText(figures: ReturnType<CpuWindow['figures']>, cores: number): string {
  if (!figures) return '';
  return `, 그리는 동안 CPU ${Math.round(figures.percent)}% (${cores}코어 중), ${figures.seconds.toFixed(1)}초`;
}
