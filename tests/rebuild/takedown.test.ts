// @vitest-environment node
/**
 * Deleted means gone, end to end: text the content team removes (a sentence edited out, an item
 * deleted) is in no file the live release serves after the publish that removes it, whether that
 * publish was a poll or `npm run takedown` (`rebuild --item`, deploy to a host folder, purge at a
 * stand-in of the CDN's API); the host's pool of hashed files and the edge let go of the search
 * files that held it.
 *
 * The text is a sentence of syllables used nowhere else in the content, and a Latin word and a
 * number of its own: none of its two-syllable pieces, nor the word, may be left in any file, as
 * UTF-8 or as a JSON escape. The steps build on each other (each publish over the one before),
 * so they run in order in one file.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/content-api/server.ts';
import { endpointUrl } from '../../src/lib/api/endpoints.ts';
import { ListResponseSchema } from '../../src/lib/api/schemas.ts';
import { startPurgeApi, type PurgeApiStandIn } from '../deploy/purge-api.ts';
import { makeWorkFolder, runRebuildCli, runScript, type ScriptRun } from '../support/publish-run.ts';

const STEP_TIMEOUT = 240_000;
interface Secret {
  /** Syllables no other text of the site uses: any two of them side by side are this sentence's. */
  sentence: string;
  word: string;
  number: string;
}
/** Planted in an FAQ answer on page 2, then edited out. */
const EDITED: Secret = { sentence: '뷁퓳뙇쀍 꿿쌰뜌 휗쓟', word: 'zorvexquill', number: '0107734912' };
/** An FAQ item of its own, then deleted. */
const DELETED: Secret = { sentence: '쀓뙜꽦 뷇퓛쓔뜤', word: 'quibblefrond', number: '0104418823' };
const ALL_SECRETS = [EDITED, DELETED];
const SITE = 'https://www.insighthire.example';

let work: string;
let contentDir: string;
let out: string;
let host: string;
let api: RunningServer | undefined;
let port = 0;
let purge: PurgeApiStandIn;

interface FaqFile {
  topics: unknown[];
  items: { analytics_page_id: string; post_body: string; title: string; [key: string]: unknown }[];
}
const faqFile = () => join(contentDir, 'faq.json');
const readFaq = (): FaqFile => JSON.parse(readFileSync(faqFile(), 'utf8')) as FaqFile;
const writeFaq = (faq: FaqFile) => writeFileSync(faqFile(), `${JSON.stringify(faq, null, 2)}\n`);

async function restartApi(): Promise<void> {
  await api?.close();
  api = await startServer({ contentDir, port });
  port = api.port;
}

/** The two-syllable pieces of a secret's sentence, its word and its number. */
function secretPieces({ sentence, word, number }: Secret): string[] {
  const pieces = new Set<string>([word, number]);
  for (const part of sentence.split(' '))
    for (let i = 0; i + 1 < part.length; i++) pieces.add(part.slice(i, i + 2));
  return [...pieces];
}

/** A piece as UTF-8 text and as the `\uXXXX` escapes a JSON writer may use. */
function spellings(piece: string): string[] {
  const escape = (upper: boolean) =>
    [...piece]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (code < 0x80) return char;
        const hex = code.toString(16).padStart(4, '0');
        return `\\u${upper ? hex.toUpperCase() : hex}`;
      })
      .join('');
  return [...new Set([piece, escape(false), escape(true)])];
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (statSync(path).isFile()) found.push(path);
    }
  };
  walk(dir);
  return found;
}

/** `file: piece` for every piece of the secrets found in a file under the folders. */
function secretsIn(secrets: readonly Secret[], ...dirs: string[]): string[] {
  const found: string[] = [];
  const pieces = secrets.flatMap(secretPieces).flatMap(spellings);
  for (const dir of dirs)
    for (const file of filesUnder(dir)) {
      const text = readFileSync(file, 'utf8');
      for (const piece of pieces) if (text.includes(piece)) found.push(`${relative(work, file)}: ${piece}`);
    }
  return found;
}

/** What the live release serves: the release folder (the host: its `current` and its pool). */
const servedRelease = () => join(out, 'current');
const hostServed = () => [join(host, 'current'), join(host, 'assets')];

function rebuild(...args: string[]): Promise<ScriptRun> {
  return runRebuildCli(out, `http://127.0.0.1:${port}`, args);
}

/** `npm run takedown -- ID --out OUT --to HOST --purge` against the stand-in CDN. */
function takedown(id: string): Promise<ScriptRun> {
  return runScript('scripts/publish/takedown.ts', [id, '--out', out, '--to', host, '--purge'], {
    PUBLIC_CONTENT_API_URL: `http://127.0.0.1:${port}`,
    GITHUB_OUTPUT: '',
    SITE_URL: SITE,
    CLOUDFLARE_ZONE_ID: '0123456789abcdef0123456789abcdef',
    CLOUDFLARE_PURGE_TOKEN: 'token-test',
    CLOUDFLARE_API_BASE: purge.url,
  });
}

async function deploy(): Promise<void> {
  const run = await runScript('scripts/publish/deploy.ts', ['--from', servedRelease(), '--to', host]);
  expect(run.code, run.stderr + run.stdout).toBe(0);
}

