/** Reading served HTML as text, where a browser would not show it (see detail.spec.ts). */

/** The contents of every `<noscript>` of a page or part of one, one after another. */
export function noscriptContents(html: string): string {
  return [...html.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map(([, inner = '']) => inner).join('\n');
}
