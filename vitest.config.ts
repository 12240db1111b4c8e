/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/rebuild/**/*.test.ts',
      'tests/deploy/**/*.test.ts',
      'tests/cloudflare/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
});
