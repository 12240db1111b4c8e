/**
 * The Content Security Policy directives added to Astro's per-page `<meta>` policy (Astro adds
 * `script-src` and `style-src` with the hashes of its own scripts and styles). Used by
 * astro.config.mjs, so it may import nothing from `astro:*`.
 *
 * `frame-ancestors` cannot live in a `<meta>` policy; it is sent as a header (public/_headers).
 */
import { createHash } from 'node:crypto';
import { allowedIframeHosts } from '../html/allow-list.ts';
import { DEFAULT_CONTENT_API_URL } from '../site-defaults.ts';
import { TRUSTED_TYPES_POLICY } from './trusted-types.ts';

/** A directive of the shape Astro's `security.csp.directives` accepts. */
export type CspDirective = `${
  | 'default-src'
  | 'img-src'
  | 'connect-src'
  | 'font-src'
  | 'frame-src'
  | 'base-uri'
  | 'form-action'
  | 'object-src'
  | 'require-trusted-types-for'
  | 'trusted-types'} ${string}`;

/** The origin (`scheme://host:port`) of the content API address. */
export function apiOrigin(apiUrl: string = DEFAULT_CONTENT_API_URL): string {
  return new URL(apiUrl).origin;
}

/**
 * Directives besides script-src/style-src. API calls may go to the site itself and the content
 * API; images follow the address policy of the contract (`untrusted.ts`: any https address or a
 * site path; the API itself may be plain http in development), so a card, banner or logo the
 * contract accepts is never blocked in the browser. `CONTENT_IMAGE_HOSTS` limits only which hosts
 * the build itself fetches from. Frames go only to the video hosts the HTML allow-list keeps, and
 * nothing may be embedded as a plug-in or change the base address.
 *
 * Trusted Types: no string reaches a sink that can run code (`innerHTML`, a worker's address…)
 * but through the site's one policy (trusted-types.ts), and Swiper's: Swiper writes its dots and
 * its announcements with `innerHTML` through a policy named `html` it creates at each write, so
 * that name may be created again (`'allow-duplicates'`).
 */
export function cspDirectives(apiUrl: string = DEFAULT_CONTENT_API_URL): CspDirective[] {
  const api = apiOrigin(apiUrl);
  return [
    "default-src 'self'",
    `img-src 'self' data: https: ${api}`,
    `connect-src 'self' ${api}`,
    "font-src 'self'",
    `frame-src ${allowedIframeHosts.map((host) => `https://${host}`).join(' ')}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "require-trusted-types-for 'script'",
    `trusted-types ${TRUSTED_TYPES_POLICY} html 'allow-duplicates'`,
  ];
}

/**
 * The CSP source (`sha256-…`) that allows one classic inline script with exactly this text,
 * for `Astro.csp.insertScriptHash` (Astro hashes only the scripts it bundles itself).
 */
export function scriptHash(code: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;
}
