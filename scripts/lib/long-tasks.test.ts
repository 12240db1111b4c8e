import { describe, expect, it } from 'vitest';
import {
  formatLongTasks,
  formatTraceSummary,
  longTasksAfterPaint,
  shortUrl,
  subjectOf,
  traceMet,
  type LongTask,
  type TraceEvent,
} from './long-tasks.ts';

const PAGE = 'http://127.0.0.1:4481/hrcontents';
const main = { pid: 1, tid: 10 };
/** A complete event on the page's main thread: start and length in ms, thread time as given. */
const x = (name: string, startMs: number, ms: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: 'X',
  ts: startMs * 1000,
  dur: ms * 1000,
  ...main,
  ...extra,
});

const trace: TraceEvent[] = [
  { name: 'navigationStart', ph: 'R', ts: 100_000, ...main, args: { data: { isLoadingMainFrame: true } } },
  // Before the first paint: not counted, however long.
  x('RunTask', 200, 90),
  { name: 'firstContentfulPaint', ph: 'R', ts: 400_000, ...main },
  // The first card's SVG laid out inside the parser's task: the page's own work.
  x('RunTask', 500, 80),
  x('ParseHTML', 501, 70, { args: { beginData: { url: PAGE } } }),
  x('Layout', 510, 40),
  x('PaintImage', 560, 10, { args: { data: { url: 'data:image/svg+xml,%3csvg%20xmlns' } } }),
  // A script's task: owned by its file, the compile nested in the call.
  x('RunTask', 700, 60),
  x('FunctionCall', 700, 55, {
    args: { data: { url: 'http://127.0.0.1:4481/_astro/client.js', functionName: 'hydrate' } },
  }),
  x('v8.compile', 705, 20, { args: { data: { url: 'http://127.0.0.1:4481/_astro/client.js' } } }),
  // Long on the wall clock, but the thread waited for a core: the host's, not the page's.
  x('RunTask', 900, 130, { tdur: 2000 }),
  // Short enough.
  x('RunTask', 1100, 50),
  // Another thread's long task.
  x('RunTask', 600, 300, { tid: 11 }),
];

describe('longTasksAfterPaint', () => {
  it('lists the main thread’s tasks after the first paint over 50 ms of thread time, with their parts and owner', () => {
    const tasks = longTasksAfterPaint(trace);
    expect(tasks.map((t) => [t.start, t.ms, t.owner])).toEqual([
      [400, 80, 'page'],
      [600, 60, '/_astro/client.js'],
    ]);
    expect(tasks[0]!.parts).toEqual([
      { label: 'Layout', ms: 40 },
      { label: `ParseHTML /hrcontents`, ms: 20 },
      { label: 'PaintImage data:image/svg+xml,%3csv…', ms: 10 },
      { label: '(작업 자체)', ms: 10 },
    ]);
    expect(tasks[1]!.parts[0]).toEqual({ label: 'FunctionCall /_astro/client.js hydrate', ms: 35 });
    expect(tasks[1]!.parts[1]).toEqual({ label: 'v8.compile /_astro/client.js', ms: 20 });
  });

  it('takes the threshold given, and gives nothing for a trace without a paint', () => {
    expect(longTasksAfterPaint(trace, { thresholdMs: 40 }).map((t) => t.ms)).toEqual([80, 60, 50]);
    expect(longTasksAfterPaint(trace.filter((e) => e.name !== 'firstContentfulPaint'))).toEqual([]);
  });

  it('pairs begin and end events as one span', () => {
    const paired: TraceEvent[] = [
      { name: 'firstPaint', ph: 'R', ts: 0, ...main },
      { name: 'RunTask', ph: 'B', ts: 10_000, ...main },
      { name: 'UpdateLayoutTree', ph: 'B', ts: 10_000, ...main },
      { name: 'UpdateLayoutTree', ph: 'E', ts: 70_000, ...main },
      { name: 'RunTask', ph: 'E', ts: 75_000, ...main },
    ];
    const [task] = longTasksAfterPaint(paired);
    expect(task).toMatchObject({ start: 10, ms: 65, cpuMs: 65, owner: 'page' });
    expect(task!.parts[0]).toEqual({ label: 'UpdateLayoutTree', ms: 60 });
  });
});

describe('subjectOf and shortUrl', () => {
  it('name what an event worked on, without the origin', () => {
    expect(subjectOf(x('EventDispatch', 0, 1, { args: { data: { type: 'click' } } }))).toBe('click');
    expect(subjectOf(x('Layout', 0, 1))).toBeUndefined();
    expect(shortUrl('http://127.0.0.1:4481/a.js?v=1')).toBe('/a.js?v=1');
    expect(shortUrl('not a url')).toBe('not a url');
  });
});

const task = (cpuMs: number): LongTask => ({
  start: 900,
  ms: cpuMs + 5,
  cpuMs,
  owner: 'page',
  parts: [{ label: 'Layout', ms: 40 }],
});

describe('traceMet and the report', () => {
  it('holds a page with a long task in at most half its runs', () => {
    expect(traceMet([[], [task(60)], []])).toBe(true);
    expect(traceMet([[task(60)], [task(70)], []])).toBe(false);
    expect(traceMet([[], []])).toBe(true);
  });

  it('prints each task and a line per page', () => {
    expect(formatLongTasks([task(61)])).toEqual(['    900 ms부터 61 ms (벽시계 66 ms), page: Layout 40.0']);
    expect(formatLongTasks([])).toEqual(['    (없음)']);
    expect(formatTraceSummary([{ path: '/faq', runs: [[], [task(61), task(80)], []] }])).toBe(
      '✔ /faq: 긴 작업이 있는 실행 1/3 (실행마다 가장 긴 작업: —, 80 ms, —)',
    );
  });
});
