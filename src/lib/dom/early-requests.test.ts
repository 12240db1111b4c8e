import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEarly, startEarly, takeEarly } from './early-requests.ts';

const url = 'https://api.example.com/news/search?page=2&term=';
const other = url.replace('page=2', 'page=3');
const accept = { headers: { Accept: 'application/json' } };

afterEach(() => {
  takeEarly(url);
  takeEarly(other);
  vi.unstubAllGlobals();
});

describe('early requests', () => {
  it('are taken once, by a request for the same address only', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":1}'));
    vi.stubGlobal('fetch', fetch);
    startEarly(url, accept);
    expect(fetch).toHaveBeenCalledWith(url, accept);
    expect(takeEarly(other)).toBeUndefined();
    const taken = takeEarly(url);
    expect(await (await taken!).json()).toEqual({ ok: 1 });
    expect(takeEarly(url)).toBeUndefined();
  });

  it('ask once when the same address is asked for again before it is taken (a dropdown fires input, then change)', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":1}'));
    vi.stubGlobal('fetch', fetch);
    startEarly(url);
    startEarly(url);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await (await takeEarly(url)!).json()).toEqual({ ok: 1 });
    // Another address is a request of its own, beside it.
    startEarly(url);
    startEarly(other);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(takeEarly(other)).toBeDefined();
    expect(takeEarly(url)).toBeDefined();
  });

  it('are shared by every copy of the module (an inline script starts, a chunk takes)', async () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    startEarly(url);
    vi.resetModules();
    const copy = await import('./early-requests.ts');
    expect(copy.takeEarly).not.toBe(takeEarly);
    expect(copy.takeEarly(url)).toBeDefined();
    expect(takeEarly(url)).toBeUndefined();
  });

  it('stop the wait when the request is aborted (a newer tap, the time-out)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    startEarly(url);
    const controller = new AbortController();
    const taken = takeEarly(url, controller.signal)!;
    controller.abort();
    await expect(taken).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('pass a network failure on to the request that took it; the next asks the network', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response('{"again":1}'));
    vi.stubGlobal('fetch', fetch);
    startEarly(url);
    await expect(fetchEarly(url, { signal: new AbortController().signal })).rejects.toThrow(
      'Failed to fetch',
    );
    expect(await (await fetchEarly(url)).json()).toEqual({ again: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
