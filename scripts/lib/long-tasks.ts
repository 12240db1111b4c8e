/**
 * The long tasks of a page load, read from a Chromium performance trace (the `devtools.timeline`
 * categories, as DevTools' Performance panel records them): every task of the page's main thread
 * after its first paint that ran longer than a budget, with what it spent its time on. The pure
 * half of `npm run bench -- --only trace` (trace-bench.ts records the traces).
 *
 * Attribution follows the trace's own events, not Lighthouse's: Lighthouse names a task by the
 * first script address on its stack and calls the rest "the page itself", which says nothing
 * about a layout, a style recalculation or an image decode. Here each task lists the events that
 * took most of its time by themselves (self time), each with the script, style sheet or function
 * it names, and is owned by the first script it ran, or by the page when it ran none.
 */

/** One event of a Chromium trace (the JSON Trace Event Format), the fields read here. */
export interface TraceEvent {
  name: string;
  ph: string;
  /** Microseconds. */
  ts: number;
  dur?: number;
  /** Thread (CPU) time, microseconds: without the time the thread waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  cat?: string;
  args?: Record<string, unknown>;
}

/** What a long task spent its time on: one kind of event (and what it named), self time. */
export interface TaskPart {
  label: string;
  ms: number;
}

export interface LongTask {
  /** Milliseconds after the navigation started. */
  start: number;
  /** Wall time, ms. */
  ms: number;
  /**
   * Thread time, ms: the wall time less what the thread spent waiting for a core, which other
   * jobs on the host add (DevTools' CPU throttling keeps the thread busy, so it counts here).
   * The wall time where the trace has no thread times.
   */
  cpuMs: number;
  /** The first script the task ran, or `page` (layout, style, paint, parsing, images). */
  owner: string;
  /** The largest parts by self time, largest first. */
  parts: TaskPart[];
}

/** Top-level task events of Chromium's schedulers, by version. */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

interface Span {
  event: TraceEvent;
  start: number;
  end: number;
  /** Thread time, microseconds (the wall time when the trace has none). */
  cpu: number;
}

/** The renderer main thread that painted the page: the thread of its first paint mark. */
function paintMark(events: readonly TraceEvent[]): TraceEvent | undefined {
  const marks = events.filter((e) => e.name === 'firstContentfulPaint' || e.name === 'firstPaint');
  return marks.find((e) => e.name === 'firstContentfulPaint') ?? marks[0];
}

/** The navigation's start on that thread (the first `navigationStart` of the main frame's document). */
function navigationStart(events: readonly TraceEvent[], pid: number): number | undefined {
  const starts = events.filter(
    (e) =>
      e.name === 'navigationStart' &&
      e.pid === pid &&
      (e.args?.data as { isLoadingMainFrame?: boolean } | undefined)?.isLoadingMainFrame !== false,
  );
  return starts.length > 0 ? Math.min(...starts.map((e) => e.ts)) : undefined;
}

/** Complete events (`X`) and begin/end pairs (`B`/`E`) of one thread, as spans. */
export function spansOf(events: readonly TraceEvent[], pid: number, tid: number): Span[] {
  const spans: Span[] = [];
  const open: TraceEvent[] = [];
  for (const event of events) {
    if (event.pid !== pid || event.tid !== tid) continue;
    if (event.ph === 'X' && event.dur !== undefined)
      spans.push({ event, start: event.ts, end: event.ts + event.dur, cpu: event.tdur ?? event.dur });
    else if (event.ph === 'B') open.push(event);
    else if (event.ph === 'E') {
      const index = open.findLastIndex((begin) => begin.name === event.name);
      if (index >= 0) {
        const [begin] = open.splice(index, 1);
        spans.push({ event: begin!, start: begin!.ts, end: event.ts, cpu: event.ts - begin!.ts });
      }
    }
  }
  // Parents first: by start, the longer of two that start together first.
  return spans.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The script, style sheet or function an event names, if any. */
export function subjectOf(event: TraceEvent): string | undefined {
  const args = event.args ?? {};
  const data = (args.data ?? args.beginData ?? {}) as Record<string, unknown>;
  const url = [data.url, data.fileName, data.styleSheetUrl, args.fileName, args.url].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  const fn = typeof data.functionName === 'string' && data.functionName ? data.functionName : undefined;
  if (url && fn) return `${shortUrl(url)} ${fn}`;
  if (url) return shortUrl(url);
  if (typeof data.type === 'string') return data.type;
  return fn;
}

/** An address without its origin (and a `data:` address cut short): the table's width. */
export function shortUrl(url: string): string {
  if (url.startsWith('data:')) return `${url.slice(0, 24)}…`;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'FunctionCall',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.run',
]);

/** Self (thread) time of each label among the spans inside `task`, and the first script it ran. */
export function partsOf(task: Span, inside: readonly Span[]): { parts: TaskPart[]; owner: string } {
  const self = new Map<string, number>();
  let owner: string | undefined;
  // A stack of the spans enclosing the current one; each span's time goes to itself minus children.
  const stack: { span: Span; label: string; child: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack.at(-1)!.span.end <= until) {
      const top = stack.pop()!;
      const own = Math.max(0, top.span.cpu - top.child);
      self.set(top.label, (self.get(top.label) ?? 0) + own);
      if (stack.length > 0) stack.at(-1)!.child += top.span.cpu;
    }
  };
  let children = 0;
  for (const span of inside) {
    close(span.start);
    const subject = subjectOf(span.event);
    if (!owner && SCRIPT_EVENTS.has(span.event.name) && subject?.includes('/')) owner = subject.split(' ')[0];
    if (stack.length === 0) children += span.cpu;
    stack.push({ span, label: subject ? `${span.event.name} ${subject}` : span.event.name, child: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  const rest = task.cpu - children;
  if (rest > 0) self.set('(작업 자체)', (self.get('(작업 자체)') ?? 0) + rest);
  const parts = [...self.entries()]
    .map(([label, us]) => ({ label, ms: us / 1000 }))
    .sort((a, b) => b.ms - a.ms);
  return { parts, owner: owner ?? 'page' };
}

/**
 * The tasks of the painting renderer's main thread that began after the first paint and ran
 * longer than `thresholdMs` of thread time, each with its largest `keep` parts. Thread time, not
 * wall time: on a shared host a task the scheduler left waiting for a core is long on the wall
 * clock without the page doing anything (a 130 ms "task" of 1.7 ms in our traces). Empty when
 * the trace has no paint mark.
 */
export function longTasksAfterPaint(
  events: readonly TraceEvent[],
  { thresholdMs = 50, keep = 4 }: { thresholdMs?: number; keep?: number } = {},
): LongTask[] {
  const mark = paintMark(events);
  if (!mark) return [];
  const origin = navigationStart(events, mark.pid) ?? mark.ts;
  const spans = spansOf(events, mark.pid, mark.tid);
  const tasks: Span[] = [];
  for (const span of spans) {
    if (!TASK_NAMES.has(span.event.name)) continue;
    // A task nested in another (a nested run loop) is part of the outer one.
    if (tasks.length > 0 && span.start < tasks.at(-1)!.end) continue;
    tasks.push(span);
  }
  return tasks
    .filter((task) => task.start >= mark.ts && task.cpu / 1000 > thresholdMs)
    .map((task) => {
      const inside = spans.filter(
        (s) => s !== task && s.start >= task.start && s.end <= task.end && !TASK_NAMES.has(s.event.name),
      );
      const { parts, owner } = partsOf(task, inside);
      return {
        start: (task.start - origin) / 1000,
        ms: (task.end - task.start) / 1000,
        cpuMs: task.cpu / 1000,
        owner,
        parts: parts.slice(0, keep),
      };
    });
}

/** One line per task: when, how long, whose, and its largest parts. */
export function formatLongTasks(tasks: readonly LongTask[]): string[] {
  if (tasks.length === 0) return ['    (없음)'];
  return tasks.map(
    (task) =>
      `    ${Math.round(task.start)} ms부터 ${Math.round(task.cpuMs)} ms (벽시계 ${Math.round(task.ms)} ms), ${task.owner}: ` +
      task.parts.map((part) => `${part.label} ${part.ms.toFixed(1)}`).join(', '),
  );
}

/** A page's traces: the long tasks of each run. */
export interface TracedRuns {
  path: string;
  runs: readonly (readonly LongTask[])[];
}

/**
 * Whether a page's runs hold the line: at most half of them with a long task. One run's task can
 * be the host's (a core taken away mid-task still counts as thread time when DevTools' throttling
 * spins), a task of the page's own comes back run after run.
 */
export function traceMet(runs: TracedRuns['runs']): boolean {
  return runs.filter((tasks) => tasks.length > 0).length <= runs.length / 2;
}

/** One line per page: its runs with a long task, and the longest task of each run, ms. */
export function formatTraceSummary(pages: readonly TracedRuns[]): string {
  return pages
    .map(({ path, runs }) => {
      const longest = runs.map((tasks) =>
        tasks.length === 0 ? '—' : `${Math.round(Math.max(...tasks.map((t) => t.cpuMs)))} ms`,
      );
      const withTasks = runs.filter((tasks) => tasks.length > 0).length;
      return `${traceMet(runs) ? '✔' : '✖'} ${path}: 긴 작업이 있는 실행 ${withTasks}/${runs.length} (실행마다 가장 긴 작업: ${longest.join(', ')})`;
    })
    .join('\n');
}
