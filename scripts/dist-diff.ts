/**
 * `node scripts/dist-diff.ts <before> <after>`: compares two builds of the same content, file by
 * file, with hashed asset names normalised (`Carousel.B2x_9fQa.js` → `Carousel.#.js`, in paths and
 * inside files), so that a change which moves code without changing what it does shows as none.
 * CSP script hashes are normalised too: they follow the inline scripts, which are compared as text.
 * So are the reference API's local port and the islands' uids (a hash of their props).
 * Prints the files only in one build and the ones that differ; exits 1 when there is any.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const HASHED_NAME = /([A-Za-z0-9_@-]+)\.[A-Za-z0-9_-]{8}\.(js|css|mjs|webp|avif|png|jpg|jpeg|svg|woff2?)\b/g;
const CSP_HASH = /'sha(256|384|512)-[A-Za-z0-9+/=]+'/g;
// Builds made side by side read the reference API on different ports; islands' uids hash their props.
const LOCAL_API = /http:\/\/127\.0\.0\.1:\d+/g;
const ISLAND_UID = / uid="[A-Za-z0-9_-]+"/g;
const TEXT = /\.(html|js|mjs|css|xml|txt|json|svg|webmanifest|map)$|(^|\/)_headers$|(^|\/)_redirects$/;

export function normalise(text: string): string {
  return text
    .replace(HASHED_NAME, '$1.#.$2')
    .replace(CSP_HASH, "'sha$1-#'")
    .replace(LOCAL_API, 'http://127.0.0.1:#')
    .replace(ISLAND_UID, ' uid="#"');
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}

function index(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of walk(root)) {
    const rel = normalise(relative(root, file).split(sep).join('/'));
    const bytes = readFileSync(file);
    const digest = TEXT.test(rel)
      ? createHash('sha256')
          .update(normalise(bytes.toString('utf8')))
          .digest('hex')
      : createHash('sha256').update(bytes).digest('hex');
    // Two chunks may share a base name: keep every digest under the one normalised path.
    files.set(rel, [files.get(rel), digest].filter(Boolean).sort().join(','));
  }
  return files;
}

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('사용법: node scripts/dist-diff.ts <이전 빌드 폴더> <새 빌드 폴더>');
  process.exit(2);
}
const a = index(before);
const b = index(after);
const onlyBefore = [...a.keys()].filter((key) => !b.has(key)).sort();
const onlyAfter = [...b.keys()].filter((key) => !a.has(key)).sort();
const changed = [...a.keys()].filter((key) => b.has(key) && a.get(key) !== b.get(key)).sort();
for (const file of onlyBefore) console.log(`- ${file}`);
for (const file of onlyAfter) console.log(`+ ${file}`);
for (const file of changed) console.log(`~ ${file}`);
console.log(
  `\n${a.size}개 파일 비교: 이전에만 ${onlyBefore.length}, 새 빌드에만 ${onlyAfter.length}, 다름 ${changed.length}`,
);
process.exit(onlyBefore.length + onlyAfter.length + changed.length === 0 ? 0 : 1);
