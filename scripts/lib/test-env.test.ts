import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_URL, siteServerEnv } from './test-env.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('siteServerEnv', () => {
  it("keeps a caller's build targets out of the test servers' build", () => {
    vi.stubEnv('PUBLIC_CONTENT_API_URL', 'http://127.0.0.1:1');
    vi.stubEnv('SITE_URL', 'https://production.example');
    vi.stubEnv('HOST', '0.0.0.0');
    vi.stubEnv('CONTENT_DIR', '/nowhere');
    const env = siteServerEnv({ apiPort: 8790, sitePort: 4390 });
    expect(env).toMatchObject({
      PUBLIC_CONTENT_API_URL: 'http://127.0.0.1:8790',
      SITE_URL: DEFAULT_SITE_URL,
      HOST: '127.0.0.1',
      CONTENT_API_PORT: '8790',
      SITE_PORT: '4390',
    });
    expect(env.CONTENT_DIR).toMatch(/scripts\/content-api\/data$/);
    // Merged over the caller's environment, as Playwright does, the explicit values win.
    expect({ ...process.env, ...env }.PUBLIC_CONTENT_API_URL).toBe('http://127.0.0.1:8790');
  });

  it("gives Playwright's web server explicit values whatever the caller set", async () => {
    vi.stubEnv('PUBLIC_CONTENT_API_URL', 'http://127.0.0.1:1');
    vi.stubEnv('SITE_URL', 'https://production.example');
    const { default: config, TEST_API_PORT } = await import('../../playwright.config.ts');
    const server = Array.isArray(config.webServer) ? config.webServer[0] : config.webServer;
    expect(server?.env?.PUBLIC_CONTENT_API_URL).toBe(`http://127.0.0.1:${TEST_API_PORT}`);
    expect(server?.env?.SITE_URL).toBe(DEFAULT_SITE_URL);
  });
});
