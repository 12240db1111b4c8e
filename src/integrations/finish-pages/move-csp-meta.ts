/**
 * A `<meta>` Content-Security-Policy governs only what comes after it in the document: a script
 * or a stylesheet link parsed before it is never checked. Astro writes its policy where its own
 * head content goes, after the layout's head (an inline script among it), so the build moves it
 * to right after `<meta charset>`, the one element that must come first.
 */
import { CSP_META } from './csp-policy.ts';

const CHARSET_META = /<meta charset="[^"]*"\s*\/?>/i;

/** The page with its CSP `<meta>` right after `<meta charset>`; unchanged when it has none, or is already so. */
export function moveCspMetaFirst(html: string): string {
  const csp = CSP_META.exec(html);
  const charset = CHARSET_META.exec(html);
  if (!csp || !charset) return html;
  const afterCharset = charset.index + charset[0].length;
  if (csp.index === afterCharset) return html;
  const without = html.slice(0, csp.index) + html.slice(csp.index + csp[0].length);
  // The charset comes before the policy in the page, so removing the policy does not move it.
  const at = csp.index < afterCharset ? afterCharset - csp[0].length : afterCharset;
  return without.slice(0, at) + csp[0] + without.slice(at);
}
