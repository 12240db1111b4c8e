import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint.ts';

describe('afterNextPaint', () => {
  const frames: FrameRequestCallback[] = [];
  const drawFrame = () => frames.splice(0).forEach((callback) => callback(performance.now()));

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    frames.length = 0;
  });

  function settledFlag(promise: Promise<void>) {
    const state = { settled: false };
    void promise.then(() => (state.settled = true));
    return state;
  }

  it('resolves in the task after the next frame, not in the frame itself', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const waited = settledFlag(afterNextPaint());
    await vi.advanceTimersByTimeAsync(50);
    expect(waited.settled).toBe(false);
    drawFrame();
    await Promise.resolve();
    expect(waited.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(waited.settled).toBe(true);
  });

  it('resolves after its timeout when no frame comes (a hidden page)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const waited = settledFlag(afterNextPaint(100));
    await vi.advanceTimersByTimeAsync(99);
    expect(waited.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(waited.settled).toBe(true);
  });
});
