/** The live detail's store: one request at a time, and every failure ends in a state with a way out. */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient, type ApiResult } from '../../lib/api/client.ts';
import { ChunkLoadError } from '../../lib/dom/load-chunk.ts';
import { createDetailStore, type DetailEnvironment } from './detail.store.ts';

const blog = {
  title: '새 글',
  author: '인사이트하이어 HR연구소',
  date: '2026-11-20T10:00:00+09:00',
  content: '<p>본문</p>',
  tags: [],
};

/** An API whose answers the test hands out one call at a time. */
function pendingApi() {
  const calls: { args: unknown[]; signal: AbortSignal; answer: (result: ApiResult<unknown>) => void }[] = [];
  const request = ((...args: unknown[]) =>
    new Promise((resolve) => {
      const options = args[2] as { signal: AbortSignal };
      calls.push({ args: args.slice(0, 2), signal: options.signal, answer: resolve });
    })) as unknown as ApiClient;
  return { calls, request };
}

function environment(
  overrides: Partial<DetailEnvironment> = {},
): DetailEnvironment & { reload: ReturnType<typeof vi.fn> } {
  return {
    request: (async () => ({ ok: true, data: blog })) as unknown as ApiClient,
    loadSanitizer: async () => (html: string) => html,
    reload: vi.fn(),
    ...overrides,
  } as DetailEnvironment & { reload: ReturnType<typeof vi.fn> };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the detail store', () => {
  it('starts as the server HTML does, then loads what the address names', async () => {
    const api = pendingApi();
    const store = createDetailStore('idle', environment({ request: api.request }));
    expect(store.$state.get()).toEqual({ status: 'idle', target: null });
    store.show({ kind: 'success', key: 's-1' });
    expect(store.$state.get()).toEqual({ status: 'loading', target: { kind: 'success', key: 's-1' } });
    expect(api.calls[0]?.args).toEqual(['blogDetail', { id: 's-1' }]);
    api.calls[0]?.answer({ ok: true, data: blog });
    await settled();
    expect(store.$state.get()).toMatchObject({
      status: 'ready',
      target: { kind: 'success', key: 's-1' },
      article: { kind: 'success', key: 's-1', title: '새 글', html: '<p>본문</p>' },
    });
  });

  it('says not found without asking the API when the address names no item', () => {
    const request = vi.fn();
    const store = createDetailStore('loading', environment({ request: request as unknown as ApiClient }));
    store.show({ kind: 'patent', key: null });
    expect(store.$state.get()).toEqual({ status: 'not-found', target: { kind: 'patent', key: null } });
    expect(request).not.toHaveBeenCalled();
  });

  it('aborts a request that a newer one replaces, and ignores its late answer', async () => {
    const api = pendingApi();
    const store = createDetailStore('loading', environment({ request: api.request }));
    store.show({ kind: 'blog', key: 'old' });
    store.show({ kind: 'blog', key: 'new' });
    expect(api.calls[0]?.signal.aborted).toBe(true);
    api.calls[1]?.answer({ ok: true, data: { ...blog, title: '새 요청' } });
    api.calls[0]?.answer({ ok: true, data: { ...blog, title: '지난 요청' } });
    await settled();
    expect(store.$state.get()).toMatchObject({ status: 'ready', article: { key: 'new', title: '새 요청' } });
  });

  it('aborts the request in flight when disposed', async () => {
    const api = pendingApi();
    const store = createDetailStore('loading', environment({ request: api.request }));
    store.show({ kind: 'blog', key: 'x' });
    store.dispose();
    expect(api.calls[0]?.signal.aborted).toBe(true);
    api.calls[0]?.answer({ ok: true, data: blog });
    await settled();
    expect(store.$state.get().status).toBe('loading');
  });

  it('retries a failed request', async () => {
    const api = pendingApi();
    const env = environment({ request: api.request });
    const store = createDetailStore('loading', env);
    store.show({ kind: 'blog', key: 'x' });
    const http = new ApiError('http', { status: 500 });
    api.calls[0]?.answer({ ok: false, error: http });
    await settled();
    expect(store.$state.get()).toEqual({
      status: 'error',
      message: http.message,
      target: { kind: 'blog', key: 'x' },
    });
    store.retry();
    expect(store.$state.get().status).toBe('loading');
    expect(api.calls[1]?.args).toEqual(['blogDetail', { id: 'x' }]);
    api.calls[1]?.answer({ ok: true, data: blog });
    await settled();
    expect(store.$state.get().status).toBe('ready');
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads the page on retry when a file of the site is gone', async () => {
    const env = environment({
      loadSanitizer: () => Promise.reject(new ChunkLoadError(new TypeError('Failed to fetch'))),
    });
    const store = createDetailStore('loading', env);
    store.show({ kind: 'blog', key: 'x' });
    await settled();
    expect(store.$state.get()).toMatchObject({ status: 'error', reload: true });
    store.retry();
    expect(env.reload).toHaveBeenCalledOnce();
  });
});
