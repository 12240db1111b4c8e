/**
 * The CPU slowdown of `npm run bench`, calibrated so the simulated phone is the same on every
 * machine. Lighthouse's default slows the host's CPU down 4× whatever the host is; on a host with
 * a `benchmarkIndex` of 1,320 that is a phone of index 330, on a host of 3,200 a phone of 800, and
 * the same page measures very differently. The bench instead measures the host's index first
 * (`lhr.environment.benchmarkIndex` of a throwaway Lighthouse run on the floor page) and sets
 * `throttling.cpuSlowdownMultiplier` to hostIndex / TARGET_BENCHMARK_INDEX.
 */

/**
 * The `benchmarkIndex` of the simulated phone: what Lighthouse's default 4× makes of the slower
 * development host (≈ 1,320), a low-end Android phone.
 */
export const TARGET_BENCHMARK_INDEX = 330;

/** Chrome cannot speed a CPU up; a host slower than the target phone is measured unthrottled. */
export const MIN_MULTIPLIER = 1;
/** Beyond this the simulation is dominated by the host's timer noise; a faster host is capped. */
export const MAX_MULTIPLIER = 20;

export interface Calibration {
  /** The host's benchmarkIndex (median of the calibration runs), or null with `--cpu` unmeasured. */
  hostIndex: number | null;
  /** The cpuSlowdownMultiplier used. */
  multiplier: number;
  /** Where it came from. */
  source: 'calibrated' | 'option';
  /** Set when the computed multiplier was outside [MIN_MULTIPLIER, MAX_MULTIPLIER]. */
  clamped: 'low' | 'high' | null;
}

/** Two decimals are plenty for a slowdown factor. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The multiplier that turns a host of `hostIndex` into a phone of `target`, clamped. */
export function calibrate(hostIndex: number, target = TARGET_BENCHMARK_INDEX): Calibration {
  if (!Number.isFinite(hostIndex) || hostIndex <= 0)
    throw new Error(`benchmarkIndex가 올바르지 않습니다: ${hostIndex}`);
  if (!Number.isFinite(target) || target <= 0)
    throw new Error(`목표 benchmarkIndex가 올바르지 않습니다: ${target}`);
  const raw = hostIndex / target;
  const clamped = raw < MIN_MULTIPLIER ? 'low' : raw > MAX_MULTIPLIER ? 'high' : null;
  const multiplier = round2(Math.min(MAX_MULTIPLIER, Math.max(MIN_MULTIPLIER, raw)));
  return { hostIndex, multiplier, source: 'calibrated', clamped };
}

/** `--cpu N`: a fixed multiplier (1–MAX_MULTIPLIER), or undefined when the option is absent. */
export function parseCpuOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(value) || number < MIN_MULTIPLIER || number > MAX_MULTIPLIER) {
    throw new Error(`--cpu는 ${MIN_MULTIPLIER}에서 ${MAX_MULTIPLIER} 사이의 수여야 합니다: ${value}`);
  }
  return number;
}

/** The phone a multiplier simulates on a host: its benchmarkIndex. */
export function simulatedIndex(hostIndex: number, multiplier: number): number {
  return hostIndex / multiplier;
}

/** One line for the report: host index, multiplier and the simulated phone. */
export function describeCalibration(calibration: Calibration): string {
  const { hostIndex, multiplier, source, clamped } = calibration;
  const host = hostIndex === null ? '측정 안 함' : Math.round(hostIndex).toLocaleString('en-US');
  const phone =
    hostIndex === null ? '?' : Math.round(simulatedIndex(hostIndex, multiplier)).toLocaleString('en-US');
  const how = source === 'option' ? '--cpu로 지정' : `목표 ${TARGET_BENCHMARK_INDEX}에 맞춤`;
  const note =
    clamped === 'low'
      ? ` — 호스트가 목표 기기보다 느려 ${MIN_MULTIPLIER}×로 잽니다`
      : clamped === 'high'
        ? ` — 상한 ${MAX_MULTIPLIER}×`
        : '';
  return `CPU: 호스트 benchmarkIndex ${host}, 감속 ${multiplier}× (${how}) → 시뮬레이션 기기 ${phone}${note}`;
}

/** The host's benchmarkIndex a Lighthouse result (LHR) reports, or null when it has none. */
export function benchmarkIndexOf(lhr: { environment?: { benchmarkIndex?: number } }): number | null {
  const index = lhr.environment?.benchmarkIndex;
  return typeof index === 'number' && Number.isFinite(index) && index > 0 ? index : null;
}

/**
 * How far a run's own benchmarkIndex may stray from the calibrated host index before the run is
 * thrown away: the multiplier was set for the calibrated host, so a run during which other jobs
 * slowed the host to half its index simulated a phone of half the target's speed.
 */
export const RUN_INDEX_TOLERANCE = { low: 0.75, high: 1.33 } as const;

/** Whether a run measured on a host of `runIndex` still simulates the calibrated phone. */
export function runMatchesCalibration(runIndex: number | null, hostIndex: number | null): boolean {
  if (runIndex === null || hostIndex === null) return true;
  const ratio = runIndex / hostIndex;
  return ratio >= RUN_INDEX_TOLERANCE.low && ratio <= RUN_INDEX_TOLERANCE.high;
}

/**
 * The `count` runs whose host index came closest to the calibrated one (by ratio), for when too
 * few runs matched it: an odd count of the best-matching runs, rather than every run.
 */
export function closestRuns<T extends { index: number | null }>(
  all: readonly T[],
  hostIndex: number | null,
  count: number,
): T[] {
  const distance = (run: T) =>
    run.index === null || hostIndex === null ? 0 : Math.abs(Math.log(run.index / hostIndex));
  return [...all].sort((a, b) => distance(a) - distance(b)).slice(0, count);
}
