/**
 * What a page shows as text, read at build time (the web font subsets a page needs, see
 * src/lib/fonts/pretendard.ts).
 */
import { Parser } from 'htmlparser2';

/** Elements whose content the browser does not draw as text. */
const NOT_DRAWN = new Set(['script', 'style', 'template']);

/**
 * The text a browser draws for a rendered page or fragment: its text nodes and placeholders,
 * character references decoded (htmlparser2, as the rebuild's validation reads pages). Scripts,
 * styles and templates are left out, and so are alt texts (drawn only when a picture fails).
 */
export function visibleTextOfHtml(html: string): string {
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (NOT_DRAWN.has(name)) hidden++;
        if (attribs['placeholder']) parts.push(attribs['placeholder']);
      },
      ontext(text) {
        if (hidden === 0) parts.push(text);
      },
      onclosetag(name) {
        if (NOT_DRAWN.has(name)) hidden--;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join(' ');
}
