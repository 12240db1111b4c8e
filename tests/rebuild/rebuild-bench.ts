/**
 * What the whole-run tests of `npm run rebuild` (rebuild.test.ts, rebuild-remote.test.ts,
 * rebuild-safety.test.ts) share: a work folder with a copy of the content, the reference content
 * server on it (or a stand-in on its port), the CLI run against them, and readers of the release
 * `current` points at.
 *
 * `rebuildBench(prefix)` is called once at the top of a test file: it registers the file's
 * beforeAll (work folder, server) and afterAll (stop, remove) and returns the helpers, which share
 * that file's state. Read the state through the bench (`bench.out`, `bench.api`), never from a
 * destructured copy: it is set in beforeAll. The helpers themselves may be destructured.
 */
import { readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type RemoteOptions, type RunningServer } from '../../scripts/content-api/server.ts';
import { endpointUrl } from '../../src/lib/api/endpoints.ts';
import { createSearcher } from '../../src/lib/search/engine/searcher.ts';
import { ListResponseSchema } from '../../src/lib/api/schemas.ts';
import { makeWorkFolder, runRebuildCli, type ScriptRun } from '../support/publish-run.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const STEP_TIMEOUT = 240_000;

export interface HrStoriesFile {
  topics: unknown[];
  items: {
    analytics_page_id: string;
    absolute_url: string;
    title: string;
    created_time: string;
    [key: string]: unknown;
  }[];
}

interface FaqFile {
  topics: unknown[];
  items: { analytics_page_id: string; post_body: string; [key: string]: unknown }[];
}

export type RebuildBench = ReturnType<typeof rebuildBench>;

