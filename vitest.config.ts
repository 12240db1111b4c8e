/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import LongestFirst from './tests/support/longest-first.ts';

export default getViteConfig({
  test: {
    include: [
      // Unit tests, beside the module they test.
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      // Whole-run tests: the rebuild's CLI, deploys onto nginx and Cloudflare, the docs against the tree, the lint rule on imports.
      // (Browser tests are Playwright's, tests/e2e; the other engines have vitest.engines.config.ts.)
      'tests/rebuild/**/*.test.ts',
      'tests/deploy/**/*.test.ts',
      'tests/cloudflare/**/*.test.ts',
      'tests/lint/**/*.test.ts',
      'tests/docs/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    sequence: { sequencer: LongestFirst },
  },
});
