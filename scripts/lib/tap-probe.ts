/**
 * What the tap bench (tap-bench.ts) runs inside the page. Everything here is serialised into the
 * page with `Function.prototype.toString`, so no function may reference anything outside its own
 * body (no imports, no module constants); `viewMatches` is also pure and unit-tested in Node.
 *
 * The page notices its result itself: armed before a tap, the probe reads the screen only when the
 * DOM changes and notes the time at the next animation frame. Polled every frame from Node
 * (Playwright's `waitForFunction` with `raf`), reading the list's whole text took the main thread
 * in every frame of a tap, the island's start included: the bench's own cost, in the site's time.
 */

/** What a list screen shows, read in the page. */
export interface ListView {
  /** `data-status` of the list region (`ready`, `loading`, `error`), null before there is one. */
  status: string | null;
  /** Text of the pagination's current page link. */
  page: string | null;
  /** Texts of the pressed toggle buttons (FAQ category, HR topic chip). */
  pressed: string[];
  /** The page heading's text. */
  heading: string;
  /** Title of the first item (its first `h2`) in the region. */
  first: string | null;
  /** Items in the region's list. */
  items: number;
  /** The region's whole text: two states with the same text show the same thing. */
  content: string;
  /** The address's `term`, or null. */
  term: string | null;
}

/** What a tap's result must show. Every field given must hold, and the region must be ready. */
export interface ViewExpectation {
  page?: string;
  /** Among the pressed buttons. */
  pressed?: string;
  headingIncludes?: string;
  term?: string;
  /**
   * The region's text before the tap: the result must differ from it, so the pre-rendered first
   * page (or the previous result) left on screen, or shown again by a new document, never counts.
   */
  contentNot?: string;
  firstNot?: string | null;
  minItems?: number;
}

/** The page's clock when the result was first in a frame, and what the document knew then. */
export interface ResultMoment {
  now: number;
  timeOrigin: number;
  doc: number;
  down: number | null;
  downAt: number | null;
}

export interface ProbeGlobals {
  /** A random number per document: another value after a tap means the tap loaded a new document. */
  __tapBenchDoc: number;
  /**
   * `performance.now()` of the latest `pointerdown` (or pick in a dropdown) in this document,
   * null until one.
   */
  __tapBenchDown: number | null;
  /**
   * The latest `pointerdown` on the epoch clock (`timeOrigin + now`), kept in sessionStorage so it
   * outlives a document the tap replaced (same tab, same origin); null when there is none.
   */
  __tapBenchDownAt(): number | null;
  /** Forgets the latest pointerdown and any armed wait, before a timed tap. */
  __tapBenchReset(): void;
  /**
   * Waits in the page for a view that matches `expect`: each change of the DOM is checked, and the
   * first match is noted at the next animation frame in `__tapBenchResult`. Kept in sessionStorage,
   * so a document the tap loaded goes on waiting.
   */
  __tapBenchArm(paginationLabel: string, expect: ViewExpectation): void;
  /** The armed wait's result, null until it came. */
  __tapBenchResult: ResultMoment | null;
  __tapBenchView(paginationLabel: string): ListView;
  __tapBenchMatches(view: ListView, expect: ViewExpectation): boolean;
}

/**
 * Installed in every document of a run before the page's own scripts (`context.addInitScript`).
 * The pointerdown listener is on `window` in the capture phase, so it hears the tap before any of
 * the page's listeners and whatever they do with it.
 */
export function installProbe(): void {
  const probe = window as unknown as ProbeGlobals;
  const key = '__tapBenchDownAt';
  probe.__tapBenchDoc = Math.random();
  probe.__tapBenchDown = null;
  probe.__tapBenchDownAt = () => {
    const value = Number(sessionStorage.getItem(key));
    return value > 0 ? value : null;
  };
  probe.__tapBenchReset = () => {
    probe.__tapBenchDown = null;
    sessionStorage.removeItem(key);
  };
  const record = () => {
    const now = performance.now();
    probe.__tapBenchDown = now;
    sessionStorage.setItem(key, String(performance.timeOrigin + now));
  };
  window.addEventListener('pointerdown', record, { capture: true });
  // A pick in a dropdown's native picker is the request, and it comes with no pointerdown on the
  // page: the time from opening the picker to choosing is the visitor's, not the site's.
  window.addEventListener('input', (event) => event.target instanceof HTMLSelectElement && record(), {
    capture: true,
  });
}

