// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, onFirstPaint } from './after-first-paint.ts';

type PaintName = 'first-paint' | 'first-contentful-paint';

/** A stand-in for the browser's paint timing, frames and idle periods, driven by the test. */
function fakeBrowser({ paintTiming = true } = {}) {
  const observers: {
    callback: PerformanceObserverCallback;
    options?: PerformanceObserverInit;
    live: boolean;
  }[] = [];
  const painted: PaintName[] = [];
  const frames: FrameRequestCallback[] = [];
  const idle: IdleRequestCallback[] = [];
  const listOf = (names: PaintName[]) =>
    ({
      getEntriesByName: (name: string) => names.filter((n) => n === name).map((n) => ({ name: n })),
    }) as unknown as PerformanceObserverEntryList;
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['resource'];
    readonly record: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.record = { callback, live: true };
      observers.push(this.record);
    }
    observe(options: PerformanceObserverInit) {
      this.record.options = options;
      if (options.buffered && painted.length > 0) this.record.callback(listOf([...painted]), this as never);
    }
    disconnect() {
      this.record.live = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
  return {
    observers,
    paint(name: PaintName) {
      painted.push(name);
      for (const o of observers.filter((o) => o.live && o.options?.type === 'paint'))
        o.callback(listOf([name]), {} as never);
    },
    nextFrame: () => frames.splice(0).forEach((cb) => cb(0)),
    idle: () => idle.splice(0).forEach((cb) => cb({ didTimeout: false, timeRemaining: () => 10 })),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, then for an idle moment', () => {
    const browser = fakeBrowser();
    const callback = vi.fn();
    afterFirstPaint(callback);
    browser.nextFrame();
    browser.nextFrame();
    browser.paint('first-paint'); // a background colour is not content yet
    browser.idle();
    expect(callback).not.toHaveBeenCalled();
    browser.paint('first-contentful-paint');
    expect(callback).not.toHaveBeenCalled();
    browser.idle();
    expect(callback).toHaveBeenCalledOnce();
    expect(browser.observers.every((o) => !o.live)).toBe(true);
  });

  it('starts at the next idle moment when the page has already painted', () => {
    const browser = fakeBrowser();
    browser.paint('first-contentful-paint');
    const callback = vi.fn();
    afterFirstPaint(callback);
    browser.idle();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('waits two frames where the browser has no paint timing', () => {
    const browser = fakeBrowser({ paintTiming: false });
    const callback = vi.fn();
    afterFirstPaint(callback);
    browser.nextFrame();
    browser.idle();
    expect(callback).not.toHaveBeenCalled();
    browser.nextFrame();
    browser.idle();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('falls back to a timer where the browser has no idle callbacks', async () => {
    const browser = fakeBrowser();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    afterFirstPaint(callback);
    browser.paint('first-contentful-paint');
    await vi.waitFor(() => expect(callback).toHaveBeenCalledOnce());
  });
});

describe('onFirstPaint', () => {
  it('runs at the first contentful paint, without waiting for an idle moment', () => {
    const browser = fakeBrowser();
    const callback = vi.fn();
    onFirstPaint(callback);
    browser.paint('first-paint');
    expect(callback).not.toHaveBeenCalled();
    browser.paint('first-contentful-paint');
    expect(callback).toHaveBeenCalledOnce();
    expect(browser.observers.every((o) => !o.live)).toBe(true);
  });

  it('waits two frames where the browser has no paint timing', () => {
    const browser = fakeBrowser({ paintTiming: false });
    const callback = vi.fn();
    onFirstPaint(callback);
    browser.nextFrame();
    expect(callback).not.toHaveBeenCalled();
    browser.nextFrame();
    expect(callback).toHaveBeenCalledOnce();
  });
});