/** The bench of one test file, in a fresh work folder named `prefix…`. */
export function rebuildBench(prefix: string) {
  let work: string;
  let contentDir: string;
  let out: string;
  let port: number;
  let api: RunningServer | undefined;
  let fake: Server | undefined;
  /** Faults of the reference server while a test wants the API to behave like a remote one. */
  let remote: RemoteOptions | null = null;
  /** The API calls of the last successful run's snapshot. */
  let lastSnapshotCalls = 0;

  const hrFile = () => join(contentDir, 'hr-stories.json');
  const readHr = (): HrStoriesFile => JSON.parse(readFileSync(hrFile(), 'utf8')) as HrStoriesFile;
  const writeHr = (data: HrStoriesFile) => writeFileSync(hrFile(), `${JSON.stringify(data, null, 2)}\n`);
  const apiUrl = () => `http://127.0.0.1:${port}`;

  /** (Re)starts the reference server on the same port: image addresses carry the origin. */
  async function restartApi(): Promise<void> {
    await stopApi();
    api = await startServer({ contentDir, port, remote });
  }

  async function stopApi(): Promise<void> {
    await api?.close();
    api = undefined;
    if (fake) {
      const server = fake;
      fake = undefined;
      // Keep-alive connections from the CLI's fetch would hold close() for seconds.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  }

  /**
   * A stand-in API on the same port answering with `handler`'s status and body, or passing the
   * request on to `upstream` (with its original Host, so image addresses stay the same).
   */
  async function startFake(
    handler: (req: IncomingMessage) => { status: number; body: string } | 'proxy' | 'drop' | 'hang',
    upstream?: string,
  ): Promise<void> {
    await stopApi();
    const server = createServer((req, res) => {
      const answer = handler(req);
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      if (answer === 'hang') return;
      if (answer === 'proxy' && upstream) {
        const forward = request(`${upstream}${req.url ?? '/'}`, { headers: req.headers }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        forward.on('error', () => res.destroy());
        forward.end();
        return;
      }
      const { status, body } = answer === 'proxy' ? { status: 502, body: '{}' } : answer;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    fake = server;
  }

  /** Runs `scripts/publish/rebuild.ts` the way `npm run rebuild` does. */
  function rebuild(...args: string[]): Promise<ScriptRun> {
    return rebuildWithEnv({}, ...args);
  }

  async function rebuildWithEnv(env: Record<string, string>, ...args: string[]): Promise<ScriptRun> {
    const run = await runRebuildCli(out, apiUrl(), args, env);
    const calls = /API 호출 (\d+)건/.exec(run.stdout);
    if (run.code === 0 && calls) lastSnapshotCalls = Number(calls[1]);
    return run;
  }

  const current = () => join(out, 'current');
  const releases = () => readdirSync(join(out, 'releases')).sort();
  const currentTarget = () => readlinkSync(current());
  const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(current(), file), 'utf8')) as T;
  const page = (route: string) => join(current(), route, 'index.html');

  /** Every file under the published site with its bytes, plus where `current` points. */
  function publishedState(): { target: string; files: Map<string, string> } {
    const files = new Map<string, string>();
    const base = join(out, currentTarget());
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else files.set(relative(base, path), readFileSync(path).toString('base64'));
      }
    };
    walk(base);
    return { target: currentTarget(), files };
  }

  /** The site search over the published release's own files, as a browser would read them. */
  function publishedSearch(query: string) {
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      fetchJson: async (url) => JSON.parse(readFileSync(join(current(), url), 'utf8')) as unknown,
    });
    return searcher.search(query);
  }

  /** The site search's shard files of the published release. */
  const searchShards = () => readdirSync(join(current(), 'search-index')).sort();

  /** The ids on the HR list's first page, as the site's list page shows them. */
  async function hrFirstPageIds(): Promise<string[]> {
    const res = await fetch(endpointUrl(apiUrl(), 'hrStoryTags', { page: 1, topic_id: '', name: '' }));
    return ListResponseSchema.parse(await res.json()).objects.map((item) => item.analytics_page_id);
  }

  /** Appends `mark` to the title of the HR list's first story, restarts the API and polls. */
  async function editFirstStoryTitle(mark: string): Promise<{ id: string; run: ScriptRun }> {
    const [id] = await hrFirstPageIds();
    const hr = readHr();
    const story = hr.items.find((item) => item.analytics_page_id === id)!;
    story.title = `${story.title} ${mark}`;
    writeHr(hr);
    await restartApi();
    return { id: id!, run: await rebuild() };
  }

  const faqFile = () => join(contentDir, 'faq.json');
  const readFaq = (): FaqFile => JSON.parse(readFileSync(faqFile(), 'utf8')) as FaqFile;

  /** Replaces the answer of FAQ `id` in the content copy. */
  function editFaqAnswer(id: string, answer: string): void {
    const faq = readFaq();
    faq.items.find((item) => item.analytics_page_id === id)!.post_body = answer;
    writeFileSync(faqFile(), `${JSON.stringify(faq, null, 2)}\n`);
  }

  /** The ids on page 2 of the FAQ list, as the API's search pages it (`/faq/search`). */
  async function faqPage2Ids(): Promise<string[]> {
    const res = await fetch(endpointUrl(apiUrl(), 'faqSearch', { page: 2, term: '' }));
    const ids = ListResponseSchema.parse(await res.json()).objects.map((item) => item.analytics_page_id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    return ids;
  }

  /** The longest sentence of an answer's text: what a reader would quote of it. */
  function longestSentence(html: string): string {
    const sentences = html
      .replace(/<[^>]*>/g, '\n')
      .split(/[.\n]/)
      .map((sentence) => sentence.trim());
    return sentences.reduce(
      (longest, sentence) => (sentence.length > longest.length ? sentence : longest),
      '',
    );
  }

  /** The published release's files (paths from its root) whose bytes hold `text`. */
  function releaseFilesWith(text: string): string[] {
    const base = join(out, currentTarget());
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (readFileSync(path, 'utf8').includes(text)) found.push(relative(base, path));
      }
    };
    walk(base);
    return found;
  }

  /**
   * The release has FAQ `id`'s new answer where the site search reads it (found by `query`), and
   * the old sentence in no file at all.
   */
  async function expectAnswerPublished(
    id: string,
    answer: string,
    query: string,
    old: string,
  ): Promise<void> {
    expect(releaseFilesWith(old)).toEqual([]);
    const files = releaseFilesWith(answer);
    expect(files.some((file) => file === 'search/index.json' || file.startsWith('search-index/'))).toBe(true);
    expect((await publishedSearch(query)).hits.map((hit) => hit.id)).toContain(`faq:${id}`);
  }

  beforeAll(async () => {
    ({ work, contentDir, out } = makeWorkFolder(prefix));
    api = await startServer({ contentDir, port: 0 });
    port = api.port;
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await stopApi();
    rmSync(work, { recursive: true, force: true });
  });

  return {
    /** The copy of the content the reference server serves; tests edit it. */
    get contentDir() {
      return contentDir;
    },
    /** The rebuild's output folder (`--out`). */
    get out() {
      return out;
    },
    /** The running reference server, if one is. */
    get api() {
      return api;
    },
    /** Faults of the reference server from its next (re)start on; null for none. */
    get remote() {
      return remote;
    },
    set remote(options: RemoteOptions | null) {
      remote = options;
    },
    /** The API calls of the last successful run's snapshot. */
    get lastSnapshotCalls() {
      return lastSnapshotCalls;
    },
    hrFile,
    readHr,
    writeHr,
    apiUrl,
    restartApi,
    stopApi,
    startFake,
    rebuild,
    rebuildWithEnv,
    current,
    releases,
    currentTarget,
    readJson,
    page,
    publishedState,
    publishedSearch,
    searchShards,
    hrFirstPageIds,
    editFirstStoryTitle,
    faqFile,
    readFaq,
    editFaqAnswer,
    faqPage2Ids,
    longestSentence,
    releaseFilesWith,
    expectAnswerPublished,
  };
}