/** Every address the stand-in CDN was asked to purge, or `everything`. */
function purgedAddresses(): string[] {
  return purge.requests.flatMap((request) => {
    const body = request.body as { files?: string[]; purge_everything?: boolean };
    return body.purge_everything ? ['everything'] : (body.files ?? []);
  });
}

const searchFilesOf = (release: string) => new Set(readdirSync(join(release, 'search-index')));

/** The ids on page 2 of the FAQ list, as the API pages `/faq/search`. */
async function faqPage2Ids(): Promise<string[]> {
  const res = await fetch(endpointUrl(`http://127.0.0.1:${port}`, 'faqSearch', { page: 2, term: '' }));
  return ListResponseSchema.parse(await res.json()).objects.map((item) => item.analytics_page_id);
}

/** The FAQ on page 2 whose answer holds the secret, and the FAQ item that is the secret. */
let editedId = '';
const DELETED_ID = 'faq-takedown';

/** Puts the secret into the content before the first build, so the index's base files hold it. */
async function plantSecret(): Promise<void> {
  editedId = (await faqPage2Ids())[0]!;
  const faq = readFaq();
  const item = faq.items.find((entry) => entry.analytics_page_id === editedId)!;
  item.post_body = `${item.post_body}<p>담당자 ${EDITED.sentence} ${EDITED.word} ${EDITED.number}</p>`;
  faq.items.push({
    ...faq.items[0]!,
    analytics_page_id: DELETED_ID,
    absolute_url: `/faq#${DELETED_ID}`,
    title: `지원자 연락처 안내 ${DELETED.word}`,
    created_time: '2026-12-30T09:00:00+09:00',
    post_body: `<p>${DELETED.sentence} ${DELETED.number}</p>`,
  });
  writeFaq(faq);
  await restartApi();
}

beforeAll(async () => {
  ({ work, contentDir, out } = makeWorkFolder('takedown-test-'));
  host = join(work, 'host');
  // The secret is used nowhere in the content to begin with.
  expect(secretsIn(ALL_SECRETS, contentDir)).toEqual([]);
  api = await startServer({ contentDir, port: 0 });
  port = api.port;
  purge = await startPurgeApi();
  await plantSecret();
  const first = await rebuild();
  expect(first.code, first.stderr + first.stdout).toBe(0);
  await deploy();
}, STEP_TIMEOUT);

afterAll(async () => {
  await api?.close();
  await purge?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('deleted means gone', () => {
  it("the first release holds each secret in the search index's base files, on the host's pool too", () => {
    for (const secret of ALL_SECRETS) {
      expect(secretsIn([secret], join(servedRelease(), 'search-index'))).not.toEqual([]);
      expect(secretsIn([secret], join(host, 'assets', 'search-index'))).not.toEqual([]);
    }
  });

  it(
    'a sentence edited out of an FAQ answer on page 2 is gone from every served file after npm run takedown, the pool and the edge included',
    { timeout: STEP_TIMEOUT },
    async () => {
      const before = searchFilesOf(servedRelease());
      // Edited out; the content file keeps its time, so only the item's own read can tell.
      const { atime, mtime } = statSync(faqFile());
      const faq = readFaq();
      const item = faq.items.find((entry) => entry.analytics_page_id === editedId)!;
      item.post_body = item.post_body.replace(/<p>담당자 [^<]*<\/p>$/, '');
      writeFaq(faq);
      utimesSync(faqFile(), atime, mtime);
      await restartApi();
      purge.requests.length = 0;
      const run = await takedown(editedId);
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(run.stdout).toContain('게시 내리기를 마쳤습니다');
      expect(secretsIn([EDITED], servedRelease(), ...hostServed())).toEqual([]);

      const after = searchFilesOf(servedRelease());
      const withdrawn = [...before].filter((name) => !after.has(name));
      expect(withdrawn.length).toBeGreaterThan(0);
      // Gone from the host's pool at once, and named at the edge (or the whole zone purged).
      for (const name of withdrawn)
        expect(existsSync(join(host, 'assets', 'search-index', name))).toBe(false);
      const purged = purgedAddresses();
      expect(purged.length).toBeGreaterThan(0);
      if (!purged.includes('everything'))
        for (const name of withdrawn) expect(purged).toContain(`${SITE}/search-index/${name}`);
    },
  );

  it(
    'a deleted item is gone from every served file after the next poll, and from the host after npm run takedown',
    { timeout: STEP_TIMEOUT },
    async () => {
      const faq = readFaq();
      writeFaq({ ...faq, items: faq.items.filter((entry) => entry.analytics_page_id !== DELETED_ID) });
      await restartApi();
      const poll = await rebuild();
      expect(poll.code, poll.stderr + poll.stdout).toBe(0);
      expect(secretsIn(ALL_SECRETS, servedRelease())).toEqual([]);
      // The host still serves the last deploy until the takedown deploys this release.
      expect(secretsIn([DELETED], ...hostServed())).not.toEqual([]);

      const run = await takedown(DELETED_ID);
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(secretsIn(ALL_SECRETS, servedRelease(), ...hostServed())).toEqual([]);
    },
  );
});
