/**
 * The previous release's search index, read at build time so the new index keeps its base files
 * (`build-index.ts`): the release root holds `search/index.json` and `search-index/`. The site
 * build reads it from the folder {@link SEARCH_PREVIOUS_INDEX_ENV} names (the rebuild sets it to
 * the published release); without it, or when the index there cannot be used, the build makes a
 * full base and says why in one log line, never failing for it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildOptions, PreviousIndex } from './built-index.ts';

export const SEARCH_PREVIOUS_INDEX_ENV = 'SEARCH_PREVIOUS_INDEX';

/** The index under a release root, or why it could not be read. */
export function readPreviousIndex(root: string): PreviousIndex | string {
  try {
    const entry: unknown = JSON.parse(readFileSync(join(root, 'search', 'index.json'), 'utf8'));
    const folder = join(root, 'search-index');
    const files = new Map<string, string>();
    for (const name of readdirSync(folder)) {
      if (name.endsWith('.json')) files.set(name, readFileSync(join(folder, name), 'utf8'));
    }
    return { entry, files };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function warn(root: string, reason: string): void {
  console.warn(`검색 색인: 이전 릴리스(${root})의 색인을 쓸 수 없어 전체를 새로 만듭니다 (${reason}).`);
}

/**
 * The build options that hand the previous index to `buildSearchIndex`: none without a root;
 * with one, the index read there and a log line for an index that cannot be used (`quiet` for a
 * second reader of the same folder, such as the rebuild's route check).
 */
export function previousIndexOptions(
  root: string | undefined,
  { quiet = false }: { quiet?: boolean } = {},
): Pick<BuildOptions, 'previous' | 'onPreviousRejected'> {
  if (!root) return {};
  const say = quiet ? () => {} : (reason: string) => warn(root, reason);
  const previous = readPreviousIndex(root);
  if (typeof previous === 'string') {
    say(previous);
    return {};
  }
  return { previous, onPreviousRejected: say };
}
