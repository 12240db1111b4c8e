/**
 * The page's inline styles under a policy without `'unsafe-inline'`: every `<style>` needs its
 * hash in `style-src`, and a hash is ~55 bytes that do not compress, in a document that must fit
 * in the first round trip of a slow connection. Astro lists the hashes of every style of the
 * whole site in every page. So the page's `<style>` elements become one, where the first was
 * (a rule written twice, such as a picture's aspect ratio, once), and its policy allows that one.
 *
 * A `<style>` inside `<noscript>` is left where it is (it applies only without JavaScript) and
 * keeps a hash of its own; the layout writes none (a `<link>` there costs no byte of the policy).
 * `style=""` attributes stay blocked: the policy allows no inline style attribute
 * (tests/e2e/strict-policy.spec.ts finds any in the built pages).
 */
import { editSources, scriptHash as styleHash } from './csp-policy.ts';

/** An inline `<style>` without attributes, and with them (left as it is, with its own hash). */
const STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style>/gi;
const NOSCRIPT = /<noscript\b[^>]*>[\s\S]*?<\/noscript>/gi;

/** The page's `<style>` elements as [start, end, attributes, body], noscript ones marked. */
function stylesOf(html: string): { start: number; end: number; plain: boolean; body: string }[] {
  const hidden = [...html.matchAll(NOSCRIPT)].map((m) => [m.index, m.index + m[0].length] as const);
  const inNoscript = (at: number) => hidden.some(([from, to]) => at > from && at < to);
  return [...html.matchAll(STYLE)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    plain: m[1]!.trim() === '' && !inNoscript(m.index),
    body: m[2]!,
  }));
}

/** The page with its plain `<style>` elements merged into the first, in order, each text once. */
export function mergeStyles(html: string): string {
  const plain = stylesOf(html).filter((style) => style.plain);
  if (plain.length < 2) return html;
  const merged = `<style>${[...new Set(plain.map((style) => style.body))].join('')}</style>`;
  let page = '';
  let from = 0;
  plain.forEach((style, i) => {
    page += html.slice(from, style.start) + (i === 0 ? merged : '');
    from = style.end;
  });
  return page + html.slice(from);
}

/** The `'sha256-…'` sources of every inline `<style>` of the page. */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set(stylesOf(html).map((style) => styleHash(style.body)))];
}

/**
 * The page with one `<style>` and `style-src` allowing the page's own files and inline styles
 * only: Astro's site-wide hashes and any `'unsafe-inline'` dropped.
 */
export function hashPageStyles(html: string): string {
  const page = mergeStyles(html);
  const own = inlineStyleHashes(page);
  return editSources(page, 'style-src', (sources) => [
    ...sources.filter((source) => source !== "'unsafe-inline'" && !/^'sha(256|384|512)-/.test(source)),
    ...own,
  ]);
}
