import { readFileSync } from 'node:fs';
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
  const rules = parseHeadersFile(readFileSync(new URL('../../public/_headers', import.meta.url), 'utf8'));
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

describe('hashedFolders', () => {
  it('finds the folders whose files are cached as immutable, from public/_headers', () => {
    const rules = parseHeadersFile(readFileSync(new URL('../../public/_headers', import.meta.url), 'utf8'));
    expect(rules.map((rule) => rule.path)).toEqual(['/*', '/_astro/*', '/fonts/*', '/search-index/*']);
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
