/**
 * An SVG picture without its text, for a picture that must paint with the HTML (the first list
 * card's, inlined). The browser lays out an SVG picture on the page's main thread, and its text
 * there is shaped with font fallback, again at each size the picture is drawn at: the first card's
 * Korean captions cost a slow phone 35-55 ms of layout after the first paint in our traces, most of
 * a list page's blocking time. The shapes alone lay out in about a millisecond; the text comes
 * with the WebP file of the whole picture drawn over them (lead-card-picture.ts).
 */
import { Parser } from 'htmlparser2';

/** Elements the browser lays out as text: SVG text (with its tspans) and embedded HTML. */
const TEXT_ELEMENTS = new Set(['text', 'foreignobject']);

/** The `[start, end)` ranges of the outermost text elements of `svg`. */
function textRanges(svg: string): [number, number][] {
  const ranges: [number, number][] = [];
  let depth = 0;
  let start = 0;
  const parser: Parser = new Parser(
    {
      onopentag(name) {
        if (TEXT_ELEMENTS.has(name) || depth > 0) {
          if (depth === 0) start = parser.startIndex;
          depth++;
        }
      },
      onclosetag() {
        if (depth === 0) return;
        depth--;
        if (depth === 0) ranges.push([start, parser.endIndex + 1]);
      },
    },
    { xmlMode: true, lowerCaseTags: true },
  );
  parser.end(svg);
  return ranges;
}

/** `svg` without its text elements; null when it has none (nothing to gain). */
export function svgWithoutText(svg: string): string | null {
  const ranges = textRanges(svg);
  if (ranges.length === 0) return null;
  let kept = '';
  let from = 0;
  for (const [start, end] of ranges) {
    kept += svg.slice(from, start);
    from = end;
  }
  return kept + svg.slice(from);
}

const SVG_DATA_PREFIX = 'data:image/svg+xml,';

/** The SVG document inside a `data:` address made by svgDataUri (data-uri.ts); null for any other. */
export function svgOfDataUri(uri: string): string | null {
  if (!uri.startsWith(SVG_DATA_PREFIX)) return null;
  try {
    return decodeURIComponent(uri.slice(SVG_DATA_PREFIX.length));
  } catch {
    return null;
  }
}
