/** The list engine never hangs: every failure ends in the error state with a working retry. */
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api/client.ts';
import { ChunkLoadError } from '../../lib/dom/load-chunk.ts';
import { listKinds } from './list-kinds.ts';
import { createListStore, type ListEnvironment } from './list.store.ts';

const faqPage = {
  objects: [
    {
      analytics_page_id: 'f-1',
      absolute_url: '/faq#f-1',
      title: '질문',
      created_time: '2026-10-01',
      post_body: '<p>답</p>',
    },
  ],
  paging: { page_size: 1, start_page: 1, end_page: 1 },
};

function environment(
  overrides: Partial<ListEnvironment> = {},
): ListEnvironment & { reload: ReturnType<typeof vi.fn> } {
  return {
    request: (async () => ({ ok: true, data: faqPage })) as unknown as ApiClient,
    loadSanitizer: async () => (html: string) => html,
    location: { search: '?term=질문', pathname: '/faq' },
    history: { pushState: vi.fn(), replaceState: vi.fn() },
    reload: vi.fn(),
    ...overrides,
  } as ListEnvironment & { reload: ReturnType<typeof vi.fn> };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the list store', () => {
  it('shows an error whose retry reloads the page when the sanitiser file is gone', async () => {
    const env = environment({
      loadSanitizer: () =>
        Promise.reject(new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module'))),
    });
    const store = createListStore(listKinds.faq, { items: [], total: 1, topics: [] }, env);
    store.syncFromLocation();
    await settled();
    expect(store.$state.get()).toMatchObject({ status: 'error', reloadOnRetry: true });
    expect(store.$state.get().error).toMatch(/새 버전/);
    store.retry();
    expect(env.reload).toHaveBeenCalledOnce();
  });

  it('ends in the error state, with a retry that loads again, when anything else throws', async () => {
    let calls = 0;
    const env = environment({
      request: (async () => {
        calls++;
        if (calls === 1) throw new Error('unexpected');
        return { ok: true, data: faqPage };
      }) as unknown as ApiClient,
    });
    const store = createListStore(listKinds.faq, { items: [], total: 1, topics: [] }, env);
    store.syncFromLocation();
    await settled();
    expect(store.$state.get()).toMatchObject({ status: 'error', reloadOnRetry: false });
    store.retry();
    await settled();
    expect(store.$state.get()).toMatchObject({ status: 'ready' });
    expect(store.$state.get().items[0]?.html).toBe('<p>답</p>');
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('starts loading the sanitiser with the request when the list shows HTML, not after the answer', async () => {
    const loadSanitizer = vi.fn(async () => (html: string) => html);
    const env = environment({
      request: (() => new Promise(() => undefined)) as unknown as ApiClient,
      loadSanitizer,
    });
    const shown = { id: 'f-1', href: '/faq#f-1', title: '질문', date: '2026-10-01', html: '<p>답</p>' };
    const store = createListStore(listKinds.faq, { items: [shown], total: 2, topics: [] }, env);
    store.goToPage(2);
    await settled();
    // The answer has not come, and the sanitiser is already on its way.
    expect(store.$state.get().status).toBe('loading');
    expect(loadSanitizer).toHaveBeenCalledOnce();

    // A list without HTML does not download it.
    const plain = vi.fn(async () => (html: string) => html);
    const news = createListStore(
      listKinds.news,
      { items: [{ id: 'n-1', href: '/n-1', title: '뉴스', date: '2026-10-01' }], total: 2, topics: [] },
      environment({
        request: (() => new Promise(() => undefined)) as unknown as ApiClient,
        loadSanitizer: plain,
      }),
    );
    news.goToPage(2);
    await settled();
    expect(plain).not.toHaveBeenCalled();
  });

  it('still loads when the browser refuses to change the address', async () => {
    const refuse = () => {
      throw new DOMException(
        'Attempt to use history.pushState() more than 100 times per 10 seconds',
        'SecurityError',
      );
    };
    const env = environment({ history: { pushState: refuse, replaceState: refuse } });
    const store = createListStore(listKinds.faq, { items: [], total: 1, topics: [] }, env);
    store.search('질문');
    await settled();
    expect(store.$state.get()).toMatchObject({ status: 'ready', query: { term: '질문' } });
  });
});
