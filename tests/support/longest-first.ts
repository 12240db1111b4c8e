/**
 * The order the whole-run files start in: the longest first. Two run at a time, and one long file
 * started last holds the step up after the other worker is done (the kill tests alone take about
 * three minutes). Vitest orders by the durations of earlier runs, which a fresh clone has none of.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest whole-run files, longest first (their time in a run of `npm test`). */
const LONGEST = [
  'tests/rebuild/crash.test.ts',
  'tests/rebuild/rebuild.test.ts',
  'tests/rebuild/rebuild-remote.test.ts',
  'tests/rebuild/rebuild-safety.test.ts',
  'tests/rebuild/og-images.test.ts',
  'tests/rebuild/hostile.test.ts',
  'tests/rebuild/takedown.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = LONGEST.findIndex((file) => spec.moduleId.endsWith(file));
  return index < 0 ? LONGEST.length : index;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
