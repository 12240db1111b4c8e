import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { watchNetwork } from './quiet-network.ts';

/** A page stand-in whose clock moves only when the watch sleeps, and whose requests follow a script. */
function fakePage(
  script: Array<[at: number, event: 'request' | 'requestfinished' | 'requestfailed', id: string]>,
) {
  const page = new EventEmitter();
  let clock = 0;
  const requests = new Map<string, object>();
  const fire = () => {
    while (script.length > 0 && script[0]![0] <= clock) {
      const [, event, id] = script.shift()!;
      if (!requests.has(id)) requests.set(id, { id });
      page.emit(event, requests.get(id));
    }
  };
  const watch = watchNetwork(page, {
    now: () => clock,
    sleep: async (ms) => {
      const next = script[0]?.[0];
      clock = next !== undefined && next < clock + ms ? next : clock + ms;
      fire();
    },
  });
  fire();
  /** Time passing while the test itself waits (the page painting). */
  const advanceTo = (at: number) => {
    clock = at;
    fire();
  };
  return { watch, time: () => clock, advanceTo };
}

describe('watchNetwork', () => {
  it('waits through a gap shorter than the quiet time, until the late request has ended', async () => {
    // The document and styles end at 100; the island's code starts at 400 (after the first
    // paint) and ends at 1,300: a 500 ms wait from 100 would have tapped before it.
    const { watch, time } = fakePage([
      [0, 'request', 'document'],
      [100, 'requestfinished', 'document'],
      [400, 'request', 'island'],
      [1300, 'requestfinished', 'island'],
    ]);
    await expect(watch.untilQuiet(500, 15_000)).resolves.toBe(true);
    expect(time()).toBe(1800);
  });

  it('counts a failed request as ended', async () => {
    const { watch, time } = fakePage([
      [0, 'request', 'font'],
      [200, 'requestfailed', 'font'],
    ]);
    await expect(watch.untilQuiet(500, 15_000)).resolves.toBe(true);
    expect(time()).toBe(700);
    expect(watch.open()).toBe(0);
  });

  it('gives up at the deadline when a request never ends', async () => {
    const { watch, time } = fakePage([[0, 'request', 'stream']]);
    await expect(watch.untilQuiet(500, 3_000)).resolves.toBe(false);
    expect(time()).toBe(3000);
    expect(watch.quietFor()).toBe(0);
  });

  it('counts the quiet only from countFromNow on: a request soon after it is waited for', async () => {
    // Load ends at 100; the slow phone paints at 900, and its prefetch starts at 950. Counted
    // from the load, 500 ms of quiet came at 600, before the paint.
    const { watch, time, advanceTo } = fakePage([
      [0, 'request', 'document'],
      [100, 'requestfinished', 'document'],
      [950, 'request', 'island'],
      [1700, 'requestfinished', 'island'],
    ]);
    advanceTo(100);
    advanceTo(900);
    expect(watch.quietFor()).toBe(800);
    watch.countFromNow();
    await expect(watch.untilQuiet(500, 15_000)).resolves.toBe(true);
    expect(time()).toBe(2200);
  });
});
