// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cpuShare, CpuWindow, drawingText, type CpuUsage } from './cpu-window.ts';

describe('cpuShare', () => {
  it('is user and system time over wall time, in percent of one core', () => {
    // 3 s of user and 0.44 s of system time (in µs) over 2 s of wall: 1.72 cores.
    const start = { user: 1_000_000, system: 500_000 };
    const end = { user: 4_000_000, system: 940_000 };
    expect(cpuShare(start, end, 2_000)).toBeCloseTo(172, 6);
  });

  it('counts only what was spent inside the window', () => {
    expect(cpuShare({ user: 9_000_000, system: 0 }, { user: 9_500_000, system: 0 }, 1_000)).toBeCloseTo(
      50,
      6,
    );
  });

  it('has no share for a window of no time', () => {
    expect(cpuShare({ user: 0, system: 0 }, { user: 10, system: 0 }, 0)).toBeNull();
  });
});

describe('CpuWindow', () => {
  /** A clock the test moves: `at(ms, cpuMs)` sets the wall time and the CPU time spent so far. */
  function fakeClock() {
    let ms = 0;
    let usage: CpuUsage = { user: 0, system: 0 };
    return {
      clock: { now: () => ms, usage: () => usage },
      at(wall: number, cpuMs: number) {
        ms = wall;
        usage = { user: cpuMs * 600, system: cpuMs * 400 };
      },
    };
  }

  it('runs from the first begin to the last end, whatever came before or between', () => {
    const { clock, at } = fakeClock();
    const window = new CpuWindow(clock);
    at(10_000, 10_000);
    window.begin();
    at(11_000, 12_000);
    window.begin();
    window.end();
    at(14_000, 16_000);
    window.end();
    // 6 s of CPU over 4 s.
    expect(window.figures()).toEqual({ percent: 150, seconds: 4 });
  });

  it('has no figures before anything began and finished', () => {
    const { clock } = fakeClock();
    const window = new CpuWindow(clock);
    expect(window.figures()).toBeNull();
    window.end();
    expect(window.figures()).toBeNull();
    window.begin();
    expect(window.figures()).toBeNull();
  });

  it('reads the process itself by default', () => {
    const window = new CpuWindow();
    window.begin();
    const until = performance.now() + 20;
    while (performance.now() < until);
    window.end();
    const figures = window.figures()!;
    expect(figures.seconds).toBeGreaterThan(0.015);
    expect(figures.percent).toBeGreaterThan(0);
  });
});

describe('drawingText', () => {
  it("ends the build's share-picture line with the share, the cores and the window", () => {
    expect(drawingText({ percent: 171.6, seconds: 41.27 }, 2)).toBe(
      ', 그리는 동안 CPU 172% (2코어 중), 41.3초',
    );
    expect(drawingText(null, 2)).toBe('');
  });
});
