/**
 * What the two halves of a list island's first tap share. The half that must be there before the
 * first paint (the `client:interaction` directive, interaction-directive.ts, registered in
 * src/integrations/page-scripts/index.ts) is written into every list page's HTML, which must
 * arrive in the first round trip of a slow connection: it only decides, synchronously, what to
 * do with a tap (hold it, mark the list pending) and remembers it. The rest (the early API
 * request, the prefetch of the island's code, starting it and handing the tap over:
 * first-tap-runtime.inline.ts) is one hashed file that every list page shares from the cache, fetched
 * once the page has painted or at the first tap, whichever comes first.
 *
 * Astro bundles the directive on its own, before Vite builds the site, so it cannot know the
 * runtime's hashed address: the list page names it (runtime-address.inline.ts) on the document
 * element, and says so with an event when that comes after the directive asks.
 */

/** The document element's attribute that holds the runtime's address. */
export const RUNTIME_ADDRESS_ATTRIBUTE = 'data-first-tap-runtime';
/** Sent on `window` once the address is there. */
export const RUNTIME_ADDRESS_EVENT = 'first-tap:runtime';
/** On a list island that waits for the visitor's first interaction (see the directive). */
export const WAITING_ATTRIBUTE = 'data-hydrate-on-interaction';

/** What is caught before the island is there. */
export const CAUGHT = ['pointerdown', 'click', 'submit', 'input', 'change'] as const;

/** A list island whose code has not started yet, and what the visitor asked of it meanwhile. */
export interface WaitingIsland {
  el: HTMLElement;
  /** Astro's loader: imports the island's code and gives back its hydrate function. */
  load: () => Promise<() => Promise<void>>;
  /**
   * The visitor's request made before React was there (a page link, a search, a category):
   * `island` carries it out once React is there, `fallback` the plain way when its code cannot
   * be loaded.
   */
  held?: { island: () => void; fallback?: () => void } | undefined;
  /** Each dropdown changed before React was there, with the value chosen (hydration resets it). */
  changed: Map<HTMLSelectElement, string>;
  /** Catches the `CAUGHT` events before React is there (on the island, in the capture phase). */
  caught: (event: Event) => void;
}

/** What the first-tap runtime (first-tap-runtime.inline.ts, which checks it) offers the directive. */
export interface FirstTapRuntime {
  /** Asks the API now for what the page address `address` shows. */
  askEarly(island: Element, address: string | URLSearchParams | undefined): void;
  /** Downloads the island's code once, without running it. */
  prefetch(el: Element): Promise<void>;
  /** Starts an island whose address is not what its HTML shows. */
  startNow(island: WaitingIsland): Promise<void>;
  /** Starts a waiting island; `false` when its code could not be loaded. */
  start(island: WaitingIsland): Promise<boolean>;
}

let runtime: Promise<FirstTapRuntime> | undefined;
let failures = 0;

/**
 * The runtime, imported once. A failed import (a deploy removed the file) is tried again next
 * time, at an address of its own: a browser may keep a failed module import as failed.
 */
export function firstTapRuntime(): Promise<FirstTapRuntime> {
  return (runtime ??= new Promise<string>((resolve) => {
    const address = () => document.documentElement.getAttribute(RUNTIME_ADDRESS_ATTRIBUTE);
    const named = address();
    if (named) resolve(named);
    else addEventListener(RUNTIME_ADDRESS_EVENT, () => resolve(address()!), { once: true });
  })
    .then((url) => {
      const address = failures ? `${url}?retry=${failures}` : url;
      return import(/* @vite-ignore */ address) as Promise<FirstTapRuntime>;
    })
    .catch((error: unknown) => {
      runtime = undefined;
      failures++;
      throw error;
    }));
}
