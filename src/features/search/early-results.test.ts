// @vitest-environment happy-dom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit, SearchResponse } from '../../lib/search/format/types.ts';
import { findEarlyForm, releaseEarlyForm } from './early-input.ts';
import { earlyResult, startEarlyPanel } from './early-results.ts';
import type { SearchOptions } from './search-client.ts';
import { SearchDialogList } from './SearchDialogList.tsx';

const ORIGIN = 'https://site.example';

const hit = (id: string, title: string, extra: Partial<SearchHit> = {}): SearchHit => ({
  id,
  type: 'hrStory',
  title,
  url: `/info/blog/${id}`,
  date: '2025-01-02',
  excerpt: `${title} 의 앞부분`,
  titleMarks: [],
  excerptMarks: [],
  score: 1,
  ...extra,
});

const response = (query: string, hits: SearchHit[]): SearchResponse => ({
  query,
  hits,
  counts: { hrStory: hits.length },
  total: hits.length,
});

/** A promise and the function that settles it, for answers that come when a test says so. */
function later<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function setUp() {
  document.body.innerHTML =
    '<header><button id="opener">검색</button><form class="visually-hidden" data-search-early>' +
    '<input name="q"></form></header>';
  const form = findEarlyForm()!;
  const input = form.elements.namedItem('q') as HTMLInputElement;
  const opener = document.getElementById('opener')!;
  form.hidden = false;
  input.focus();
  const full = new Map<string, ReturnType<typeof later<SearchResponse>>>();
  const firsts = new Map<string, ReturnType<typeof later<SearchResponse | null>>>();
  /** Every search asked, in order, with its options. */
  const asked: [string, SearchOptions | undefined][] = [];
  const onClose = vi.fn();
  const stop = startEarlyPanel({
    form,
    opener,
    limit: 8,
    origin: ORIGIN,
    onClose,
    search: Object.assign(
      (query: string, options?: SearchOptions) => {
        const answer = later<SearchResponse>();
        full.set(query, answer);
        asked.push([query, options]);
        return answer.promise;
      },
      {
        first: (query: string) => {
          const answer = later<SearchResponse | null>();
          firsts.set(query, answer);
          return answer.promise;
        },
      },
    ),
  });
  const type = async (text: string) => {
    input.value = text;
    form.dispatchEvent(new Event('input', { bubbles: true }));
    await Promise.resolve();
  };
  const titlesShown = () =>
    [...document.querySelectorAll('.search-early .search-option-title')].map((n) => n.textContent);
  return { form, input, opener, full, firsts, asked, onClose, stop, type, titlesShown };
}

