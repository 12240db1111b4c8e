// @vitest-environment node
/**
 * A first read cut short, in the API or in the build after it, resumes from its journal instead of
 * reading the whole API again; against the reference server's app in memory (the small fixture).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent, type Content } from '../../../content-api/load-content.ts';
import { createApp } from '../../../content-api/server.ts';
import { writeFixture } from '../../../content-api/test-fixture.ts';
import { createProgress } from '../../lib/log.ts';
import { parseRebuildArgs, type RebuildOptions } from '../args.ts';
import { outputFolder } from '../output-folder.ts';
import { readContent, type ContentRead } from './read-content.ts';

const API = 'http://api.test';
let work: string;
let content: Content;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'read-content-'));
  writeFixture(join(work, 'content'));
  content = loadContent(join(work, 'content'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  read: ContentRead | null;
  calls: number;
  log: string;
}

/** One run's read into the output folder `name`; `stopAfter` aborts the run at that many calls, like a kill. */
async function run(
  name: string,
  {
    stopAfter = Infinity,
    at = new Date(),
    args = [] as string[],
    answer = (_request: Request): Response | undefined => undefined,
  } = {},
): Promise<Run> {
  const out = join(work, name);
  const options = parseRebuildArgs(['--out', out, '--rate', '0', ...args]) as RebuildOptions;
  const app = createApp(content, { lastModified: new Date('2026-11-01T00:00:00Z') });
  const stop = new AbortController();
  let calls = 0;
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    if (++calls >= stopAfter) stop.abort();
    const request = new Request(input, init);
    return answer(request) ?? app.fetch(request);
  }) as typeof globalThis.fetch;
  const lines: string[] = [];
  const progress = createProgress(
    (line) => lines.push(line),
    (line) => lines.push(line),
  );
  const read = await readContent(options, {
    folder: outputFolder(out),
    apiUrl: API,
    progress,
    now: () => at,
    signal: stop.signal,
    fetch,
  }).catch(() => null);
  return { read, calls, log: lines.join('\n') };
}

describe('a first read', () => {
  let whole: Run;
  beforeAll(async () => {
    whole = await run('whole');
    expect(whole.read).not.toBeNull();
    expect(whole.calls).toBeGreaterThan(40);
  });

  it('cut short at 80 % resumes from its journal: the calls it had are not made again, and the snapshot is the same', async () => {
    const cut = await run('cut', { stopAfter: Math.floor(whole.calls * 0.8) });
    expect(cut.read).toBeNull();
    const resumed = await run('cut');
    expect(resumed.log).toMatch(/전체 읽기를 이어서 읽습니다: 응답 \d+건/);
    expect(resumed.calls).toBeLessThan(whole.calls * 0.5);
    expect(resumed.read!.snapshot.recorded.calls).toEqual(whole.read!.snapshot.recorded.calls);
    expect(resumed.read!.snapshot.hrStories).toEqual(whole.read!.snapshot.hrStories);
  });

  it('complete but not published (its build was killed) resumes with the first pages alone, until it is published', async () => {
    expect((await run('built')).read).not.toBeNull();
    const again = await run('built');
    expect(again.calls).toBe(11);
    expect(again.read!.snapshot.recorded.calls).toEqual(whole.read!.snapshot.recorded.calls);
    const journal = outputFolder(join(work, 'built')).api.journal;
    expect(existsSync(journal)).toBe(true);
    again.read!.keepBase();
    expect(existsSync(journal)).toBe(false);
    const poll = await run('built');
    expect(poll.log).toMatch(/첫 페이지와 바뀐 항목만 읽습니다/);
    expect(poll.calls).toBe(11);
  });

  it('is read whole again once its journal is older than a sweep interval', async () => {
    const cut = await run('old', { stopAfter: Math.floor(whole.calls * 0.8) });
    expect(cut.read).toBeNull();
    const dayLater = new Date(Date.now() + 25 * 3600 * 1000);
    const later = await run('old', { at: dayLater });
    expect(later.log).toMatch(/API 전체를 읽습니다/);
    expect(later.calls).toBe(whole.calls);
  });

  it('in a sweep over a published base keeps the published version of a detail the API sends broken', async () => {
    const published = await run('published');
    published.read!.keepBase();
    const story = published.read!.snapshot.hrStories[0]!;
    const broken = (request: Request) =>
      new URL(request.url).searchParams.get('id') === story.id ? new Response('{"깨진') : undefined;
    const sweep = await run('published', { args: ['--full'], answer: broken });
    expect(sweep.log).toMatch(/API 전체를 읽습니다 \(--full\)/);
    expect(sweep.log).toContain('상세를 가져오지 못해 게시된 판을 유지합니다');
    expect(sweep.read!.snapshot.hrStories.find((item) => item.id === story.id)).toEqual(story);
  });
});
