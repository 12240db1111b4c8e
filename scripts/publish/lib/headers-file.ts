/**
 * Reads a Netlify/Cloudflare style `_headers` file so the local server sends the same
 * headers as the static host.
 *
 * Every rule whose pattern matches a path applies, in file order; a later rule's value replaces
 * an earlier one of the same name (so put general rules first, specific ones after). Cloudflare
 * Pages would join the two values with a comma instead, so a rule that replaces a header first
 * detaches it with Cloudflare's `! Name` line, which removes the value set so far:
 *
 *     /_astro/*
 *       ! Cache-Control
 *       Cache-Control: public, max-age=31536000, immutable
 *
 * See https://developers.cloudflare.com/pages/configuration/headers/ ("Detach a header").
 */
export interface HeaderRule {
  /** The rule's path as written (`/_astro/*`): `*` matches any run of characters, `/` included. */
  path: string;
  pattern: RegExp;
  headers: Record<string, string>;
  /** Header names this rule removes before adding its own (`! Name` lines). */
  detach: string[];
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      current = { path: raw.trim(), pattern: patternToRegExp(raw.trim()), headers: {}, detach: [] };
      rules.push(current);
      continue;
    }
    if (!current) continue;
    const line = raw.trim();
    if (line.startsWith('!')) {
      current.detach.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) current.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** Headers for a path; later rules override (or detach) earlier ones for the same name, case-insensitively. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const result = new Map<string, [string, string]>();
  for (const rule of rules) {
    if (!rule.pattern.test(pathname)) continue;
    for (const name of rule.detach) result.delete(name.toLowerCase());
    for (const [name, value] of Object.entries(rule.headers)) result.set(name.toLowerCase(), [name, value]);
  }
  return Object.fromEntries(result.values());
}

/** Whether a `Cache-Control` value says "never changes" (`immutable` among its directives). */
export function isImmutable(cacheControl: string | undefined): boolean {
  return /(^|[,\s])immutable($|[,\s])/i.test(cacheControl ?? '');
}

/**
 * The folders of hashed files: every rule for a whole folder (`/_astro/*`) whose files end up
 * with an `immutable` Cache-Control. A file there gets a new name whenever it changes, so it may
 * be cached for good, and a deploy may keep every version side by side (`npm run deploy`'s pool).
 * Returned without slashes (`_astro`), in file order.
 */
export function hashedFolders(rules: HeaderRule[]): string[] {
  const folders: string[] = [];
  for (const rule of rules) {
    const folder = /^\/([A-Za-z0-9._-]+)\/\*$/.exec(rule.path)?.[1];
    if (!folder || folders.includes(folder)) continue;
    const cacheControl = Object.entries(headersFor(rules, `/${folder}/x`)).find(
      ([name]) => name.toLowerCase() === 'cache-control',
    );
    if (isImmutable(cacheControl?.[1])) folders.push(folder);
  }
  return folders;
}
