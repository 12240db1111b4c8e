/**
 * The home's hero picture as a `Link: <…>; rel=preload` response header, read from the built page
 * itself: the `<picture>` whose `<img>` says `fetchpriority="high"`, and of it the first `<source>`
 * (where its `media` holds, a browser that reads its type takes it). The header carries that
 * source's `media`, `type`, `srcset` and `sizes` as they are written, so the browser preloads the
 * very file the picture then picks and reuses the answer: one request, started with the
 * document's headers instead of when the parser reaches the picture. A source of one file is named
 * by the link's address alone: the header is part of the document's first round trip.
 */
import { Parser } from 'htmlparser2';

/** What a `<picture>` asks for, as its HTML writes it. */
export interface PreloadedPicture {
  /** The first candidate: what a browser without `imagesrcset` would fetch. */
  href: string;
  /** The source's `type` (`image/avif`): a browser that cannot show it skips the preload. */
  type?: string | undefined;
  srcset?: string | undefined;
  sizes?: string | undefined;
  /** The source's `media`: where to preload it; everywhere when not given. */
  media?: string | undefined;
}

/** The first line of the rules a build adds to `_headers`; what comes before it is `public/_headers`. */
export const BUILT_RULES_MARKER = '# Added by the build (src/integrations/hero-preload/)';

/** The page's high-priority `<picture>`: its first `<source>`, or its `<img>` when it has none. */
export function priorityPicture(html: string): PreloadedPicture | undefined {
  // htmlparser2 reads the attributes with their character references decoded, as the rebuild's
  // validation reads pages.
  let inPicture = false;
  let source: Record<string, string> | undefined;
  let found: PreloadedPicture | undefined;
  const parser = new Parser({
    onopentag(name, attribs) {
      if (found) return;
      if (name === 'picture') [inPicture, source] = [true, undefined];
      else if (name === 'source' && inPicture) source ??= attribs;
      else if (name === 'img' && inPicture && attribs.fetchpriority?.toLowerCase() === 'high') {
        const tag = source ?? attribs;
        const href = tag.srcset?.trim().split(/\s+/)[0] ?? attribs.src;
        if (href)
          found = { href, type: tag.type, srcset: tag.srcset, sizes: tag.sizes, media: source?.media };
      }
    },
    onclosetag(name) {
      if (name === 'picture') inPicture = false;
    },
  });
  parser.end(html);
  return found;
}

/** A Link parameter's quoted value (RFC 8288: a quoted-string, which ours never need to escape). */
function quoted(name: string, value: string): string {
  if (/["\\\u0000-\u001f\u007f]/.test(value))
    throw new Error(`${name}에 Link 헤더에 쓸 수 없는 문자가 있습니다: ${value}`);
  return `${name}="${value}"`;
}

/**
 * Whether a `srcset` offers more than one file. One file is the one a browser takes whatever its
 * descriptor says (a width descriptor, which the HTML checker wants beside `sizes`, only sets the
 * picture's density), so the link's address names it alone.
 */
function offersChoice(srcset: string | undefined): boolean {
  return srcset !== undefined && srcset.split(',').filter((candidate) => candidate.trim()).length > 1;
}

/** `</_astro/hero.avif>; rel=preload; as=image; type="image/avif"; [imagesrcset="…"; imagesizes="…";] media="…"; fetchpriority=high` */
export function preloadLink(picture: PreloadedPicture): string {
  if (/[<>\s"\\]/.test(picture.href)) throw new Error(`Link 헤더에 쓸 수 없는 주소입니다: ${picture.href}`);
  const srcset = offersChoice(picture.srcset) ? picture.srcset : undefined;
  return [
    `<${picture.href}>`,
    'rel=preload',
    'as=image',
    ...(picture.type ? [quoted('type', picture.type)] : []),
    ...(srcset ? [quoted('imagesrcset', srcset)] : []),
    ...(srcset && picture.sizes ? [quoted('imagesizes', picture.sizes)] : []),
    ...(picture.media ? [quoted('media', picture.media)] : []),
    'fetchpriority=high',
  ].join('; ');
}

/**
 * `_headers` with the build's rules (a `Link` for each path) in place of any written before: the
 * project's rules first, untouched (a host reads them alike), then the marker and one rule per
 * path. Only the `/*` rule reaches these paths besides, and it has no `Link`, so Cloudflare has
 * nothing to join it with.
 */
export function withBuiltRules(headersFile: string, paths: string[], link: string): string {
  const at = headersFile.indexOf(`\n${BUILT_RULES_MARKER}`);
  const project = at === -1 ? headersFile : headersFile.slice(0, at);
  const rules = paths.map((path) => `${path}\n  Link: ${link}\n`).join('');
  return `${project}${project.endsWith('\n') ? '' : '\n'}\n${BUILT_RULES_MARKER}: the home's hero picture,\n# announced with the document (its names are hashed, so only the build knows them).\n${rules}`;
}
