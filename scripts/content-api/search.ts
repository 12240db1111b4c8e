/**
 * Search term matching of the content API: case-insensitive, after Unicode NFC normalisation,
 * a substring of the title, meta description, tags or body (contract, "Search").
 */

/** The fields a search looks at; any may be missing. */
export interface Searchable {
  title?: string | undefined;
  html_title?: string | undefined;
  meta_description?: string | undefined;
  tags?: string | readonly { name: string }[] | undefined;
  /** FAQ answer HTML. */
  post_body?: string | undefined;
  /** Article HTML (HR and success stories, patents). */
  content?: string | undefined;
  /** Seminar place. */
  addr?: string | undefined;
}

/**
 * Folds text for comparison: NFC first, so decomposed Hangul typed on some systems (NFD) equals
 * the precomposed Hangul of the content, then lower case so `ai` finds `AI`.
 */
export function foldText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

// Block-level tags separate words; inline tags (<strong>, <a>...) may sit inside one word,
// as in 구조화<strong>면접</strong>, so they are dropped without a gap.
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|tr|td|th|table|thead|tbody|blockquote|section|article|figure|figcaption|img|pre)\b[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The visible text of an HTML fragment, so a search never matches markup such as `class`. */
export function htmlToText(html: string): string {
  return html
    .replace(BLOCK_TAG, ' ')
    .replace(ANY_TAG, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

/** Tag text of an item: news sends a comma separated string, FAQ and success an array of names. */
function tagText(tags: Searchable['tags']): string {
  if (tags === undefined) return '';
  return typeof tags === 'string' ? tags : tags.map((tag) => tag.name).join('\n');
}

/**
 * The folded text a term is matched against. Fields are joined by a newline so that a term
 * (a single line from a search box) cannot match across the end of one field and the start
 * of the next.
 */
export function searchText(item: Searchable): string {
  const parts = [
    item.title,
    item.html_title,
    item.meta_description,
    tagText(item.tags),
    item.post_body === undefined ? undefined : htmlToText(item.post_body),
    item.content === undefined ? undefined : htmlToText(item.content),
    item.addr,
  ];
  return foldText(parts.filter((part): part is string => Boolean(part)).join('\n'));
}

/** Folds a raw term for {@link matches}; surrounding white space is not part of the term. */
export function prepareTerm(term: string): string {
  return foldText(term).trim();
}

/** Whether a prepared term occurs in an item's {@link searchText}; an empty term matches all. */
export function matches(text: string, preparedTerm: string): boolean {
  return preparedTerm === '' || text.includes(preparedTerm);
}
