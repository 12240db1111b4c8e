/**
 * Behaviour of `Tabs.astro` (WAI-ARIA tabs pattern, automatic activation): a click or
 * Left/Right/Home/End selects a tab, focus follows the keys, only the selected tab is in the
 * tab order (roving tabindex) and only its panel is shown.
 */

const KEYS = ['ArrowRight', 'ArrowLeft', 'Home', 'End'] as const;
type Key = (typeof KEYS)[number];

function isKey(key: string): key is Key {
  return (KEYS as readonly string[]).includes(key);
}

/** Index of the tab a key moves to from `index` among `count` tabs (wrapping at the ends). */
export function targetIndex(key: Key, index: number, count: number): number {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
}

/** Wires one `[data-tabs]` root; calling it twice on the same root does nothing. */
export function initTabs(root: HTMLElement): void {
  if (root.dataset.tabsReady) return;
  root.dataset.tabsReady = 'true';
  const tabs = Array.from(root.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]'));

  const select = (index: number, focus: boolean) => {
    tabs.forEach((tab, i) => {
      const selected = i === index;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    });
    if (focus) tabs[index]?.focus();
  };

  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => select(index, false));
    tab.addEventListener('keydown', (event) => {
      if (!isKey(event.key)) return;
      event.preventDefault();
      select(targetIndex(event.key, index, tabs.length), true);
    });
  });
}
