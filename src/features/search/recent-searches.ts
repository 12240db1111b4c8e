/**
 * Recent searches, kept on the visitor's device only (localStorage), newest first. Storage that
 * refuses (private modes, quota) or holds something unexpected simply means no history.
 */

export const RECENT_KEY = 'site:recent-searches';
export const MAX_RECENT = 5;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Store | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored searches, newest first (at most {@link MAX_RECENT}). */
export function readRecent(store: Store | null = storage()): string[] {
  try {
    const value: unknown = JSON.parse(store?.getItem(RECENT_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .slice(0, MAX_RECENT);
  } catch {
    return [];
  }
}

/** Puts `query` first (once) and returns the new list. */
export function rememberSearch(query: string, store: Store | null = storage()): string[] {
  const q = query.trim();
  const list = readRecent(store);
  if (!q) return list;
  const next = [q, ...list.filter((item) => item !== q)].slice(0, MAX_RECENT);
  try {
    store?.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // The list is still shown for this visit.
  }
  return next;
}

/** Forgets every stored search. */
export function clearRecent(store: Store | null = storage()): void {
  try {
    store?.removeItem(RECENT_KEY);
  } catch {
    // Nothing stored that could be shown.
  }
}