/** Installed after {@link installProbe}: the armed wait for a tap's result (`__tapBenchArm`). */
export function installResultWatch(): void {
  const probe = window as unknown as ProbeGlobals;
  const armedKey = '__tapBenchArmed';
  let observer: MutationObserver | null = null;
  probe.__tapBenchResult = null;
  const disarm = () => {
    observer?.disconnect();
    observer = null;
    probe.__tapBenchResult = null;
  };
  const forgetDown = probe.__tapBenchReset;
  probe.__tapBenchReset = () => {
    forgetDown();
    sessionStorage.removeItem(armedKey);
    disarm();
  };
  const watch = (label: string, expect: ViewExpectation) => {
    disarm();
    const check = () => {
      if (!observer || !probe.__tapBenchMatches(probe.__tapBenchView(label), expect)) return;
      observer.disconnect();
      observer = null;
      sessionStorage.removeItem(armedKey);
      requestAnimationFrame(() => {
        probe.__tapBenchResult = {
          now: performance.now(),
          timeOrigin: performance.timeOrigin,
          doc: probe.__tapBenchDoc,
          down: probe.__tapBenchDown,
          downAt: probe.__tapBenchDownAt(),
        };
      });
    };
    observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    check();
  };
  probe.__tapBenchArm = (label, expect) => {
    sessionStorage.setItem(armedKey, JSON.stringify({ label, expect }));
    watch(label, expect);
  };
  // A document the tap loaded waits on for the same result.
  const armed = sessionStorage.getItem(armedKey);
  if (armed) {
    const { label, expect } = JSON.parse(armed) as { label: string; expect: ViewExpectation };
    watch(label, expect);
  }
}

/** Reads the list screen; the pagination is found by its accessible name (`pagination.label`). */
export function readListView(paginationLabel: string): ListView {
  const region = document.querySelector('section[aria-busy][data-status]');
  const navs = [...document.querySelectorAll('nav')].filter(
    (nav) => nav.getAttribute('aria-label') === paginationLabel,
  );
  const current = navs.map((nav) => nav.querySelector('a[aria-current="page"]')).find(Boolean);
  const text = (element: Element | null | undefined) =>
    element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return {
    status: region?.getAttribute('data-status') ?? null,
    page: current ? text(current) : null,
    pressed: [...document.querySelectorAll('button[aria-pressed="true"]')].map((button) => text(button)),
    heading: text(document.querySelector('h1')),
    first: region?.querySelector('h2') ? text(region.querySelector('h2')) : null,
    items: region?.querySelector('ul')?.children.length ?? 0,
    content: text(region),
    term: new URLSearchParams(location.search).get('term'),
  };
}

/** Whether a view shows the expected result. */
export function viewMatches(view: ListView, expect: ViewExpectation): boolean {
  if (view.status !== 'ready') return false;
  if (expect.page !== undefined && view.page !== expect.page) return false;
  if (expect.pressed !== undefined && !view.pressed.includes(expect.pressed)) return false;
  if (expect.headingIncludes !== undefined && !view.heading.includes(expect.headingIncludes)) return false;
  if (expect.term !== undefined && view.term !== expect.term) return false;
  if (expect.contentNot !== undefined && view.content === expect.contentNot) return false;
  if (expect.firstNot !== undefined && view.first === expect.firstNot) return false;
  if (expect.minItems !== undefined && view.items < expect.minItems) return false;
  return true;
}

/** A view in a few Korean words, for a result that never came. */
export function describeView(view: ListView): string {
  return [
    `목록 ${view.status ?? '없음'}`,
    `항목 ${view.items}개`,
    `현재 페이지 ${view.page ?? '없음'}`,
    `눌린 버튼 [${view.pressed.join(', ')}]`,
    `제목 "${view.heading}"`,
    `검색어 ${view.term === null ? '없음' : `"${view.term}"`}`,
  ].join(', ');
}

/** The init script: the view reader, the matcher, the probe and its watch that use them, as source text. */
export function probeScript(): string {
  return [
    `window.__tapBenchView = ${readListView.toString()};`,
    `window.__tapBenchMatches = ${viewMatches.toString()};`,
    `(${installProbe.toString()})();`,
    `(${installResultWatch.toString()})();`,
  ].join('\n');
}
