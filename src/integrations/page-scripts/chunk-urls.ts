/**
 * `import url from './module.ts?chunk-url'` builds `module.ts` (and its imports) as its own
 * chunk and gives its address, for an inline script to `import()` once the page is painted.
 */
import type { Plugin } from 'vite';
import { CHUNK_URL_PREFIX, CHUNK_URL_QUERY, filePath } from './module-ids.ts';

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
