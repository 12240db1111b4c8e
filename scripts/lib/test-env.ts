/**
 * The environment of the servers the test suites start (`scripts/start.ts`: reference content
 * API, a build of the site, the static server). A caller's shell may carry the production
 * build's `PUBLIC_CONTENT_API_URL` or `SITE_URL` (or `HOST`, `CONTENT_DIR`); the tests' builds
 * must not pick them up, so every variable the build or the servers read is set here explicitly.
 * Test runners merge this over `process.env` (Playwright's `webServer.env` does), so explicit
 * values are the only way to keep the caller's out.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_SITE_URL } from '../../src/lib/site-defaults.ts';

/** The site address the test builds use: the build's own default. */
export { DEFAULT_SITE_URL };

/** Ports of the servers the Playwright suite starts (kept apart from `npm start`'s 8787/4321). */
export const TEST_API_PORT = Number(process.env.TEST_API_PORT ?? 8790);
export const TEST_SITE_PORT = Number(process.env.TEST_SITE_PORT ?? 4390);

/**
 * The Chromium the test suites drive: Debian's `chromium-headless-shell` (the old headless mode,
 * without the full browser's window machinery), which ran the Playwright suite in 7 minutes where
 * the full browser took 11 on two cores. The benches keep the full browser (`CHROMIUM_PATH`): what
 * they time is what a visitor's browser does.
 */
export const TEST_CHROMIUM_PATH = process.env.TEST_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Variables that point a build at a real host; `npm test` drops them from its own environment. */
export const BUILD_TARGET_VARIABLES = ['PUBLIC_CONTENT_API_URL', 'SITE_URL'] as const;

const projectContent = fileURLToPath(new URL('../content-api/data', import.meta.url));

export interface SiteServerOptions {
  /** Port of the reference content API. */
  apiPort: number;
  /** Port of the built site. */
  sitePort: number;
  /** The API address the build and the browser use; default the reference API itself. */
  publicApiUrl?: string;
  /** Build output folder; default the project's (`dist`). */
  outDir?: string;
}

/** Environment for `node scripts/start.ts` in a test run: the build targets only the servers it starts. */
export function siteServerEnv({
  apiPort,
  sitePort,
  publicApiUrl,
  outDir,
}: SiteServerOptions): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    CONTENT_API_PORT: String(apiPort),
    SITE_PORT: String(sitePort),
    CONTENT_DIR: projectContent,
    PUBLIC_CONTENT_API_URL: publicApiUrl ?? `http://127.0.0.1:${apiPort}`,
    SITE_URL: DEFAULT_SITE_URL,
    ASTRO_PREVIEW_BACKGROUND: '0',
    ASTRO_DEV_BACKGROUND: '0',
    ...(outDir ? { ASTRO_OUT_DIR: outDir } : {}),
  };
}
