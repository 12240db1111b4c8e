/**
 * Whether the share pictures of a build were drawn on every core: the build process's CPU time
 * over the wall time from the first draw handed to the pool to the last draw finished. The whole
 * build's share (the bench's `/usr/bin/time`) cannot tell: most of a first build is the API's
 * polite read and Astro rendering one page at a time, which leave the other cores idle anyway.
 * `process.cpuUsage()` is the process's, every thread counted, the pool's workers among them.
 */

/** A `process.cpuUsage()` reading: microseconds of user and of system time. */
export interface CpuUsage {
  user: number;
  system: number;
}

/**
 * The CPU time between two readings over `wallMs` of wall time, in percent of one core: 200 is
 * both of two cores busy all along. Null when no time passed (no share to speak of).
 */
export function cpuShare(start: CpuUsage, end: CpuUsage, wallMs: number): number | null {
  if (!(wallMs > 0)) return null;
  const cpuMs = (end.user - start.user + (end.system - start.system)) / 1000;
  return (cpuMs / wallMs) * 100;
}

/** The drawing window's figures. */
export interface CpuWindowFigures {
  /** CPU share, in percent of one core. */
  percent: number;
  /** Wall time of the window. */
  seconds: number;
}

/** Where a window reads its time from; the process's own unless a test gives its own. */
export interface CpuClock {
  /** Milliseconds, monotonic. */
  now: () => number;
  usage: () => CpuUsage;
}

const processClock: CpuClock = { now: () => performance.now(), usage: () => process.cpuUsage() };

interface Reading {
  ms: number;
  usage: CpuUsage;
}

/** A window of work: opened by its first `begin()`, closed by its latest `end()`. */
export class CpuWindow {
  private readonly clock: CpuClock;
  private first: Reading | undefined;
  private last: Reading | undefined;

  constructor(clock: CpuClock = processClock) {
    this.clock = clock;
  }

  /** A piece of work starts: the window opens with the first one. */
  begin(): void {
    this.first ??= this.read();
  }

  /** A piece of work finished: the window runs at least until now. */
  end(): void {
    if (this.first) this.last = this.read();
  }

  /** The share and length of the window; null until a piece of work has finished in it. */
  figures(): CpuWindowFigures | null {
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
export function drawingText(figures: CpuWindowFigures | null, cores: number): string {
  if (!figures) return '';
  return `, 그리는 동안 CPU ${Math.round(figures.percent)}% (${cores}코어 중), ${figures.seconds.toFixed(1)}초`;
}
