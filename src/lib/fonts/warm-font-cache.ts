/**
 * Puts Pretendard's stylesheet and the subset files a page needs into the HTTP cache: the
 * requests a font load would make (same origin, CORS mode, low priority), each body read to the
 * end, which is what stores the whole file. It runs in a worker (src/lib/fonts/font-cache.worker.ts):
 * on the page's own thread the fetches and their bodies were 20 ms of work on a fast desktop,
 * long tasks on a slow phone.
 */
import { parseFontFaces, parseSubsetIndexes } from './font-loading.ts';

/** Low priority: these downloads are for the next page and must not compete with this one's. */
const LOW: RequestInit & { priority: 'low' } = { priority: 'low' };

/** What the page asks for: the stylesheet's absolute address and its `data-web-font-subsets`. */
export interface WarmRequest {
  href: string;
  subsets: string | null | undefined;
}

/** True when the stylesheet and every listed file arrived (and so are in the cache). */
export async function warmFontCache(
  { href, subsets }: WarmRequest,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const response = await fetcher(href, LOW);
  if (!response.ok) return false;
  const rules = parseFontFaces(await response.text());
  const files = await Promise.all(
    parseSubsetIndexes(subsets, rules.length).map(async (index) => {
      const font = await fetcher(new URL(rules[index]!.url, href).toString(), { ...LOW, mode: 'cors' });
      if (font.ok) await font.arrayBuffer();
      return font.ok;
    }),
  );
  return files.every(Boolean);
}
