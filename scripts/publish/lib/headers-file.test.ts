import { readFileSync, readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hashedFolders, headersFor, parseHeadersFile } from './headers-file.ts';

describe('parseHeadersFile and headersFor', () => {
  const rules = parseHeadersFile(`
# comment
/*
  X-Frame-Options: DENY
  Cache-Control: public, max-age=300
/_astro/*
  ! Cache-Control
  cache-control: immutable
/exact
  X-Frame-Options: SAMEORIGIN
`);

  it('applies every matching rule in order, later values replacing earlier ones case-insensitively', () => {
    expect(headersFor(rules, '/faq')).toEqual({
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'public, max-age=300',
    });
    expect(headersFor(rules, '/_astro/a.js')).toEqual({
      'X-Frame-Options': 'DENY',
      'cache-control': 'immutable',
    });
    expect(headersFor(rules, '/exact')).toEqual({
      'X-Frame-Options': 'SAMEORIGIN',
      'Cache-Control': 'public, max-age=300',
    });
    expect(headersFor(rules, '/exact/more')['X-Frame-Options']).toBe('DENY');
  });

  it('reads the `! Name` detach lines', () => {
    expect(rules[1]).toMatchObject({ detach: ['Cache-Control'], headers: { 'cache-control': 'immutable' } });
  });
});

describe('public/_headers', () => {
  const rules = parseHeadersFile(readFileSync(new URL('../../../public/_headers', import.meta.url), 'utf8'));
  const security = {
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'Content-Security-Policy': "frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
  };

  it('sends the security headers and short caching with pages', () => {
    expect(headersFor(rules, '/')).toEqual({
      ...security,
      'Cache-Control': 'public, max-age=300, must-revalidate',
    });
    expect(headersFor(rules, '/info/blog/hr-0001/')).toEqual(headersFor(rules, '/'));
  });

  it('caches hashed assets for a year', () => {
    expect(headersFor(rules, '/_astro/client.Ab12.js')).toEqual({
      ...security,
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
});

/** The web workers of the site: `NAME.worker.ts` anywhere in src/, emitted as `/_astro/NAME.worker-HASH.js`. */
function workerNames(): string[] {
  const src = fileURLToPath(new URL('../../../src', import.meta.url));
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.worker.ts'))
    .map((file) => basename(file, '.worker.ts'))
    .sort();
}

describe('public/_headers for the web workers', () => {
  const rules = parseHeadersFile(readFileSync(new URL('../../../public/_headers', import.meta.url), 'utf8'));

  it('gives every worker script a policy of its own that lets it fetch only from the site', () => {
    // A worker takes its policy from its script's response, never from the page's <meta>.
    const workers = workerNames();
    expect(workers).toEqual(['font-cache', 'module-cache']);
    for (const name of workers) {
      const headers = headersFor(rules, `/_astro/${name}.worker-Czd50rBf.js`);
      expect(headers['Content-Security-Policy'], name).toBe(
        "default-src 'none'; connect-src 'self'; frame-ancestors 'none'",
      );
      expect(headers['Cache-Control'], name).toBe('public, max-age=31536000, immutable');
    }
    // The worker's policy stays on the workers: other chunks and the pages keep the site's.
    expect(headersFor(rules, '/_astro/client.Ab12.js')['Content-Security-Policy']).toBe(
      "frame-ancestors 'none'",
    );
    expect(headersFor(rules, '/font-cache.worker-x.js')['Content-Security-Policy']).toBe(
      "frame-ancestors 'none'",
    );
  });

  it('uses at most one `*` per rule, as Cloudflare skips a rule with more', () => {
    for (const rule of rules) expect(rule.path.split('*').length, rule.path).toBeLessThanOrEqual(2);
  });
});

describe('hashedFolders', () => {
  it('finds the folders whose files are cached as immutable, from public/_headers', () => {
    const rules = parseHeadersFile(
      readFileSync(new URL('../../../public/_headers', import.meta.url), 'utf8'),
    );
    expect(rules.map((rule) => rule.path)).toEqual([
      '/*',
      '/_astro/*',
      '/_astro/font-cache.worker-*',
      '/_astro/module-cache.worker-*',
      '/fonts/*',
      '/search-index/*',
    ]);
    expect(hashedFolders(rules)).toEqual(['_astro', 'fonts', 'search-index']);
  });

  it('skips folders whose caching a later rule takes back, and paths that are not whole folders', () => {
    const rules = parseHeadersFile(`
/*.js
  Cache-Control: immutable
/a/*
  Cache-Control: public, max-age=31536000, immutable
/b/*
  Cache-Control: immutable
/b/*
  ! Cache-Control
  Cache-Control: max-age=60
`);
    expect(hashedFolders(rules)).toEqual(['a']);
  });
});
