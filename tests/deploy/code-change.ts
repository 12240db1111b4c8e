/**
 * A second release that differs from the first as a code change does, made in a second instead
 * of a build: a copy whose `/_astro/*.js` chunks have new hashed names, with every reference to
 * them rewritten (pages, other chunks, inline scripts) and the pages' CSP hashes of the inline
 * scripts that changed recomputed, so a browser runs it as it would a real build. The other
 * hashed files (pictures, fonts) keep their names: both releases share them, as real ones do.
 *
 *     const { id, renamed } = makeCodeChangedRelease('out/current', `${work}/second/code-2`);
 */
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { RELEASE_ID } from '../../scripts/publish/deploy/host-paths.ts';

export interface CodeChangedRelease {
  /** The new folder (its name is the release id `npm run deploy` gives it). */
  dir: string;
  id: string;
  /** Old chunk name → new chunk name (`FaqList.C11b2tlz.js` → `FaqList.Xb3k9QzA.js`). */
  renamed: Map<string, string>;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

/** The chunk's name with a new 8-character hash where Vite put its own (`name.HASH.js`, `name-HASH.js`). */
function newName(name: string, salt: string): string {
  const hash = createHash('sha256').update(`${salt}:${name}`).digest('base64url').slice(0, 8);
  const match = /^(.*[.-])[A-Za-z0-9_-]{8}\.js$/.exec(name);
  return match ? `${match[1]}${hash}.js` : `${name.slice(0, -3)}.${hash}.js`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** Inline scripts (no `src`) of a page, in order. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[1] ?? ''))
    .map((match) => match[2]!);
}

/**
 * Copies the release at `from` (symbolic links resolved) to `to` and gives its JavaScript chunks
 * new names. `to`'s own name becomes the release id, so it must be a plain name
 * (`[A-Za-z0-9._-]`).
 */
export function makeCodeChangedRelease(from: string, to: string, salt = basename(to)): CodeChangedRelease {
  if (!RELEASE_ID.test(basename(to))) throw new Error(`릴리스 폴더 이름으로 쓸 수 없습니다: ${basename(to)}`);
  cpSync(realpathSync(from), to, { recursive: true });
  const astro = join(to, '_astro');
  const renamed = new Map<string, string>();
  for (const name of readdirSync(astro).filter((file) => file.endsWith('.js'))) {
    const next = newName(name, salt);
    renameSync(join(astro, name), join(astro, next));
    renamed.set(name, next);
  }
  // `/name` covers `/_astro/name` (pages, inline scripts) and `./name` (imports between chunks).
  const reference = new RegExp(
    `/(${[...renamed.keys()].map(escapeRegExp).join('|')})(?![A-Za-z0-9._-])`,
    'g',
  );
  const rewrite = (text: string) => text.replace(reference, (_, name: string) => `/${renamed.get(name)}`);

  for (const file of files(to)) {
    const type = extname(file);
    if (!['.html', '.js', '.css', '.mjs'].includes(type)) continue;
    const before = readFileSync(file, 'utf8');
    let after = rewrite(before);
    if (after === before) continue;
    if (type === '.html') {
      // The page's CSP allows its inline scripts by hash: a rewritten script needs its new hash.
      const oldScripts = inlineScripts(before);
      const newScripts = inlineScripts(after);
      oldScripts.forEach((script, index) => {
        const updated = newScripts[index]!;
        if (updated !== script)
          after = after.split(`'sha256-${sha256(script)}'`).join(`'sha256-${sha256(updated)}'`);
      });
    }
    writeFileSync(file, after);
  }
  return { dir: to, id: basename(to), renamed };
}
