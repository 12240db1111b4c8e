/**
 * A long page's styles for what is below its first screen, moved out of its HTML. The page's
 * document must arrive in the first round trip of a slow connection (about 14 KB compressed), and
 * with every component's styles inlined (astro.config.mjs, `inlineStylesheets`) the home's twelve
 * sections carried 35 KB of CSS in its `<head>`. A page marks where its first screen ends with the
 * comment {@link FOLD_MARK}; the rules scoped to components that appear only after it move into a
 * stylesheet of their own, which the page adds once it has painted (`data-later-styles`,
 * src/lib/dom/later-styles.ts), or at once without JavaScript (`<noscript>`).
 *
 * A rule moves only when every component it is scoped to (Astro's `data-astro-cid-*`) appears
 * after the mark and none before it, so nothing on the first screen depends on the later file.
 * Unscoped rules (the global stylesheet, keyframes, font faces) stay where they are.
 *
 * Until the file is in, what follows the mark is hidden rather than shown without its styles (a
 * visitor who scrolls at once would see a page in pieces: pictures at their full size, cards
 * without their grid); the file shows it. Should the file never come, the page shows it anyway
 * after {@link REVEAL_AFTER}: unstyled content is better than none.
 */

export const FOLD_MARK = '<!--later-styles-->';

/** How long what is below the mark waits, hidden, for its styles at most. */
export const REVEAL_AFTER = '4s';

/** The page's rule that hides what follows the mark until the later file shows it. */
export const WAIT_RULE =
  `noscript[data-later-styles]~*{visibility:hidden;animation:later-styles 0s ${REVEAL_AFTER} forwards}` +
  '@keyframes later-styles{to{visibility:visible}}';
/** The later file's own rule: what it styles is shown as soon as it is in. */
export const SHOW_RULE = 'noscript[data-later-styles]~*{visibility:visible;animation:none}';

const SCOPE = /data-astro-cid-([a-z0-9]+)/g;
const HEAD_STYLE = /<style>((?:(?!<\/style>)[\s\S])*)<\/style>/g;

/** Top-level rules and at-rule blocks of a stylesheet, as written (quotes and comments respected). */
export function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") {
      const end = css.indexOf(char, i + 1);
      i = end === -1 ? css.length : end;
    } else if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      rules.push(css.slice(start, i + 1));
      start = i + 1;
    } else if (char === ';' && depth === 0) {
      // A statement at-rule (`@import`, `@layer a, b;`) has no block.
      rules.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  const rest = css.slice(start);
  if (rest.trim()) rules.push(rest);
  return rules;
}

function scopesOf(text: string): Set<string> {
  return new Set([...text.matchAll(SCOPE)].map((match) => match[1]!));
}

const KEYFRAMES = /^\s*@keyframes\s+([\w-]+)/;

/**
 * Keyframes are unscoped, but an animation only the moved rules use belongs with them (the
 * tabs' `tab-in`): taken out of `head`'s styles and added to `moved`.
 */
function moveKeyframes(head: string, moved: string[]): string {
  const kept = [...head.matchAll(HEAD_STYLE)].flatMap((match) => topLevelRules(match[1]!));
  const uses = (rules: string[], name: string) =>
    rules.some((rule) => !KEYFRAMES.test(rule) && new RegExp(`(^|[^\\w-])${name}($|[^\\w-])`).test(rule));
  const later = new Set(
    kept.filter((rule) => {
      const name = KEYFRAMES.exec(rule)?.[1];
      return name !== undefined && uses(moved, name) && !uses(kept, name);
    }),
  );
  if (later.size === 0) return head;
  moved.push(...later);
  return head.replace(HEAD_STYLE, (whole, css: string) => {
    const rules = topLevelRules(css);
    if (!rules.some((rule) => later.has(rule))) return whole;
    const rest = rules.filter((rule) => !later.has(rule)).join('');
    return rest.trim() ? `<style>${rest}</style>` : '';
  });
}

export interface SplitStyles {
  /** The page with the later rules taken out of its `<head>` and the mark replaced. */
  html: string;
  /** The rules that moved, in their order; empty when nothing moved (the page is then unchanged). */
  css: string;
}

/**
 * Splits `html`'s head styles at its fold mark. `href(css)` names the stylesheet the moved rules
 * are written to (a content-hashed address, chosen by the caller).
 */
export function splitLaterStyles(html: string, href: (css: string) => string): SplitStyles {
  const mark = html.indexOf(FOLD_MARK);
  const headEnd = html.indexOf('</head>');
  const bodyStart = html.indexOf('<body', headEnd);
  if (mark === -1 || headEnd === -1 || bodyStart === -1 || mark < bodyStart) return { html, css: '' };
  const before = scopesOf(html.slice(bodyStart, mark));
  const after = scopesOf(html.slice(mark));
  const isLater = (rule: string) => {
    const scopes = scopesOf(rule);
    if (scopes.size === 0) return false;
    for (const scope of scopes) if (before.has(scope) || !after.has(scope)) return false;
    return true;
  };
  const moved: string[] = [];
  let head = html.slice(0, headEnd).replace(HEAD_STYLE, (whole, css: string) => {
    const rules = topLevelRules(css);
    const later = rules.filter(isLater);
    if (later.length === 0) return whole;
    moved.push(...later);
    const kept = rules.filter((rule) => !isLater(rule)).join('');
    return kept.trim() ? `<style>${kept}</style>` : '';
  });
  if (moved.length === 0) return { html: html.replace(FOLD_MARK, ''), css: '' };
  head = moveKeyframes(head, moved);
  head = `${head}<style>${WAIT_RULE}</style>`;
  const css = moved.join('') + SHOW_RULE;
  const url = href(css);
  const link = `<noscript data-later-styles="${url}"><link rel="stylesheet" href="${url}"></noscript>`;
  const body = html.slice(headEnd).replace(FOLD_MARK, link);
  return { html: head + body, css };
}
