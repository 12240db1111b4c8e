// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERACTION_EVENTS, onApproach, onInteraction } from './visitor-watch.ts';

afterEach(() => vi.unstubAllGlobals());

describe('onInteraction', () => {
  it('starts once, on the first pointer, focus or key event, and stops listening', () => {
    for (const type of INTERACTION_EVENTS) {
      const element = document.createElement('div');
      const start = vi.fn();
      onInteraction(element, start);
      element.dispatchEvent(new Event('click'));
      expect(start).not.toHaveBeenCalled();
      element.dispatchEvent(new Event(type));
      element.dispatchEvent(new Event(type));
      element.dispatchEvent(new Event('keydown'));
      expect(start, type).toHaveBeenCalledOnce();
    }
  });

  it('does nothing after it was stopped', () => {
    const element = document.createElement('div');
    const start = vi.fn();
    onInteraction(element, start)();
    element.dispatchEvent(new Event('pointerdown'));
    expect(start).not.toHaveBeenCalled();
  });
});

/** A stand-in IntersectionObserver whose entries the test reports. */
function fakeObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    options: IntersectionObserverInit | undefined;
    targets: Set<Element>;
  }[] = [];
  class FakeObserver {
    readonly record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options, targets: new Set() };
      observers.push(this.record);
    }
    observe(target: Element) {
      this.record.targets.add(target);
    }
    unobserve(target: Element) {
      this.record.targets.delete(target);
    }
    disconnect() {
      this.record.targets.clear();
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    /** Reports each element as inside (true) or outside (false) the margin, to the observers watching it. */
    report(changes: [Element, boolean][]) {
      for (const observer of observers) {
        const entries = changes
          .filter(([target]) => observer.targets.has(target))
          .map(([target, isIntersecting]) => ({ target, isIntersecting }) as IntersectionObserverEntry);
        if (entries.length > 0) observer.callback(entries, {} as IntersectionObserver);
      }
    },
  };
}

describe('onApproach', () => {
  it('calls near once per element when it comes within the margin', () => {
    const io = fakeObserver();
    const [a, b] = [document.createElement('img'), document.createElement('img')];
    const near = vi.fn();
    onApproach([a, b], '600px 0px', near);
    expect(io.observers[0]!.options).toEqual({ rootMargin: '600px 0px' });
    io.report([
      [a, false],
      [b, true],
    ]);
    expect(near.mock.calls).toEqual([[b]]);
    io.report([[a, true]]);
    io.report([[b, true]]);
    expect(near.mock.calls).toEqual([[b], [a]]);
  });

  it('stops watching when told to', () => {
    const io = fakeObserver();
    const element = document.createElement('div');
    const near = vi.fn();
    onApproach([element], '0px', near)();
    io.report([[element, true]]);
    expect(near).not.toHaveBeenCalled();
  });

  it('counts every element as near where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const elements = [document.createElement('div'), document.createElement('div')];
    const near = vi.fn();
    onApproach(elements, '0px', near);
    expect(near.mock.calls.map(([element]) => element)).toEqual(elements);
  });
});
