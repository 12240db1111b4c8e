// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiResult } from '../../lib/api/client.ts';

const request = vi.fn<(...args: unknown[]) => Promise<ApiResult<unknown>>>();
vi.mock('../../lib/api/site-client.ts', () => ({
  siteApi:
    () =>
    (...args: unknown[]) =>
      request(...args),
}));

const { default: DetailIsland } = await import('./DetailIsland.tsx');

const story = {
  title: '새로 올라온 HR 이야기',
  author: '인사이트하이어 HR연구소',
  date: '2026-11-20T10:00:00+09:00',
  img: 'https://api.example/images/new.svg',
  content:
    '<p>본문 <strong>강조</strong></p><img src=x onerror="window.__xss=1"><script>window.__xss=1</script>',
  tags: ['AI 채용'],
};
const site = 'https://www.insighthire.example/';

function visit(path: string) {
  window.history.replaceState(null, '', path);
}

beforeEach(() => {
  request.mockReset();
  document.documentElement.removeAttribute('data-live-detail');
});
afterEach(cleanup);

describe('DetailIsland (query form)', () => {
  it('shows the skeleton, then the sanitised item with share and back links', async () => {
    visit('/info/blog?portal=hr-new&page=2&topic_id=3&name=AI');
    let answer!: (value: ApiResult<unknown>) => void;
    request.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { container } = render(<DetailIsland source="query" kind="blog" site={site} />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    // Until the article arrives, its section is the page's one heading (the pre-rendered HTML's h1).
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['HR 이야기']);
    expect(request).toHaveBeenCalledWith('blogDetail', { id: 'hr-new' }, expect.anything());

    await act(async () => answer({ ok: true, data: story }));
    expect(await screen.findByRole('heading', { level: 1, name: story.title })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(container.querySelector('[aria-busy]')).toBeNull();
    expect(container.innerHTML).not.toMatch(/<script|onerror/);
    // DOMPurify does not work under happy-dom, so the sanitiser fails closed to text here;
    // the real browser keeps the markup (tests/e2e/detail.spec.ts).
    expect(container.textContent).toContain('본문 강조');
    expect(screen.getByText('#AI 채용')).toBeTruthy();
    expect(screen.getByRole('link', { name: '목록으로' }).getAttribute('href')).toBe(
      '/hrcontents?page=2&topic_id=3&name=AI',
    );
    const x = screen.getByRole('link', { name: 'X(트위터)에 공유' });
    expect(x.getAttribute('href')).toContain(
      encodeURIComponent('https://www.insighthire.example/info/blog/hr-new/'),
    );
  });

  it('says not found for a missing id without asking the API', async () => {
    visit('/cad_archive?portal=%20');
    render(<DetailIsland source="query" kind="success" site={site} />);
    expect(await screen.findByText('요청하신 글을 찾을 수 없습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '목록으로' }).getAttribute('href')).toBe('/helloty/page');
    expect(request).not.toHaveBeenCalled();
  });

  it('says not found for an unknown id', async () => {
    visit('/info/patent?tag=nope&page=3');
    request.mockResolvedValue({ ok: false, error: new ApiError('not-found', { status: 404 }) });
    render(<DetailIsland source="query" kind="patent" site={site} />);
    expect(await screen.findByText('요청하신 글을 찾을 수 없습니다.')).toBeTruthy();
    expect(request).toHaveBeenCalledWith('patentDetail', { tag: 'nope' }, expect.anything());
    expect(screen.getByRole('link', { name: '목록으로' }).getAttribute('href')).toBe('/tech?page=3');
  });

  it('shows the alert and retries', async () => {
    visit('/info/blog?portal=hr-new');
    request.mockResolvedValueOnce({ ok: false, error: new ApiError('http', { status: 500 }) });
    render(<DetailIsland source="query" kind="blog" site={site} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('오류 코드 500');
    request.mockResolvedValueOnce({ ok: true, data: story });
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { level: 1, name: story.title })).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(2);
  });
});

describe('DetailIsland (404 page)', () => {
  function notFoundSection() {
    const section = document.createElement('section');
    section.id = 'not-found';
    section.textContent = '페이지를 찾을 수 없습니다.';
    document.body.append(section);
    return section;
  }

  it('replaces the 404 text with a detail that was not pre-rendered', async () => {
    const section = notFoundSection();
    visit('/info/blog/new-item-123?page=2');
    document.documentElement.setAttribute('data-live-detail', '');
    request.mockResolvedValue({ ok: true, data: story });
    render(<DetailIsland source="path" site={site} notFoundId="not-found" />);
    expect(await screen.findByRole('heading', { level: 1, name: story.title })).toBeTruthy();
    expect(section.hidden).toBe(true);
    expect(document.documentElement.hasAttribute('data-live-detail')).toBe(false);
    expect(request).toHaveBeenCalledWith('blogDetail', { id: 'new-item-123' }, expect.anything());
    expect(screen.getByRole('link', { name: '목록으로' }).getAttribute('href')).toBe('/hrcontents?page=2');
    section.remove();
  });

  it('leaves every other address alone', () => {
    const section = notFoundSection();
    visit('/no-such-page');
    const { container } = render(<DetailIsland source="path" site={site} notFoundId="not-found" />);
    expect(container.innerHTML).toBe('');
    expect(section.hidden).toBe(false);
    expect(request).not.toHaveBeenCalled();
    section.remove();
  });
});
