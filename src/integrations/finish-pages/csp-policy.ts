/**
 * Reading and editing the source lists of a built page's CSP `<meta>`, for the steps that change
 * which inline scripts (merge-module-scripts.ts, prune-script-hashes.ts) and styles
 * (merge-styles.ts) a page has.
 */
import { createHash } from 'node:crypto';

/** The policy `<meta>`, with its content as the second group. */
export const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)("\s*\/?>)/i;

/** The CSP source that allows an inline script (or style) with this exact text. */
export const scriptHash = (body: string) =>
  `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

/** The `script-src` and `style-src` directives these steps edit. */
type SourceDirective = 'script-src' | 'style-src';

const isDirective = (name: SourceDirective) => (directive: string) =>
  directive.trim().split(/\s+/)[0] === name;

/** The sources of the page's `name` directive, or `undefined` when it has no policy or no such directive. */
export function directiveSources(html: string, name: SourceDirective): string[] | undefined {
  const directive = CSP_META.exec(html)?.[2]!.split(';').find(isDirective(name));
  return directive?.trim().split(/\s+/).slice(1);
}

/** The page with its `name` sources replaced by `edit(sources)`; unchanged without a policy. */
export function editSources(
  html: string,
  name: SourceDirective,
  edit: (sources: string[]) => string[],
): string {
  const meta = CSP_META.exec(html);
  if (!meta) return html;
  const policy = meta[2]!
    .split(';')
    .map((directive) => {
      if (!isDirective(name)(directive)) return directive;
      const [, ...sources] = directive.trim().split(/\s+/);
      return ` ${[name, ...edit(sources)].join(' ')}`;
    })
    .join(';');
  return html.slice(0, meta.index) + meta[1] + policy + meta[3] + html.slice(meta.index + meta[0].length);
}

/** {@link directiveSources} of `script-src`. */
export const scriptSources = (html: string) => directiveSources(html, 'script-src');

/** {@link editSources} of `script-src`. */
export const editScriptSources = (html: string, edit: (sources: string[]) => string[]) =>
  editSources(html, 'script-src', edit);
