// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { compileModule, downloadInWorker, prefetchModules, visitorInteracts } from './prefetch-modules.ts';

const chunk = (file: string) => `https://site.example/_astro/${file}`;

/** The visitor has already interacted with the page. */
const interaction = Promise.resolve();

/** A stand-in for `Worker`: answers each message with `answer`, or fails to start. */
function fakeWorkers(answer: (request: unknown) => unknown, { fails = false } = {}) {
  const started: { url: string; request?: unknown; terminated: boolean }[] = [];
  class FakeWorker extends EventTarget {
    readonly record: (typeof started)[number];
    constructor(url: string | URL) {
      super();
      this.record = { url: String(url), terminated: false };
      started.push(this.record);
    }
    postMessage(request: unknown) {
      this.record.request = request;
      setTimeout(() =>
        this.dispatchEvent(
          fails ? new Event('error') : Object.assign(new Event('message'), { data: answer(request) }),
        ),
      );
    }
    terminate() {
      this.record.terminated = true;
    }
  }
  return { Worker: FakeWorker, started };
}

describe('prefetchModules', () => {
  it('has every file that arrived compiled once, after all downloads, absolute addresses asked', async () => {
    const download = vi.fn(async () => [chunk('a.js'), chunk('b.js')]);
    const compile = vi.fn((_url: string) => expect(download).toHaveBeenCalledTimes(1));
    await prefetchModules(['/_astro/a.js'], { download, compile, lazy: false, interaction });
    expect(download).toHaveBeenCalledWith({
      urls: [new URL('/_astro/a.js', location.href).href],
      lazy: false,
    });
    await vi.waitFor(() => expect(compile).toHaveBeenCalledTimes(2));
    expect(compile.mock.calls.map(([url]) => url)).toEqual([chunk('a.js'), chunk('b.js')]);
  });

  it('starts the download in a task after its caller’s (the first-tap runtime’s start)', async () => {
    const download = vi.fn(async () => [chunk('a.js')]);
    const done = prefetchModules(['/_astro/a.js'], { download, compile: vi.fn(), lazy: false, interaction });
    // Whatever the caller's task still does (its promise reactions included) comes first.
    for (let reaction = 0; reaction < 5; reaction++) await Promise.resolve();
    expect(download).not.toHaveBeenCalled();
    await done;
    expect(download).toHaveBeenCalledTimes(1);
  });

  it('hands the files to the browser one a task, not in one long task', async () => {
    const download = vi.fn(async () => [chunk('a.js'), chunk('b.js'), chunk('c.js')]);
    let aTaskRan = true;
    const taskBefore: boolean[] = [];
    const compile = vi.fn(() => {
      taskBefore.push(aTaskRan);
      aTaskRan = false;
      setTimeout(() => (aTaskRan = true), 0);
    });
    await prefetchModules(['/_astro/a.js'], { download, compile, lazy: false, interaction });
    await vi.waitFor(() => expect(taskBefore).toHaveLength(3));
    expect(taskBefore).toEqual([true, true, true]);
  });

  it('resolves once the files are downloaded: an island started by a tap does not wait for the compile', async () => {
    const files = Array.from({ length: 25 }, (_, index) => chunk(`${index}.js`));
    const compile = vi.fn();
    await prefetchModules(['/_astro/0.js'], {
      download: async () => files,
      compile,
      lazy: false,
      interaction,
    });
    expect(compile.mock.calls.length).toBeLessThan(files.length);
    await vi.waitFor(() => expect(compile).toHaveBeenCalledTimes(files.length));
  });

  it('compiles nothing until the visitor interacts with the page, then every file', async () => {
    const page = new EventTarget();
    const compile = vi.fn();
    await prefetchModules(['/_astro/a.js'], {
      download: async () => [chunk('a.js'), chunk('b.js')],
      compile,
      lazy: false,
      interaction: visitorInteracts(page),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(compile).not.toHaveBeenCalled();
    page.dispatchEvent(new Event('touchstart'));
    await vi.waitFor(() => expect(compile).toHaveBeenCalledTimes(2));
  });

  it("leaves an interaction with the island itself to the island's start", async () => {
    const island = document.createElement('div');
    const inside = island.appendChild(document.createElement('button'));
    document.body.append(island);
    const compile = vi.fn();
    await prefetchModules(['/_astro/a.js'], {
      download: async () => [chunk('a.js')],
      compile,
      lazy: false,
      interaction: visitorInteracts(document, island),
    });
    inside.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(compile).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event('touchstart', { bubbles: true }));
    await vi.waitFor(() => expect(compile).toHaveBeenCalledTimes(1));
    island.remove();
  });

  it('counts an interaction that came before the download ended', async () => {
    const page = new EventTarget();
    const compile = vi.fn();
    let arrive!: (files: string[]) => void;
    const done = prefetchModules(['/_astro/a.js'], {
      download: () => new Promise<string[]>((resolve) => (arrive = resolve)),
      compile,
      lazy: false,
      interaction: visitorInteracts(page),
    });
    page.dispatchEvent(new Event('keydown'));
    await vi.waitFor(() => expect(arrive).toBeTypeOf('function'));
    arrive([chunk('a.js')]);
    await done;
    await vi.waitFor(() => expect(compile).toHaveBeenCalledWith(chunk('a.js')));
  });

  it('has the browser compile a file with a modulepreload link, which does not run it', () => {
    compileModule(chunk('a.js'));
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]');
    expect(link?.href).toBe(chunk('a.js'));
    link?.remove();
  });
});

