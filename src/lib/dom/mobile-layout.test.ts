import { describe, expect, it, vi } from 'vitest';
import { MOBILE_QUERY, watchMobileLayout } from './mobile-layout.ts';

/** A window whose one media query answers `matches` until `cross` changes it. */
function fakeWindow(matches: boolean) {
  const media = Object.assign(new EventTarget(), { matches, media: MOBILE_QUERY });
  const asked: string[] = [];
  return {
    win: {
      matchMedia: (query: string) => {
        asked.push(query);
        return media as unknown as MediaQueryList;
      },
    },
    asked,
    cross(to: boolean) {
      media.matches = to;
      media.dispatchEvent(new Event('change'));
    },
  };
}

describe('watchMobileLayout', () => {
  it('answers at once, then each time the window crosses the breakpoint, until stopped', () => {
    const { win, asked, cross } = fakeWindow(true);
    const seen = vi.fn();
    const stop = watchMobileLayout(seen, win);
    expect(asked).toEqual(['(max-width: 980px)']);
    expect(seen.mock.calls).toEqual([[true]]);
    cross(false);
    cross(true);
    expect(seen.mock.calls).toEqual([[true], [false], [true]]);
    stop();
    cross(false);
    expect(seen).toHaveBeenCalledTimes(3);
  });
});
