import type { Plugin, Rolldown } from 'vite';

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
 * thread: the island prefetch's `modulepreload` does that at the visitor's first interaction with
 * the page (src/features/lists/first-tap/prefetch-modules.ts), so a tap finds the code compiled. Only the islands'
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
