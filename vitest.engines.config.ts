/**
 * The cross-engine end-to-end suite (tests/engines): WebKit and Firefox at 390 and 1440 px.
 * `npm run test:engines`; `ENGINES=webkit` or `ENGINES=firefox` runs one engine. The global
 * setup starts the site's servers (tests/engines/servers.ts); the tests run one after another.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/engines/servers.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    reporters: ['verbose'],
    // WebDriver clicks in WebKitGTK's MiniBrowser are sometimes lost (a click that focuses a
    // slider dot or a tab without its click handler running, about one run in three on this
    // machine); as with Playwright's retries, CI tries a failed test again.
    retry: process.env.CI ? 2 : 0,
  },
});
