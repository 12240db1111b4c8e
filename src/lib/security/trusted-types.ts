/**
 * The site's one Trusted Types policy. The page policy (`require-trusted-types-for 'script'`,
 * src/lib/security/csp.ts) makes the browser refuse a plain string at every sink that can run
 * code (`innerHTML`, `DOMParser`, a worker's address); only values this policy made pass. So the
 * few places that write HTML or start a worker go through here, and a new sink that does not
 * fails in the browser tests (tests/e2e/strict-policy.spec.ts) instead of becoming a hole.
 *
 * HTML passed here must already be clean: sanitised at build time (sanitize-html, the content
 * loaders) or by DOMPurify in the browser (sanitize.browser.ts hands DOMPurify this policy). A
 * worker's address must be the site's own.
 *
 * Browsers without Trusted Types get the plain string back. Each page script carries its own copy
 * of what it imports (src/integrations/page-scripts), and a policy name can be created once per
 * page, so the policy is kept on the window under a registered symbol.
 */

/** The policy's name: the page policy's `trusted-types` lists it. */
export const TRUSTED_TYPES_POLICY = 'site';

/** A value only the policy makes: what an HTML sink accepts (React's type has the same name). */
declare const made: unique symbol;
export interface TrustedHTML {
  readonly [made]: 'html';
}
interface TrustedScriptURL {
  readonly [made]: 'script-url';
}

/** The policy as the browser returns it (TypeScript's DOM types do not know Trusted Types yet). */
export interface TrustedPolicy {
  createHTML(input: string): TrustedHTML;
  createScriptURL(input: string): TrustedScriptURL;
}
interface PolicyFactory {
  createPolicy(
    name: string,
    rules: { createHTML(input: string): string; createScriptURL(input: string): string },
  ): TrustedPolicy;
}

const KEY = Symbol.for('insighthire.trusted-types');

/** A script address of the page's own origin, or an error: nothing else may start a worker. */
function ownScriptUrl(input: string): string {
  const url = new URL(input, document.baseURI);
  if (url.origin !== location.origin)
    throw new TypeError(`다른 출처의 스크립트는 쓸 수 없습니다: ${url.origin}`);
  return input;
}

/** The policy, created on first use; `undefined` where the browser has no Trusted Types. */
export function trustedTypesPolicy(): TrustedPolicy | undefined {
  const factory =
    typeof window === 'undefined' ? undefined : (window as { trustedTypes?: PolicyFactory }).trustedTypes;
  if (!factory) return undefined;
  const holder = window as unknown as Record<symbol, TrustedPolicy | undefined>;
  holder[KEY] ??= factory.createPolicy(TRUSTED_TYPES_POLICY, {
    createHTML: (input) => input,
    createScriptURL: ownScriptUrl,
  });
  return holder[KEY];
}

/** Clean HTML for an HTML sink (`innerHTML`, React's `dangerouslySetInnerHTML`, `DOMParser`). */
export function trustedHtml(clean: string): string | TrustedHTML {
  return trustedTypesPolicy()?.createHTML(clean) ?? clean;
}

/** The site's own script address for `new Worker(…)`. */
export function trustedScriptUrl(url: string): string | URL {
  // `Worker` accepts a TrustedScriptURL; TypeScript's DOM types know only strings and URLs.
  return (trustedTypesPolicy()?.createScriptURL(url) as unknown as string | undefined) ?? url;
}
