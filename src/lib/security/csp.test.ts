import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_API_URL } from '../site-defaults.ts';
import { apiOrigin, cspDirectives, scriptHash } from './csp.ts';

describe('cspDirectives', () => {
  it('lets images come from wherever the address policy accepts them, names the API for fetches, and locks down the rest', () => {
    const directives = cspDirectives('https://api.example.kr/v1/');
    expect(directives).toEqual([
      "default-src 'self'",
      "img-src 'self' data: https: https://api.example.kr",
      "connect-src 'self' https://api.example.kr",
      "font-src 'self'",
      'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com',
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
      "require-trusted-types-for 'script'",
      "trusted-types site html 'allow-duplicates'",
    ]);
    expect(directives.join(';')).not.toContain('unsafe');
  });

  it('defaults to the reference server', () => {
    expect(DEFAULT_CONTENT_API_URL).toBe('http://127.0.0.1:8787');
    expect(apiOrigin()).toBe('http://127.0.0.1:8787');
    expect(cspDirectives()).toContain("connect-src 'self' http://127.0.0.1:8787");
  });
});

describe('scriptHash', () => {
  it('is the base64 SHA-256 source of the exact script text', () => {
    const code = "document.documentElement.dataset.x = '한글';";
    expect(scriptHash(code)).toBe(`sha256-${createHash('sha256').update(code).digest('base64')}`);
    expect(scriptHash(`${code} `)).not.toBe(scriptHash(code));
  });
});