const settle = () => new Promise((done) => setTimeout(done));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('earlyResult', () => {
  it('shows a hostile title as text, with its marks, as a link the result link allows', () => {
    const title = '<img src=x onerror=alert(1)> 면접';
    const at = title.indexOf('면접');
    const item = earlyResult(hit('x', title, { titleMarks: [[at, at + 2]], excerptMarks: [[0, 4]] }), ORIGIN);
    const link = item.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/info/blog/x');
    expect(item.querySelector('img')).toBeNull();
    expect(item.querySelector('.search-option-title')!.textContent).toBe('<img src=x onerror=alert(1)> 면접');
    expect([...item.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['면접', '<img']);
    expect(item.querySelector('.search-type')!.textContent).toBe('HR 이야기');
    expect(item.querySelector('time')!.dateTime).toBe('2025-01-02');
  });

  it('never links a script address, and opens another host in a new tab', () => {
    const hostile = earlyResult(hit('x', '제목', { url: 'javascript:alert(1)' }), ORIGIN);
    expect(hostile.querySelector('a')!.getAttribute('href')).toBe('#');
    const news = earlyResult(hit('n', '기사', { url: 'https://news.example/a' }), ORIGIN).querySelector('a')!;
    expect(news.target).toBe('_blank');
    expect(news.rel).toBe('noopener noreferrer');
    expect(news.textContent).toContain('(새 창에서 열림)');
  });
});

describe('startEarlyPanel', () => {
  it("shows nothing until something is typed, then the form as the bar and the engine's results", async () => {
    const { form, input, full, type, titlesShown } = setUp();
    expect(document.querySelector('.search-early')).toBeNull();
    expect(form.classList.contains('visually-hidden')).toBe(true);
    await type('온보딩');
    expect(form.classList.contains('search-early-bar')).toBe(true);
    expect(form.classList.contains('visually-hidden')).toBe(false);
    expect(document.activeElement).toBe(input);
    // No answer yet: the search is on its way, not "no results".
    expect(titlesShown()).toEqual([]);
    expect(document.querySelector<HTMLElement>('.search-dialog-note')!.textContent).toBe(
      '검색하는 중입니다.',
    );
    full.get('온보딩')!.resolve(response('온보딩', [hit('a', '온보딩 가이드')]));
    await settle();
    expect(titlesShown()).toEqual(['온보딩 가이드']);
    expect(document.querySelector('[role="status"]')!.textContent).toBe('검색 결과 1건');
    expect(document.querySelector('.search-dialog-all')!.getAttribute('href')).toBe(
      '/search?q=%EC%98%A8%EB%B3%B4%EB%94%A9',
    );
  });

  it("says no results only once the engine's answer says so", async () => {
    const { full, type, titlesShown } = setUp();
    const note = () => document.querySelector<HTMLElement>('.search-dialog-note')!;
    await type('면접');
    full.get('면접')!.resolve(response('면접', [hit('b', '구조화 면접'), hit('c', '면접 질문')]));
    await settle();
    expect(titlesShown()).toEqual(['구조화 면접', '면접 질문']);
    expect(note().hidden).toBe(true);
    await type('면접관');
    // The previous answer stays until this one comes, as in the dialog.
    expect(titlesShown()).toEqual(['구조화 면접', '면접 질문']);
    full.get('면접관')!.resolve(response('면접관', []));
    await settle();
    expect(titlesShown()).toEqual([]);
    expect(note().hidden).toBe(false);
    expect(note().textContent).toBe('검색 결과가 없습니다.');
    expect(document.querySelector('[role="status"]')!.textContent).toBe('검색 결과 0건');
  });

  it('says it is searching while the engine is still reading, then what it found', async () => {
    const { full, type, titlesShown } = setUp();
    const note = () => document.querySelector<HTMLElement>('.search-dialog-note')!;
    await type('관대화');
    await settle();
    expect(note().hidden).toBe(false);
    expect(note().textContent).toBe('검색하는 중입니다.');
    expect(document.querySelector('[role="status"]')!.textContent).toBe('');
    full.get('관대화')!.resolve(response('관대화', [hit('d', '평가 오류 줄이기')]));
    await settle();
    expect(titlesShown()).toEqual(['평가 오류 줄이기']);
    expect(note().hidden).toBe(true);
  });

  it('draws the first results (titles, no excerpts) while the whole answer comes, never over it', async () => {
    const { full, firsts, type, titlesShown } = setUp();
    const excerpts = () => document.querySelectorAll('.search-early .search-option-excerpt').length;
    await type('구조화 면접');
    const first = {
      ...response('구조화 면접', [hit('a', '구조화 면접 안내', { excerpt: '' })]),
      partial: true as const,
    };
    firsts.get('구조화 면접')!.resolve(first);
    await settle();
    expect(titlesShown()).toEqual(['구조화 면접 안내']);
    expect(excerpts()).toBe(0);
    expect(document.querySelector('[role="status"]')!.textContent).toBe('검색 결과 1건');
    full
      .get('구조화 면접')!
      .resolve(response('구조화 면접', [hit('a', '구조화 면접 안내'), hit('b', '면접 질문')]));
    await settle();
    expect(titlesShown()).toEqual(['구조화 면접 안내', '면접 질문']);
    expect(excerpts()).toBe(2);

    // A first answer coming after the whole one draws nothing.
    await type('면접관');
    full.get('면접관')!.resolve(response('면접관', [hit('c', '면접관 교육')]));
    await settle();
    firsts
      .get('면접관')!
      .resolve({ ...response('면접관', [hit('c', '면접관 교육', { excerpt: '' })]), partial: true });
    await settle();
    expect(excerpts()).toBe(1);
  });

  it("asks the engine once a query, at once, as the dialog's first search (its limit, nothing else)", async () => {
    const { asked, full, type } = setUp();
    await type('면접');
    await type('면접 질문');
    expect(asked).toEqual([
      ['면접', { limit: 8 }],
      ['면접 질문', { limit: 8 }],
    ]);
    // A failure is the dialog's to show: nothing here, and the next query is asked as ever.
    full.get('면접 질문')!.resolve(Promise.reject(new Error('오프라인')) as never);
    await settle();
    await type('면접관');
    expect(asked.map(([query]) => query)).toEqual(['면접', '면접 질문', '면접관']);
  });

  it('shows the latest query: an older answer coming late is dropped', async () => {
    const { full, type, titlesShown } = setUp();
    await type('면');
    await type('면접');
    full.get('면접')!.resolve(response('면접', [hit('b', '면접 안내')]));
    await settle();
    full.get('면')!.resolve(response('면', [hit('z', '면세 안내')]));
    await settle();
    expect(titlesShown()).toEqual(['면접 안내']);
  });

  it('goes when the dialog adopts the form, the form hidden again as before', async () => {
    const { form, full, type } = setUp();
    await type('면접');
    full.get('면접')!.resolve(response('면접', [hit('b', '면접 안내')]));
    await settle();
    releaseEarlyForm(form);
    await Promise.resolve();
    expect(document.querySelector('.search-early')).toBeNull();
    expect(form.querySelector('button')).toBeNull();
    expect(form.classList.contains('visually-hidden')).toBe(true);
    expect(form.classList.contains('search-early-bar')).toBe(false);
  });

  it('closes on Escape: the form released, focus back to the opener, the caller told', async () => {
    const { form, input, opener, onClose, type } = setUp();
    await type('면접');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(document.querySelector('.search-early')).toBeNull();
    expect(form.hidden).toBe(true);
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(opener);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('one description of a result, drawn twice', () => {
  it('draws a result in the early panel as the dialog draws it: the same type, date, marked title, note and excerpt', () => {
    const hits = [
      hit('a', '구조화 면접 안내', { titleMarks: [[0, 3]], excerptMarks: [[2, 5]] }),
      (({ date: _date, ...undated }) => undated)(
        hit('b', '외부 기사 <b>제목</b>', { url: 'https://news.example/a' }),
      ),
      hit('c', '발췌가 아직 없는 결과', { excerpt: '' }),
    ];
    for (const result of hits) {
      const dialog = document.createElement('ul');
      dialog.innerHTML = renderToStaticMarkup(
        createElement(SearchDialogList, {
          id: 'd',
          query: '면접',
          options: [{ kind: 'hit', hit: result }],
          active: -1,
          onChoose: () => undefined,
        }),
      );
      const option = dialog.querySelector('[role="option"]')!;
      const early = earlyResult(result, location.origin).querySelector('a')!;
      expect(early.innerHTML, result.id).toBe(option.innerHTML);
    }
  });
});
