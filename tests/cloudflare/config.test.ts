// @vitest-environment node
/**
 * wrangler.jsonc as the pinned wrangler reads it: the settings the site depends on, a
 * compatibility date its workerd supports, and asset retention turned on as soon as the pinned
 * wrangler knows the setting (Cloudflare documents `assets.retention`; wrangler 4.164.0 warns
 * about it and does not send it).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { experimental_readRawConfig, unstable_readConfig } from 'wrangler';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const configPath = join(root, 'wrangler.jsonc');
const require = createRequire(import.meta.url);
const wranglerPackage = require('wrangler/package.json') as { version: string };
const config = unstable_readConfig({ config: configPath });
const rawAssets = experimental_readRawConfig({ config: configPath }).rawConfig.assets as Record<
  string,
  unknown
>;

describe('wrangler.jsonc', () => {
  it('serves the assets through the ASSETS binding, without trailing slashes, misses to the Worker', () => {
    expect(config.main).toBe(join(root, 'scripts', 'publish', 'cloudflare', 'worker.ts'));
    expect(config.assets).toMatchObject({
      directory: './dist',
      binding: 'ASSETS',
      html_handling: 'drop-trailing-slash',
      not_found_handling: 'none',
    });
    // The Worker must only see misses: files never wait for it, and asset retention (once on)
    // is disabled for paths the Worker runs first on.
    expect(config.assets?.run_worker_first).toBeUndefined();
    expect(config.rules).toContainEqual({ type: 'Text', globs: ['**/_headers'], fallthrough: false });
  });

  it("has a compatibility date the pinned wrangler's workerd supports", () => {
    const workerd = createRequire(require.resolve('wrangler/package.json'))('workerd') as {
      compatibilityDate: string;
    };
    expect(config.compatibility_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(config.compatibility_date! <= workerd.compatibilityDate).toBe(true);
  });

  it('pins wrangler to the installed version', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(pkg.devDependencies['wrangler']).toBe(wranglerPackage.version);
  });

  it('turns asset retention on once the pinned wrangler knows the setting', () => {
    const schemaFile = join(dirname(require.resolve('wrangler/package.json')), 'config-schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as {
      definitions: { Assets: { properties: Record<string, unknown> } };
    };
    if ('retention' in schema.definitions.Assets.properties) {
      expect(
        rawAssets['retention'],
        'wrangler knows assets.retention now: turn it on in wrangler.jsonc',
      ).toEqual({
        enabled: true,
      });
    } else {
      // Unknown to wrangler: it would only warn and drop it, so it must not pretend to be on.
      expect(rawAssets['retention']).toBeUndefined();
    }
  });
});
