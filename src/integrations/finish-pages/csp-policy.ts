/**
 * Reading and editing the `script-src` of a built page's CSP `<meta>`, for the steps that change
 * which inline scripts a page has (merge-module-scripts.ts, prune-script-hashes.ts).
 */
import { createHash } from 'node:crypto';

/** The policy `<meta>`, with its content as the second group. */
export const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)("\s*\/?>)/i;

/** The CSP source that allows an inline script with this exact text. */
export const scriptHash = (body: string) =>
  `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

const isScriptSrc = (directive: string) => directive.trim().split(/\s+/)[0] === 'script-src';

/** The sources of the page's `script-src`, or `undefined` when it has no policy or no such directive. */
export function scriptSources(html: string): string[] | undefined {
  const directive = CSP_META.exec(html)?.[2]!.split(';').find(isScriptSrc);
  return directive?.trim().split(/\s+/).slice(1);
}

/** The page with its `script-src` sources replaced by `edit(sources)`; unchanged without a policy. */
export function editScriptSources(html: string, edit: (sources: string[]) => string[]): string {
  const meta = CSP_META.exec(html);
  if (!meta) return html;
  const policy = meta[2]!
    .split(';')
    .map((directive) => {
      if (!isScriptSrc(directive)) return directive;
      const [name, ...sources] = directive.trim().split(/\s+/);
      return ` ${[name, ...edit(sources)].join(' ')}`;
    })
    .join(';');
  return html.slice(0, meta.index) + meta[1] + policy + meta[3] + html.slice(meta.index + meta[0].length);
}
