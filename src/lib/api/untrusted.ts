/**
 * The one policy for values from the content API, applied at the contract boundary (the zod
 * schemas in `schemas.ts`) and by both HTML sanitisers. Nothing else in the site decides
 * whether an address from the API is safe: a component receives an address that passed, or
 * nothing.
 *
 * - Text loses control characters, non-characters and lone surrogates: they break XML (the
 *   feed, the sitemap), `encodeURIComponent` and some fonts, and no editor means them.
 * - Links and images are http(s) addresses or site-relative paths (`/info/blog/x`). Everything
 *   else — `javascript:`, `vbscript:`, `data:`, `//host`, `/\host`, `\\host`, relative
 *   paths, addresses that do not parse — is treated as missing: no link, the fallback image.
 * - Links inside article HTML may also be `mailto:`, `tel:` or `#fragment`.
 */

/** C0 controls other than tab, newline and carriage return; DEL; C1 controls; U+FFFE/U+FFFF. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `value` without control characters, non-characters and lone surrogates. */
export function cleanText(value: string): string {
  return value.replace(CONTROL, '').replace(LONE_SURROGATE, '');
}

/** What an address is, once it passed the policy. */
export type AddressKind = 'http' | 'site' | 'mailto' | 'tel' | 'fragment';

/** A base that cannot be a real host, to tell site-relative paths from other hosts. */
const SITE = 'https://site.invalid';

/**
 * The normalised address and its kind, or `null` when the policy rejects it. Normalising
 * (percent-encoding spaces, lower-casing the scheme and host) means `new URL()` and
 * `encodeURI` downstream can never throw on it.
 */
export function classifyAddress(raw: string): { kind: AddressKind; href: string } | null {
  // Browsers drop leading and trailing C0 controls and spaces, and tabs and newlines anywhere
  // ("java\tscript:"), before they read the scheme; so must the check.
  const value = cleanText(raw)
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/[\t\n\r]/g, '');
  if (value === '') return null;
  if (value.startsWith('#')) return { kind: 'fragment', href: value };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (scheme !== 'http' && scheme !== 'https' && scheme !== 'mailto' && scheme !== 'tel') return null;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (scheme === 'mailto' || scheme === 'tel') return { kind: scheme, href: url.href };
    return url.hostname ? { kind: 'http', href: url.href } : null;
  }
  // To a browser `//host`, `/\host` and `\\host` all name another host.
  if (!value.startsWith('/') || value[1] === '/' || value[1] === '\\') return null;
  try {
    const url = new URL(value, SITE);
    return url.origin === SITE ? { kind: 'site', href: url.pathname + url.search + url.hash } : null;
  } catch {
    return null;
  }
}

/** Where a card, banner or slide may link: an http(s) address or a site path; otherwise nothing. */
export function safeLink(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const address = classifyAddress(raw);
  return address && (address.kind === 'http' || address.kind === 'site') ? address.href : undefined;
}

/** An image address that may be shown: the same rule as links; otherwise the fallback picture. */
export const safeImage = safeLink;

/** A link inside article HTML: also `mailto:`, `tel:` and `#fragment`. */
export function safeHtmlHref(raw: string): string | undefined {
  const address = classifyAddress(raw);
  return address?.href;
}

/** True when a link leaves the site, so it must open in a new tab without an opener. */
export function isExternalHref(href: string | null | undefined): boolean {
  return !!href && /^https?:\/\//i.test(href);
}
