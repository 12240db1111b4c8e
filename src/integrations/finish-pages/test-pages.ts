/**
 * Built pages for the tests of the integrations that move and merge inline module scripts
 * (finish-pages, later-scripts): a page under a policy that trusts `hashes`, its scripts, and
 * the bodies of the inline module scripts it ends with.
 */

/** A built page whose policy allows the inline scripts of `hashes`, with `body` as its body. */
export const policyPage = (hashes: string[], body: string) =>
  `<html><head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' ${hashes.join(' ')}; style-src 'self'">` +
  `</head><body>${body}</body></html>`;

/** An inline module script. */
export const moduleScript = (body: string) => `<script type="module">${body}</script>`;

/** The bodies of the inline module scripts of `html`, in order. */
export const moduleBodies = (html: string) =>
  [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
