/**
 * Two build rules that keep script requests out of the first paint.
 *
 * Astro writes a `<script>` straight into the page only when its bundle imports nothing;
 * otherwise the browser fetches it (and whatever it imports) while the page is still being
 * parsed, and on a slow phone those round trips come before the first paint.
 *
 * - `*.inline.ts` modules get private copies of everything they import statically, so the
 *   page script that uses one bundles into a single import-free piece that Astro can inline,
 *   even when the same helpers are shared with islands elsewhere.
 * - `import url from './module.ts?chunk-url'` builds `module.ts` (and its imports) as its own
 *   chunk and gives its address, for an inline script to `import()` once the page is painted.
 *
 * And one for the code fetched after the first paint: `flatImportLists()` lets an island's
 * prefetch ask for all its files in one round trip.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

const INLINE_ROOT = /\.inline\.ts$/;
// Not `inline-…`: Vite reads `&inline` at a word's start as `?worker&inline` (a worker as a data: address).
const COPY_QUERY = 'page-copy';
const CHUNK_URL_QUERY = '?chunk-url';
const CHUNK_URL_PREFIX = '\0chunk-url:';

/** The path of a module id without its query. */
function filePath(id: string): string {
  return id.replace(/\?.*$/, '');
}

/** The `page-copy` key a module id carries, or `undefined` for an ordinary module. */
function copyKey(id: string): string | undefined {
  const query = id.includes('?') ? id.slice(id.indexOf('?') + 1) : '';
  return new URLSearchParams(query).get(COPY_QUERY) ?? undefined;
}

/** The copy key for everything under an `.inline.ts` root: short, stable and unique per root. */
function rootKey(rootId: string): string {
  return createHash('sha256').update(filePath(rootId)).digest('hex').slice(0, 8);
}

/** Whether `id` carries a query besides the copy key (`?worker&url&page-copy=…`). */
function hasOtherQuery(id: string): boolean {
  const query = id.includes('?') ? id.slice(id.indexOf('?') + 1) : '';
  return [...new URLSearchParams(query).keys()].some((key) => key !== COPY_QUERY);
}

function withCopyKey(id: string, key: string): string {
  return `${id}${id.includes('?') ? '&' : '?'}${COPY_QUERY}=${key}`;
}

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
      return readFile(file, 'utf8');
    },
  };
}

/** `?chunk-url` imports: the address of the given module, built as a chunk of its own. */
export function chunkUrls(): Plugin {
  let base = '/';
  let serving = false;
  const references = new Set<string>();
  return {
    name: 'insighthire:chunk-urls',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
      serving = config.command === 'serve';
    },
    async resolveId(source, importer) {
      if (!source.endsWith(CHUNK_URL_QUERY)) return null;
      const resolved = await this.resolve(
        source.slice(0, -CHUNK_URL_QUERY.length),
        importer ? filePath(importer) : undefined,
        {
          skipSelf: true,
        },
      );
      if (!resolved || resolved.external) throw new Error(`chunk-url: cannot resolve ${source}`);
      // The chunk is shared by every page that loads it: never a private copy.
      return CHUNK_URL_PREFIX + filePath(resolved.id);
    },
    load(id) {
      if (!id.startsWith(CHUNK_URL_PREFIX)) return null;
      const target = id.slice(CHUNK_URL_PREFIX.length);
      // The dev server serves every source file at its own address.
      if (serving) return `export default ${JSON.stringify(`${base.replace(/\/$/, '')}/@fs${target}`)};`;
      const reference = this.emitFile({ type: 'chunk', id: target, preserveSignature: 'strict' });
      references.add(reference);
      // Rolldown's own form: Astro's incremental build reads it as the file's name when it hashes
      // a page's scripts. The Rollup form kept the reference id, which changes with the content
      // (other files emitted before it), so every page with such a script looked changed and was
      // rendered again after any publish.
      return `export default import.meta.ROLLDOWN_FILE_URL_${reference};`;
    },
    resolveFileUrl({ referenceId, fileName }) {
      // A root-relative address: the importing script is inlined into pages at every depth.
      return references.has(referenceId) ? JSON.stringify(`${base.replace(/\/?$/, '/')}${fileName}`) : null;
    },
  };
}

