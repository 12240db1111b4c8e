import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../../lib/api/client.ts';
import { ChunkLoadError, STALE_PAGE_MESSAGE } from '../../lib/dom/load-chunk.ts';
import { loadDetail, type DetailLoaderEnv } from './detail-loader.ts';

const blog = {
  title: '새 글',
  author: '인사이트하이어 HR연구소',
  date: '2026-11-20T10:00:00+09:00',
  content: '<p>본문</p><script>x</script>',
  tags: ['AI 채용', ' '],
};

function env(answer: Awaited<ReturnType<ApiClient>>): DetailLoaderEnv & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const request = (async (...args: unknown[]) => {
    calls.push(args);
    return answer;
  }) as ApiClient;
  return {
    calls,
    request,
    loadSanitizer: async () => (html: string) => html.replace(/<script>.*?<\/script>/g, ''),
  };
}

describe('loadDetail', () => {
  it('loads and sanitises a blog detail', async () => {
    const e = env({ ok: true, data: blog });
    const outcome = await loadDetail({ kind: 'success', key: 's-1' }, e);
    expect(e.calls[0]?.slice(0, 2)).toEqual(['blogDetail', { id: 's-1' }]);
    expect(outcome).toEqual({
      status: 'ready',
      article: {
        kind: 'success',
        key: 's-1',
        title: '새 글',
        author: '인사이트하이어 HR연구소',
        date: blog.date,
        image: null,
        tags: ['AI 채용'],
        html: '<p>본문</p>',
      },
    });
  });

  it('asks for patents by tag and skips the sanitiser without content', async () => {
    const e = env({
      ok: true,
      data: { list: { title: '특허', date: '2026-01-02', img: 'https://api.example/a.svg' } },
    });
    const spy = vi.spyOn(e, 'loadSanitizer');
    const outcome = await loadDetail({ kind: 'patent', key: 'kr-1' }, e);
    expect(e.calls[0]?.slice(0, 2)).toEqual(['patentDetail', { tag: 'kr-1' }]);
    expect(spy).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({
      status: 'ready',
      article: { kind: 'patent', html: '', image: 'https://api.example/a.svg' },
    });
  });

  it('maps failures to the screen states', async () => {
    expect(
      await loadDetail(
        { kind: 'blog', key: 'x' },
        env({ ok: false, error: new ApiError('not-found', { status: 404 }) }),
      ),
    ).toEqual({
      status: 'not-found',
    });
    const http = new ApiError('http', { status: 500 });
    expect(await loadDetail({ kind: 'blog', key: 'x' }, env({ ok: false, error: http }))).toEqual({
      status: 'error',
      message: http.message,
    });
    expect(
      await loadDetail({ kind: 'blog', key: 'x' }, env({ ok: false, error: new ApiError('aborted') })),
    ).toEqual({
      status: 'aborted',
    });
  });

  it('ends in an error whose retry reloads the page when the sanitiser file is gone', async () => {
    const e = {
      ...env({ ok: true, data: blog }),
      loadSanitizer: () => Promise.reject(new ChunkLoadError(new TypeError('Failed to fetch'))),
    };
    expect(await loadDetail({ kind: 'blog', key: 'x' }, e)).toEqual({
      status: 'error',
      message: STALE_PAGE_MESSAGE,
      reload: true,
    });
  });
});
