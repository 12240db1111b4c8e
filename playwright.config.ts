import { defineConfig, devices } from '@playwright/test';
import { siteServerEnv, TEST_API_PORT, TEST_CHROMIUM_PATH, TEST_SITE_PORT } from './scripts/lib/test-env.ts';

export { TEST_API_PORT, TEST_SITE_PORT };

const chromium = {
  executablePath: TEST_CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${TEST_SITE_PORT}`,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    // Recorded on a retry only: 'retain-on-failure' records every test (screenshots and DOM
    // snapshots of each step) to keep a few, CPU the suite's two cores do not have to spare.
    // Locally, `--trace on` records one run.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      name: 'mobile',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    // npm test builds the site beside the whole-run tests (scripts/test-run/prebuild.ts).
    command:
      process.env.TEST_SITE_PREBUILT === '1' ? 'node scripts/start.ts --no-build' : 'node scripts/start.ts',
    url: `http://127.0.0.1:${TEST_SITE_PORT}/`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    // Explicit values only: a caller's PUBLIC_CONTENT_API_URL or SITE_URL must not reach this build.
    env: siteServerEnv({ apiPort: TEST_API_PORT, sitePort: TEST_SITE_PORT }),
  },
});
