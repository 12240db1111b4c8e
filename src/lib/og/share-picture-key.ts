/**
 * Build time: the key of a share picture in the store of drawn pictures (share-pictures.ts): a
 * digest of what the picture shows and of how it is drawn. Same key, same bytes; so a build after
 * a code change that leaves the drawer alone (a style, a UI string, a page) restores every picture,
 * and a change to the drawer (its code, its fonts, its libraries) draws every picture again.
 *
 * The drawer's code is found, not listed: the files that render-share-image.ts and the worker
 * import, followed through relative imports (type-only imports left out: they draw nothing). A
 * file the drawer starts to import is in the key from that day, without anyone remembering to add
 * it; the price is that the drawer must not import the site's copy or the API client
 * (src/lib/images/fetch-image.ts exists for that), or every UI string would redraw every picture.
 *
 * An item picture is keyed by its address, not its bytes (decided here): the content API's
 * contract (shared/content-api.md) says nothing of a picture changing under the same address, and
 * the rest of the site already reads an address as naming its picture (the pages' and Astro's
 * cache keys, the rebuild's change check). Fetching each picture on every build to hash it would
 * cost thousands of polite calls at 50× our content, the very work the store saves. A CMS that
 * replaces a picture in place shows the new one once the item's title or address changes, the
 * drawer changes, or `<cacheDir>/share-pictures/` is emptied.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import sharp from 'sharp';
import { DEFAULT_PICTURE_FILE, type RenderOptions } from './render-share-image.ts';
import type { ShareCard } from './share-cards.ts';
import { shareFontFiles } from './share-image-fonts.ts';

/** The drawer's entry points, relative to the project root. */
export const DRAWER_ENTRIES = ['src/lib/og/render-share-image.ts', 'src/lib/og/share-picture-worker.ts'];
/** Libraries whose version changes a drawing (pretendard: the fonts SVG text is drawn with). */
const DRAWING_PACKAGES = ['satori', 'pretendard'];

// A static `import`/`export … from` of a relative file, not `import type`; no `;` or quote inside
// the clause, so a match never runs on into the next statement.
const RELATIVE_IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every project file the drawer's code is made of (`?raw` imports included), sorted. */
export function drawerSources(root: string, entries: readonly string[] = DRAWER_ENTRIES): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    if (!/\.[cm]?tsx?$/.test(file)) return;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT))
      visit(resolve(dirname(file), specifier!.replace(/\?.*$/, '')));
  };
  for (const entry of entries) visit(resolve(root, entry));
  return [...seen].sort();
}

const digests = new Map<string, string>();

/**
 * The digest of how pictures are drawn: the drawer's files, the fonts satori reads, the default
 * picture, and the drawing libraries' versions (libvips' too). Once per build and root.
 */
export function drawerDigest(root: string): string {
  let digest = digests.get(root);
  if (digest) return digest;
  const hash = createHash('sha256');
  const files = [...drawerSources(root), ...shareFontFiles(root), join(root, 'public', DEFAULT_PICTURE_FILE)];
  for (const file of files) hash.update(`${relative(root, file)}\0`).update(readFileSync(file));
  const require = createRequire(join(root, 'package.json'));
  for (const name of DRAWING_PACKAGES)
    hash.update(`${name}@${(require(`${name}/package.json`) as { version: string }).version}\0`);
  // sharp's own version and libvips', librsvg's, mozjpeg's…
  hash.update(JSON.stringify(sharp.versions));
  digest = hash.digest('hex');
  digests.set(root, digest);
  return digest;
}

/** JSON with its object keys sorted, so that a card's field order never changes its key. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : entry,
  );
}

/**
 * The store key of `card` drawn with `options` by the drawer of digest `drawer`: every field of
 * the card (a field added later is keyed without a change here), the options that reach the
 * picture (brand, host, the API's origin and the other image hosts the build may fetch from) and
 * the drawer.
 */
export function sharePictureKey(card: ShareCard, options: RenderOptions, drawer: string): string {
  const { root: _root, ...drawn } = options;
  const imageHosts = process.env.CONTENT_IMAGE_HOSTS ?? '';
  return createHash('sha256')
    .update(canonical({ card, options: drawn, imageHosts, drawer }))
    .digest('hex');
}
