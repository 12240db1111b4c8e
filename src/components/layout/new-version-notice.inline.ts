/**
 * Inlined into every page (NewVersionNotice.astro), with no imports: it must work when every
 * hashed file of the page is gone. Shows the notice when a part of the page could not load its
 * code after a deploy:
 * - `site:stale`, sent by the islands' directive when an island's files failed to load;
 * - `astro:hydration-error`, Astro's event when an island's files failed to load (it catches the
 *   failed import itself, so nothing else would tell);
 * - a promise rejected with the engines' messages for a failed module import, when no code
 *   handled it.
 * Vite's `vite:preloadError` is not heard: the chunks the site loads itself after the page
 * (`lib/dom/load-chunk.ts`: the sanitiser) catch their failure and show the same Korean message
 * with a reload in place, and a second message beside it would only repeat it.
 *
 * Reload-loop guard: the button reloads once and notes the time in sessionStorage; if the page
 * fails again within two minutes, the notice says so and asks to wait instead of inviting another
 * reload at once (a host that serves the page but not its files would otherwise loop the visitor).
 */

const RELOAD_MARK = 'site:new-version-reload';
const AGAIN_WITHIN_MS = 120_000;
/** Chromium, Firefox and WebKit word a failed `import()` differently. */
const IMPORT_FAILED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

const staleNotice = document.querySelector<HTMLElement>('[data-new-version-notice]');

function reloadedRecently(): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOAD_MARK));
    return Number.isFinite(at) && at > 0 && Date.now() - at < AGAIN_WITHIN_MS;
  } catch {
    return false;
  }
}

function showNotice(): void {
  if (!staleNotice || !staleNotice.hidden) return;
  const body = staleNotice.querySelector<HTMLElement>('[data-new-version-body]');
  if (reloadedRecently() && body && staleNotice.dataset.again) body.textContent = staleNotice.dataset.again;
  staleNotice.setAttribute('role', 'alert');
  staleNotice.hidden = false;
}

staleNotice?.querySelector('[data-new-version-reload]')?.addEventListener('click', () => {
  try {
    sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  } catch {
    // Private modes may refuse storage; the reload still helps.
  }
  location.reload();
});

addEventListener('site:stale', showNotice);
addEventListener('astro:hydration-error', showNotice);
addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  const message = reason instanceof Error ? reason.message : String(reason);
  if (IMPORT_FAILED.test(message)) showNotice();
});
