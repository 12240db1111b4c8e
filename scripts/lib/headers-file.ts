/**
 * Reads a Netlify/Cloudflare style `_headers` file so the local server sends the same
 * headers as the static host.
 */
export interface HeaderRule {
  pattern: RegExp;
  headers: Record<string, string>;
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
      current = { pattern: patternToRegExp(raw.trim()), headers: {} };
      rules.push(current);
      continue;
    }
    const colon = raw.indexOf(':');
    if (current && colon > 0) current.headers[raw.slice(0, colon).trim()] = raw.slice(colon + 1).trim();
  }
  return rules;
}

/** Headers for a path; later rules override earlier ones for the same name. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) if (rule.pattern.test(pathname)) Object.assign(result, rule.headers);
  return result;
}
