import { describe, expect, it } from 'vitest';
import {
  benchmarkIndexOf,
  calibrate,
  closestRuns,
  describeCalibration,
  MAX_MULTIPLIER,
  parseCpuOption,
  runMatchesCalibration,
  simulatedIndex,
  TARGET_BENCHMARK_INDEX,
} from './cpu-calibration.ts';

describe('calibrate', () => {
  it('divides the host index by the target, so every host simulates the same phone', () => {
    expect(TARGET_BENCHMARK_INDEX).toBe(330);
    expect(calibrate(1320)).toEqual({ hostIndex: 1320, multiplier: 4, source: 'calibrated', clamped: null });
    expect(calibrate(3200).multiplier).toBe(9.7);
    expect(calibrate(1100).multiplier).toBe(3.33);
    for (const host of [1100, 1600, 3200]) {
      const { multiplier } = calibrate(host);
      expect(simulatedIndex(host, multiplier)).toBeCloseTo(330, 0);
    }
    expect(calibrate(1000, 500).multiplier).toBe(2);
  });

  it('never speeds a slow host up and caps a very fast one', () => {
    expect(calibrate(200)).toMatchObject({ multiplier: 1, clamped: 'low' });
    expect(calibrate(330)).toMatchObject({ multiplier: 1, clamped: null });
    expect(calibrate(100_000)).toMatchObject({ multiplier: MAX_MULTIPLIER, clamped: 'high' });
  });

  it('refuses an index that is not a positive number', () => {
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => calibrate(bad)).toThrow(/benchmarkIndex/);
  });
});

describe('parseCpuOption', () => {
  it('reads a multiplier within the limits, or nothing', () => {
    expect(parseCpuOption(undefined)).toBeUndefined();
    expect(parseCpuOption('4')).toBe(4);
    expect(parseCpuOption('9.5')).toBe(9.5);
    for (const bad of ['0.5', '0', '-2', 'fast', '', '21', '4x'])
      expect(() => parseCpuOption(bad), bad).toThrow(/--cpu/);
  });
});

describe('describeCalibration', () => {
  it('names the host index, the multiplier and the simulated phone', () => {
    expect(describeCalibration(calibrate(1320))).toBe(
      'CPU: 호스트 benchmarkIndex 1,320, 감속 4× (목표 330에 맞춤) → 시뮬레이션 기기 330',
    );
    expect(
      describeCalibration({ hostIndex: 2000, multiplier: 4, source: 'option', clamped: null }),
    ).toContain('감속 4× (--cpu로 지정) → 시뮬레이션 기기 500');
    expect(describeCalibration(calibrate(200))).toContain('1×로 잽니다');
  });
});

describe('benchmarkIndexOf', () => {
  it('reads environment.benchmarkIndex of a Lighthouse result', () => {
    expect(benchmarkIndexOf({ environment: { benchmarkIndex: 1412.5 } })).toBe(1412.5);
    expect(benchmarkIndexOf({ environment: {} })).toBeNull();
    expect(benchmarkIndexOf({})).toBeNull();
    expect(benchmarkIndexOf({ environment: { benchmarkIndex: 0 } })).toBeNull();
  });
});

describe('runMatchesCalibration', () => {
  it('keeps runs whose host index is within -25 % / +33 % of the calibrated one', () => {
    expect(runMatchesCalibration(2000, 2000)).toBe(true);
    expect(runMatchesCalibration(1500, 2000)).toBe(true);
    expect(runMatchesCalibration(1499, 2000)).toBe(false);
    expect(runMatchesCalibration(2660, 2000)).toBe(true);
    expect(runMatchesCalibration(2700, 2000)).toBe(false);
  });

  it('keeps a run when either index is unknown', () => {
    expect(runMatchesCalibration(null, 2000)).toBe(true);
    expect(runMatchesCalibration(600, null)).toBe(true);
  });
});

describe('closestRuns', () => {
  it('takes the runs whose index is nearest the calibrated one, by ratio', () => {
    const runs = [{ index: 400 }, { index: 1100 }, { index: 2400 }, { index: 900 }, { index: 1500 }];
    expect(closestRuns(runs, 1000, 3).map((run) => run.index)).toEqual([1100, 900, 1500]);
    expect(closestRuns(runs, 1000, 1)).toEqual([{ index: 1100 }]);
    expect(closestRuns([{ index: null }, { index: 5000 }], 1000, 1)).toEqual([{ index: null }]);
  });
});
