/**
 * `*.inline.ts` modules get private copies of everything they import statically, so the page
 * script that uses one bundles into a single import-free piece that Astro can inline into the
 * page (Astro writes a `<script>` into the page only when its bundle imports nothing), even when
 * the same helpers are shared with islands elsewhere.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import {
  CHUNK_URL_QUERY,
  copyKey,
  filePath,
  hasOtherQuery,
  INLINE_ROOT,
  rootKey,
  withCopyKey,
} from './module-ids.ts';

/** Gives every module imported (statically, at any depth) from an `.inline.ts` file its own copy. */
export function inlineScriptCopies(): Plugin {
  return {
    name: 'insighthire:inline-script-copies',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith('\0') || source.endsWith(CHUNK_URL_QUERY)) return null;
      const key = copyKey(importer) ?? (INLINE_ROOT.test(filePath(importer)) ? rootKey(importer) : undefined);
      if (key === undefined) return null;
      const resolved = await this.resolve(source, filePath(importer), { ...options, skipSelf: true });
      // Type-only and external imports, and ids that are not files, stay as they are.
      if (!resolved || resolved.external || resolved.id.startsWith('\0') || copyKey(resolved.id))
        return resolved;
      return { ...resolved, id: withCopyKey(resolved.id, key) };
    },
    async load(id) {
      // Vite's own imports with a query (`?raw`, `?url`, `?worker&url`) are copied too, so that
      // two roots do not share one as a chunk, but Vite's plugins still load them.
      if (copyKey(id) === undefined || hasOtherQuery(id)) return null;
      const file = filePath(id);
      this.addWatchFile(file);
      const code = await readFile(file, 'utf8');
      // The copy key hides a JSON file's extension from the bundler, which would read it as code.
      return file.endsWith('.json') ? { code, moduleType: 'json' } : code;
    },
  };
}
