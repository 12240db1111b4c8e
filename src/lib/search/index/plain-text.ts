/**
 * Plain text of sanitised HTML for the search: text nodes joined as a browser lays them out, so
 * `<strong>자료</strong>로` stays one word (an excerpt must read as the page does) while block
 * elements and line breaks separate words.
 */
import { Parser } from 'htmlparser2';

/** Elements whose content the browser does not draw as text. */
const NOT_DRAWN = new Set(['script', 'style', 'template']);

/** Elements that start a new line: their edges separate words. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'caption',
  'iframe',
  'img',
]);

export function plainTextOfHtml(html: string): string {
  let text = '';
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (NOT_DRAWN.has(name)) hidden++;
        if (BLOCKS.has(name)) text += ' ';
      },
      ontext(chunk) {
        if (hidden === 0) text += chunk;
      },
      onclosetag(name) {
        if (NOT_DRAWN.has(name)) hidden--;
        if (BLOCKS.has(name)) text += ' ';
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text.replace(/\s+/g, ' ').trim();
}
