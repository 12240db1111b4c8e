/**
 * What the tap bench (tap-bench.ts) runs inside the page. Everything here is serialised into the
 * page with `Function.prototype.toString`, so no function may reference anything outside its own
 * body (no imports, no module constants); `viewMatches` is also pure and unit-tested in Node.
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
  /** Forgets the latest pointerdown, before a timed tap. */
  __tapBenchReset(): void;
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

/** The init script: the probe, the view reader and the matcher, as source text. */
export function probeScript(): string {
  return [
    `(${installProbe.toString()})();`,
    `window.__tapBenchView = ${readListView.toString()};`,
    `window.__tapBenchMatches = ${viewMatches.toString()};`,
  ].join('\n');
}
