// @vitest-environment node
/**
 * What a poll and a sweep read, against the reference server's app in memory (the small fixture:
 * 23 HR stories, nine a page, so three pages).
 */
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_FILE_NAMES, loadContent, type Content } from '../../../content-api/load-content.ts';
import { contentFileDates, createApp, type ContentDates } from '../../../content-api/server.ts';
import { writeFixture } from '../../../content-api/test-fixture.ts';
import { endpointUrl } from '../../../../src/lib/api/endpoints.ts';
import { ListResponseSchema } from '../../../../src/lib/api/schemas.ts';
import { callKey } from '../../../../src/lib/content/recorded-api.ts';
import { createProgress } from '../../lib/log.ts';
import { missingItems, takeSnapshot, type Snapshot } from './snapshot.ts';

const API = 'http://api.test';
let dir: string;
let original: Content;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'snapshot-test-'));
  writeFixture(dir);
  original = loadContent(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type HrItem = Content['hrStories']['items'][number];

/** When the fixture's content last changed, as the reference server stamps it (`Last-Modified`). */
const STAMPED = new Date('2026-11-01T00:00:00Z');
/** A later stamp: what the reference server sends once its content was edited and it restarted. */
const RESTAMPED = new Date('2026-11-02T00:00:00Z');

/**
 * An API serving `content`, stamped `lastModified`; `conditional` sees every request's
 * validators first and may answer for it.
 */
function apiOf(
  content: Content,
  conditional?: (request: Request) => Response | undefined,
  lastModified: Date | ContentDates = STAMPED,
) {
  const app = createApp(content, { lastModified });
  const asked: Request[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    asked.push(request);
    return conditional?.(request) ?? app.fetch(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, asked };
}

/** The content with its HR stories changed by `edit` (a deep copy: `original` stays as it was). */
function withHr(edit: (items: HrItem[]) => void): Content {
  const content = structuredClone(original);
  edit(content.hrStories.items);
  return content;
}

async function read(
  api: ReturnType<typeof apiOf>,
  options: { base?: Snapshot; sweep?: boolean; refresh?: string[] } = {},
): Promise<Snapshot & { log: string }> {
  const lines: string[] = [];
  const snapshot = await takeSnapshot({
    apiUrl: API,
    timeoutMs: 5_000,
    progress: createProgress(
      (line) => lines.push(line),
      (line) => lines.push(line),
    ),
    reader: { ratePerSecond: 0, fetch: api.fetch },
    base: options.base?.recorded ?? null,
    answers: options.base?.answers ?? {},
    sweep: options.sweep ?? !options.base,
    refresh: options.refresh ?? [],
  });
  return { ...snapshot, log: lines.join('\n') };
}

/** The HR stories newest first, as the API pages them. */
async function hrOrder(content: Content): Promise<string[]> {
  const api = apiOf(content);
  const ids: string[] = [];
  for (let page = 1; page <= 3; page++) {
    const url = endpointUrl(API, 'hrStoryTags', { page, topic_id: '', name: '' });
    const answer = ListResponseSchema.parse(await (await api.fetch(url)).json());
    ids.push(...answer.objects.map((item) => item.analytics_page_id));
  }
  return ids;
}

const hrIds = (snapshot: Snapshot) => snapshot.hrStories.map((story) => story.id);

/** The ids on page `page` of the FAQ list, as the site's list reads it (`/faq/tags`). */
async function faqPage(content: Content, page: number): Promise<string[]> {
  const url = endpointUrl(API, 'faqTags', { page, topic_id: '' });
  const answer = ListResponseSchema.parse(await (await apiOf(content).fetch(url)).json());
  return answer.objects.map((item) => item.analytics_page_id);
}

/** The content with the answer of FAQ `id` replaced (a deep copy). */
function withFaqAnswer(id: string, answer: string): Content {
  const content = structuredClone(original);
  content.faq.items.find((item) => item.analytics_page_id === id)!.post_body = answer;
  return content;
}

/** The answer of FAQ `id` as the snapshot has it: what its card and the site search render. */
const faqAnswer = (snapshot: Snapshot, id: string) =>
  snapshot.cardLists.faq?.find((item) => item.analytics_page_id === id)?.post_body;

describe('a poll', () => {
  let base: Snapshot;
  let order: string[];
  beforeAll(async () => {
    base = await read(apiOf(original));
    order = await hrOrder(original);
    expect(order).toHaveLength(23);
  });

  it('costs the eleven first-page calls when nothing changed', async () => {
    const poll = await read(apiOf(original), { base });
    expect(poll.requests).toBe(11);
    expect(poll.notModified).toBe(11);
    expect(hrIds(poll)).toEqual(hrIds(base));
  });

  describe('one story deleted and one added further down, the total as it was', () => {
    const deleted = () => order[12]!;
    const swapped = () =>
      withHr((items) => {
        const template = items.find((item) => item.analytics_page_id === deleted())!;
        items.splice(items.indexOf(template), 1);
        // The oldest of all: it goes on the last page.
        items.push({
          ...template,
          analytics_page_id: 'hr-new',
          absolute_url: '/info/blog/hr-new',
          created_time: '2000-01-01T09:00:00+09:00',
        });
      });

    it('is seen by a plain poll when the API stamps it with a later Last-Modified: the lists are read page by page', async () => {
      const poll = await read(apiOf(swapped(), undefined, RESTAMPED), { base });
      expect(poll.log).toContain(
        'HR 이야기 목록의 Last-Modified가 지난 스냅샷보다 늦어 모든 페이지를 읽습니다',
      );
      expect(hrIds(poll)).toContain('hr-new');
      expect(hrIds(poll)).not.toContain(deleted());
      expect(hrIds(poll)).toHaveLength(23);
      // The eleven first pages, then pages 2+ of every list (this API's stamp is the whole
      // content's, so all seven moved): HR stories 2–3, success stories and patents 2, news
      // 2–3, videos 2–3, seminars 2–7, FAQ 2–3; and the new story's detail.
      expect(poll.requests).toBe(28);
      // The first pages answered 304 (their bodies did not change), yet carried the new stamp.
      expect(poll.notModified).toBeGreaterThanOrEqual(11);
      // The new stamp is the yardstick of the next poll: nothing new costs the eleven calls again.
      const next = await read(apiOf(swapped(), undefined, RESTAMPED), { base: poll });
      expect(next.requests).toBe(11);
      expect(next.notModified).toBe(11);
      expect(hrIds(next)).toEqual(hrIds(poll));
    });

    it('costs only the edited list page by page from the reference server, which dates each list by its own file', async () => {
      // The content as files, all dated STAMPED; then the HR stories' file edited, as an editor would.
      const folder = mkdtempSync(join(tmpdir(), 'snapshot-files-'));
      try {
        writeFixture(folder);
        const files = Object.values(CONTENT_FILE_NAMES).map((file) => join(folder, file));
        for (const file of files) utimesSync(file, STAMPED, STAMPED);
        const served = () => apiOf(loadContent(folder), undefined, contentFileDates(folder));
        const first = await read(served());
        const hrFile = join(folder, CONTENT_FILE_NAMES.hrStories);
        const hr = JSON.parse(readFileSync(hrFile, 'utf8')) as Content['hrStories'];
        writeFileSync(hrFile, JSON.stringify({ ...hr, items: swapped().hrStories.items }));
        utimesSync(hrFile, RESTAMPED, RESTAMPED);

        const poll = await read(served(), { base: first });
        expect(poll.log).toContain(
          'HR 이야기 목록의 Last-Modified가 지난 스냅샷보다 늦어 모든 페이지를 읽습니다',
        );
        expect(poll.log.match(/Last-Modified가 지난 스냅샷보다 늦어/g)).toHaveLength(1);
        expect(hrIds(poll)).toContain('hr-new');
        expect(hrIds(poll)).not.toContain(deleted());
        // The eleven first pages, HR stories' pages 2–3 and the new story's detail: nothing else.
        expect(poll.requests).toBe(14);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });

    it('is not seen by a plain poll when the Last-Modified stayed: the first pages and the total did not change', async () => {
      const poll = await read(apiOf(swapped()), { base });
      expect(poll.requests).toBe(11);
      expect(hrIds(poll)).toContain(deleted());
      expect(hrIds(poll)).not.toContain('hr-new');
    });

    it('is published whole by a poll naming the new story with --item', async () => {
      const poll = await read(apiOf(swapped()), { base, refresh: ['hr-new'] });
      expect(poll.log).toContain('--item 항목이 첫 페이지에도 지난 스냅샷에도 없어');
      expect(hrIds(poll)).toContain('hr-new');
      expect(hrIds(poll)).not.toContain(deleted());
      expect(hrIds(poll)).toHaveLength(23);
    });

    it('is published whole by a poll naming the deleted story with --item', async () => {
      const poll = await read(apiOf(swapped()), { base, refresh: [deleted()] });
      expect(poll.log).toContain('HR 이야기 목록 2쪽이 지난 스냅샷과 달라 모든 페이지를 읽습니다');
      expect(hrIds(poll)).toContain('hr-new');
      expect(hrIds(poll)).not.toContain(deleted());
    });
  });

  it('takes the new card of a story on page 2 in a plain poll when the Last-Modified moved: its list page and its detail page show it', async () => {
    const id = order[10]!;
    const content = withHr((items) => {
      items.find((item) => item.analytics_page_id === id)!.meta_description = '고친 요약입니다.';
    });
    const poll = await read(apiOf(content, undefined, RESTAMPED), { base });
    expect(poll.log).toContain(
      'HR 이야기 목록의 Last-Modified가 지난 스냅샷보다 늦어 모든 페이지를 읽습니다',
    );
    const story = poll.hrStories.find((entry) => entry.id === id)!;
    // What the detail page's description and list page 2's card render from.
    expect(story.item.meta_description).toBe('고친 요약입니다.');
    const page2 = poll.recorded.calls[callKey('hrStoryTags', { page: 2, topic_id: '', name: '' })];
    expect(JSON.stringify(page2)).toContain('고친 요약입니다.');
    // The same edit without the signal waits for the sweep (the documented limit).
    const unsignalled = await read(apiOf(content), { base });
    expect(unsignalled.hrStories.find((entry) => entry.id === id)!.item.meta_description).not.toBe(
      '고친 요약입니다.',
    );
  });

  it('takes the new card of a story further down named with --item: its list page and its detail page show it', async () => {
    const id = order[10]!;
    const content = withHr((items) => {
      const story = items.find((item) => item.analytics_page_id === id)!;
      story.meta_description = '고친 요약입니다.';
      story.content = `${story.content}<p>고친 본문입니다.</p>`;
    });
    const poll = await read(apiOf(content), { base, refresh: [id] });
    // The first pages, the story's list page and its detail: nothing else.
    expect(poll.requests).toBe(13);
    expect(poll.log).toContain('--item 항목이 있는 HR 이야기 목록 2쪽을 다시 읽습니다');
    const story = poll.hrStories.find((entry) => entry.id === id)!;
    expect(story.item.meta_description).toBe('고친 요약입니다.');
    expect(story.detail.content).toContain('고친 본문입니다.');
    // What list page 2 of the built site renders from.
    const page2 = poll.recorded.calls[callKey('hrStoryTags', { page: 2, topic_id: '', name: '' })];
    expect(JSON.stringify(page2)).toContain('고친 요약입니다.');
  });
});

describe('a poll of a card list (the FAQ: 25 answers, ten a page)', () => {
  const NEW_ANSWER = '<p>전화 문의는 받지 않습니다. 메일로 문의해 주세요.</p>';
  let base: Snapshot;
  let onPage2: string;
  beforeAll(async () => {
    base = await read(apiOf(original));
    onPage2 = (await faqPage(original, 2))[0]!;
    expect(onPage2).toBeDefined();
  });

  it('reads the list whole when its first page came with a later Last-Modified: an answer edited on page 2 is taken', async () => {
    const poll = await read(apiOf(withFaqAnswer(onPage2, NEW_ANSWER), undefined, RESTAMPED), { base });
    expect(poll.log).toContain(
      '자주 묻는 질문 목록의 Last-Modified가 지난 스냅샷보다 늦어 모든 페이지를 읽습니다',
    );
    expect(faqAnswer(poll, onPage2)).toBe(NEW_ANSWER);
    // Without the signal the edit waits for the sweep or an --item (the documented limit).
    const unsignalled = await read(apiOf(withFaqAnswer(onPage2, NEW_ANSWER)), { base });
    expect(unsignalled.requests).toBe(11);
    expect(faqAnswer(unsignalled, onPage2)).toBe(faqAnswer(base, onPage2));
  });

  it('reads again the page an FAQ named with --item is on, and finds it there', async () => {
    const poll = await read(apiOf(withFaqAnswer(onPage2, NEW_ANSWER)), { base, refresh: [onPage2] });
    expect(poll.log).toContain('--item 항목이 있는 자주 묻는 질문 목록 2쪽을 다시 읽습니다');
    // The eleven first pages and FAQ page 2: nothing else.
    expect(poll.requests).toBe(12);
    expect(faqAnswer(poll, onPage2)).toBe(NEW_ANSWER);
    // What the FAQ's page 2 (and the site search) render from.
    const page2 = poll.recorded.calls[callKey('faqTags', { page: 2, topic_id: '' })];
    expect(JSON.stringify(page2)).toContain('메일로 문의해 주세요');
    expect(missingItems(poll, [onPage2])).toEqual([]);
  });

  it('reads every list whole for an --item found nowhere, and names it missing', async () => {
    const poll = await read(apiOf(original), { base, refresh: ['faq-nowhere'] });
    expect(poll.log).toContain(
      '--item 항목이 첫 페이지에도 지난 스냅샷에도 없어 자주 묻는 질문 목록의 모든 페이지를 읽습니다',
    );
    expect(poll.log).toContain(
      '--item 항목이 첫 페이지에도 지난 스냅샷에도 없어 HR 이야기 목록의 모든 페이지를 읽습니다',
    );
    expect(missingItems(poll, ['faq-nowhere', onPage2, hrIds(poll)[20]!])).toEqual(['faq-nowhere']);
  });
});

describe('a sweep', () => {
  it('asks unconditionally, so an API whose validators missed a deletion is corrected', async () => {
    const first = await read(apiOf(original));
    const gone = first.hrStories[15]!.id;
    // An API that answers every conditional request "not modified", whatever changed.
    const api = apiOf(
      withHr((items) =>
        items.splice(
          items.findIndex((item) => item.analytics_page_id === gone),
          1,
        ),
      ),
      (request) =>
        request.headers.has('if-none-match') || request.headers.has('if-modified-since')
          ? new Response(null, { status: 304 })
          : undefined,
    );
    const sweep = await read(api, { base: first, sweep: true });
    expect(
      api.asked.filter(
        (request) => request.headers.has('if-none-match') || request.headers.has('if-modified-since'),
      ),
    ).toEqual([]);
    expect(hrIds(sweep)).not.toContain(gone);
    expect(hrIds(sweep)).toHaveLength(22);
    // Its answers are still recorded with their validators, for the polls after it.
    expect(Object.keys(sweep.answers).length).toBeGreaterThan(11);
  });
});
