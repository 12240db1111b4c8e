/**
 * The site's security headers as `public/_headers` states them, for the Cloudflare tests: every
 * header the `/*` rule sets except its caching, and a floor that holds whatever the file says
 * (an emptied `_headers` must fail these tests, not pass them vacuously).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { headersFor, parseHeadersFile } from '../../scripts/publish/lib/headers-file.ts';

export const projectHeadersFile = fileURLToPath(new URL('../../public/_headers', import.meta.url));
export const siteRules = parseHeadersFile(readFileSync(projectHeadersFile, 'utf8'));

/** Name → value of every header `_headers` gives every page, but `Cache-Control`. */
export const securityHeaders: Record<string, string> = Object.fromEntries(
  Object.entries(headersFor(siteRules, '/')).filter(([name]) => name.toLowerCase() !== 'cache-control'),
);

/** Asserts the site's security headers on a response (`where` names it in a failure). */
export function expectSecurityHeaders(headers: Headers, where: string): void {
  expect(headers.get('strict-transport-security'), where).toMatch(/max-age=\d{8,}/);
  expect(headers.get('content-security-policy'), where).toContain("frame-ancestors 'none'");
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  for (const [name, value] of Object.entries(securityHeaders))
    expect(headers.get(name), `${where}: ${name}`).toBe(value);
}
