/**
 * The index the rebuild made before the build, handed to it: the rebuild's route list needs the
 * index's file names, so it builds the index of the snapshot first (routes.ts); the site build
 * then reads that index from the file {@link SEARCH_PREBUILT_INDEX_ENV} names instead of making it
 * again (ten seconds for an edit at 50 times our content). Used only when it was made of the same
 * documents over the same previous index: anything else, or an unreadable file, and the build
 * makes its own.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { BuiltIndex } from './built-index.ts';
import type { SearchDoc } from '../format/types.ts';

export const SEARCH_PREBUILT_INDEX_ENV = 'SEARCH_PREBUILT_INDEX';

interface PrebuiltFile {
  version: 1;
  input: string;
  index: BuiltIndex;
}

/** What an index is made of: its documents and the root of the previous index it grew from. */
export function indexInputDigest(docs: readonly SearchDoc[], previousRoot: string | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify([previousRoot ?? '', docs]))
    .digest('hex');
}

export function writePrebuiltIndex(file: string, input: string, index: BuiltIndex): void {
  const value: PrebuiltFile = { version: 1, input, index };
  writeFileSync(`${file}.tmp`, JSON.stringify(value));
  renameSync(`${file}.tmp`, file);
}

/** The index in `file` when it was made of `input`; null otherwise. */
export function readPrebuiltIndex(file: string | undefined, input: string): BuiltIndex | null {
  if (!file) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as PrebuiltFile;
    return value.version === 1 && value.input === input ? value.index : null;
  } catch {
    return null;
  }
}
