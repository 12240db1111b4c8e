import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyAnswer, takeEarlyAnswer } from './early-answer.ts';

afterEach(() => {
  takeEarlyAnswer('');
  vi.unstubAllGlobals();
});

const url = 'https://api.example.com/news/search?page=2&term=';

describe('early answer', () => {
  it('is taken once, by a request for the same address only', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":1}'));
    vi.stubGlobal('fetch', fetch);
    startEarlyAnswer(url);
    expect(fetch).toHaveBeenCalledWith(url, { headers: { Accept: 'application/json' } });
    const taken = takeEarlyAnswer(url);
    expect(await (await taken!).json()).toEqual({ ok: 1 });
    expect(takeEarlyAnswer(url)).toBeUndefined();
  });

  it('asks once when the same address is asked for again before it is taken (a dropdown fires input, then change)', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":1}'));
    vi.stubGlobal('fetch', fetch);
    startEarlyAnswer(url);
    startEarlyAnswer(url);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await (await takeEarlyAnswer(url)!).json()).toEqual({ ok: 1 });
    // Another address replaces it.
    startEarlyAnswer(url);
    startEarlyAnswer(url.replace('page=2', 'page=3'));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(takeEarlyAnswer(url)).toBeUndefined();
  });

  it('is dropped when the first request asks for another address', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    startEarlyAnswer(url);
    expect(takeEarlyAnswer(url.replace('page=2', 'page=3'))).toBeUndefined();
    expect(takeEarlyAnswer(url)).toBeUndefined();
  });

  it('stops waiting when the request is aborted (a newer tap, the time-out)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    startEarlyAnswer(url);
    const controller = new AbortController();
    const taken = takeEarlyAnswer(url, controller.signal)!;
    controller.abort();
    await expect(taken).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('passes a network failure on to the request that took it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    startEarlyAnswer(url);
    await expect(takeEarlyAnswer(url, new AbortController().signal)).rejects.toThrow('Failed to fetch');
  });
});
