import { posix } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * Flat import lists for the island prefetch (src/features/lists/first-tap/prefetch-modules.ts), which learns an
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
 * stops when it would, scripts/publish/deploy/run.ts).
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