describe('downloadInWorker', () => {
  /** A site whose island's first file `a.js` names `b.js` and `c.js`; every request is logged. */
  function stubSite(log: string[]) {
    const fetched = vi.fn(async (url: string) => {
      log.push(`fetch ${url}`);
      return new Response(url.endsWith('/a.js') ? 'import"./b.js";import"./c.js";' : 'export{}');
    });
    vi.stubGlobal('fetch', fetched);
    return fetched;
  }

  it('reads the first files on the page while the worker starts, and has the worker download what they name', async () => {
    const log: string[] = [];
    stubSite(log);
    try {
      const { Worker, started } = fakeWorkers((request) => (request as string[]).slice(0, 1));
      const Logged = class extends Worker {
        constructor(url: string | URL) {
          log.push('worker');
          super(url);
        }
      };
      const arrived = await downloadInWorker({ urls: [chunk('a.js')], lazy: true }, {
        Worker: Logged,
      } as unknown as typeof globalThis);
      // The worker's script is asked for before the first file, not a round trip after it.
      expect(log).toEqual(['worker', `fetch ${chunk('a.js')}`]);
      expect(started).toHaveLength(1);
      expect(started[0]!.request).toEqual([chunk('b.js'), chunk('c.js')]);
      expect(started[0]!.terminated).toBe(true);
      // The first file and what the worker says arrived.
      expect(arrived).toEqual([chunk('a.js'), chunk('b.js')]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('downloads on the page when the worker cannot start, and takes nothing but addresses from it', async () => {
    const log: string[] = [];
    stubSite(log);
    try {
      const failing = fakeWorkers(() => [], { fails: true });
      await expect(
        downloadInWorker({ urls: [chunk('a.js')], lazy: true }, {
          Worker: failing.Worker,
        } as unknown as typeof globalThis),
      ).resolves.toEqual([chunk('a.js'), chunk('b.js'), chunk('c.js')]);
      expect(log.sort()).toEqual([chunk('a.js'), chunk('b.js'), chunk('c.js')].map((url) => `fetch ${url}`));
      const odd = fakeWorkers(() => ({ not: 'a list' }));
      await expect(
        downloadInWorker({ urls: [chunk('a.js')], lazy: true }, {
          Worker: odd.Worker,
        } as unknown as typeof globalThis),
      ).resolves.toEqual([chunk('a.js')]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('asks the worker nothing when the first files name nothing, or did not arrive', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 404 })),
    );
    try {
      const { Worker, started } = fakeWorkers(() => []);
      await expect(
        downloadInWorker({ urls: [chunk('a.js')], lazy: true }, { Worker } as unknown as typeof globalThis),
      ).resolves.toEqual([]);
      expect(started[0]!.request).toBeUndefined();
      expect(started[0]!.terminated).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