/**
 * Flat import lists for the island prefetch (src/lib/dom/prefetch-modules.ts), which learns an
 * island's files by reading them. Rolldown does not hoist transitive imports as Rollup did, so a
 * chunk names only its direct imports, and reading the graph took one round trip per level: four
 * on the FAQ (about 2.4 s on a slow phone network), which a first tap then waited for. Each chunk
 * now ends with an `import` of every chunk it needs further down (evaluated already by then, so
 * the order of evaluation does not change) and a comment naming what it may `import()` later,
 * with that code's own imports (`/* prefetch: import("./x.js") *\/`): the whole island is asked
 * for in the second round trip.
 * Added after hashing, and a name still stands for one content: a deeper chunk's new name renames
 * every chunk above it, and this format's version is part of every name (`augmentChunkHash`), so
 * a host that keeps earlier releases' files never holds two contents under one name (the deploy
 * stops when it would, scripts/deploy/run.ts).
 */
export function flatImportLists(): Plugin {
  return {
    name: 'insighthire:flat-import-lists',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    // Change it whenever what generateBundle appends changes.
    augmentChunkHash: () => 'flat-import-lists 1',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Rolldown.OutputChunk>();
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      const staticClosure = (roots: Iterable<string>, into = new Set<string>()): Set<string> => {
        for (const file of roots) {
          if (into.has(file) || !chunks.has(file)) continue;
          into.add(file);
          staticClosure(chunks.get(file)!.imports, into);
        }
        return into;
      };
      for (const chunk of chunks.values()) {
        const needed = staticClosure(chunk.imports);
        const later = new Set<string>();
        const pending = [...needed, chunk.fileName];
        for (const seen = new Set<string>(); pending.length > 0;) {
          const file = pending.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          for (const lazy of chunks.get(file)?.dynamicImports ?? [])
            for (const reached of staticClosure([lazy]))
              if (!needed.has(reached) && reached !== chunk.fileName) {
                later.add(reached);
                pending.push(reached);
              }
        }
        const from = posix.dirname(chunk.fileName);
        const relative = (file: string) => {
          const path = posix.relative(from, file);
          return path.startsWith('.') ? path : `./${path}`;
        };
        const hoisted = [...needed].filter((file) => !chunk.imports.includes(file));
        let tail = hoisted.map((file) => `import ${JSON.stringify(relative(file))};`).join('');
        // In the `import()` form the prefetch already reads, so it needs no code of its own for it.
        if (later.size > 0)
          tail += `\n/* prefetch: ${[...later].map((file) => `import(${JSON.stringify(relative(file))})`).join(' ')} */`;
        if (tail) chunk.code += `\n${tail}\n`;
      }
    },
  };
}

/** V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): compile every function now. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** An island's own code: a React component's chunk, or React's renderer for Astro. */
const isIslandEntry = (moduleId: string) =>
  /\.[jt]sx$/.test(moduleId) || /[\\/]@astrojs[\\/]react[\\/]dist[\\/]client\.js$/.test(moduleId);

/**
 * Marks the islands' chunks for eager compilation. V8 compiles a function only when it is first
 * called, on the main thread; an island's first render calls most of React DOM, so on a slow
 * phone a first tap spent about as long compiling as running (a trace of the FAQ's first tap).
 * With the hint at the top of a file, V8 compiles all of it while streaming it, on a background
 * thread: the island prefetch's `modulepreload` does that after the first paint
 * (src/lib/dom/prefetch-modules.ts), so a first tap finds the code compiled. Only the islands'
 * code carries it: compiling everything eagerly costs memory, and the sliders' Swiper modules
 * are mostly unused. Browsers without the hint read a comment.
 */
export function compileHints(isRoot: (moduleId: string) => boolean = isIslandEntry): Plugin {
  /** Every module an island may run: its entry's static and dynamic imports, at any depth. */
  let islandModules = new Set<string>();
  /**
   * Decided by modules, which are known before the chunks are hashed (a chunk's name changes with
   * its hint). Another entry (a slider's code) that shares a module with an island stays unhinted.
   */
  const hinted = (chunk: Pick<Rolldown.RenderedChunk, 'isEntry' | 'facadeModuleId' | 'moduleIds'>) =>
    chunk.isEntry
      ? chunk.facadeModuleId !== null && islandModules.has(chunk.facadeModuleId)
      : chunk.moduleIds.some((id) => islandModules.has(id));
  return {
    name: 'insighthire:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    renderStart() {
      islandModules = new Set();
      const pending = [...this.getModuleIds()].filter((id) => {
        const info = this.getModuleInfo(id);
        return info?.isEntry === true && isRoot(id);
      });
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (islandModules.has(id)) continue;
        islandModules.add(id);
        const info = this.getModuleInfo(id);
        if (info) pending.push(...info.importedIds, ...info.dynamicallyImportedIds);
      }
    },
    augmentChunkHash: (chunk) => (hinted(chunk) ? 'compile-hints 1' : undefined),
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle))
        if (output.type === 'chunk' && hinted(output)) output.code = `${COMPILE_HINT}\n${output.code}`;
    },
  };
}
