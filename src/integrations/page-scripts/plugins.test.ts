import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Plugin, type Rolldown } from 'vite';
import { chunkUrls } from './chunk-urls.ts';
import { COMPILE_HINT, compileHints } from './compile-hints.ts';
import { flatImportLists } from './flat-import-lists.ts';
import { inlineScriptCopies } from './inline-script-copies.ts';

let root: string;
let output: Rolldown.OutputChunk[];
/** The same build without flatImportLists(). */
let plainOutput: Rolldown.OutputChunk[];
/** The same build with compileHints(), list-d standing for an island. */
let hintedOutput: Rolldown.OutputChunk[];

/** Builds three page scripts that share helpers, as Astro's client build does. */
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'page-scripts-'));
  const files: Record<string, string> = {
    'shared.ts': `export const greet = (name: string): string => 'hello ' + name;`,
    'helper.ts': `import { greet } from './shared.ts';\nexport const run = () => greet('page');`,
    'island.ts': `import { greet } from './shared.ts';\nconsole.log(greet('island'));`,
    'page.inline.ts': `import { run } from './helper.ts';\nconsole.log(run());`,
    'page-entry.ts': `import './page.inline.ts';`,
    // An .inline.ts module whose import tree reaches one of Vite's query imports.
    'note.txt': 'RAW NOTE',
    'echo.worker.ts': `self.onmessage = (event) => self.postMessage(event.data);`,
    'words.json': `{ "word": "JSON WORD" }`,
    'with-note.ts': `import note from './note.txt?raw';\nimport echo from './echo.worker.ts?worker&url';\nimport words from './words.json' with { type: 'json' };\nexport const read = () => [note, echo, words.word];`,
    'note.inline.ts': `import { read } from './with-note.ts';\nconsole.log(read());`,
    'note-entry.ts': `import './note.inline.ts';`,
    'note-again.inline.ts': `import { read } from './with-note.ts';\nconsole.info(read());`,
    'note-again-entry.ts': `import './note-again.inline.ts';`,
    'late.ts': `import { greet } from './shared.ts';\nexport const start = () => greet('late');`,
    'loader-entry.ts': `import url from './late.ts?chunk-url';\nvoid import(/* @vite-ignore */ url);`,
    // Two islands sharing a chain of modules three deep, the last of which imports one lazily.
    'leaf.ts': `export const leaf = () => import('./lazy.ts').then((m) => m.lazy);`,
    'lazy.ts': `import { leaf } from './leaf.ts';\nexport const lazy = () => typeof leaf;`,
    'middle.ts': `import { leaf } from './leaf.ts';\nexport const middle = () => leaf();`,
    'upper.ts': `import { middle } from './middle.ts';\nexport const upper = () => middle();`,
    'list-a.ts': `import { upper } from './upper.ts';\nconsole.log(upper());`,
    'list-b.ts': `import { upper } from './upper.ts';\nimport { middle } from './middle.ts';\nimport { leaf } from './leaf.ts';\nconsole.log(upper(), middle(), leaf());`,
    'list-c.ts': `import { middle } from './middle.ts';\nimport { leaf } from './leaf.ts';\nconsole.log(middle(), leaf());`,
    'list-d.ts': `import { leaf } from './leaf.ts';\nconsole.log(leaf());`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  output = await buildFixture([inlineScriptCopies(), chunkUrls(), flatImportLists()]);
  plainOutput = await buildFixture([inlineScriptCopies(), chunkUrls()]);
  hintedOutput = await buildFixture([
    inlineScriptCopies(),
    chunkUrls(),
    flatImportLists(),
    compileHints((id) => id.endsWith('list-d.ts')),
  ]);
}, 60_000);

/** Builds the fixture's entries, as Astro's client build does, with the given plugins. */
async function buildFixture(plugins: Plugin[]): Promise<Rolldown.OutputChunk[]> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: false,
      rollupOptions: {
        input: {
          page: join(root, 'page-entry.ts'),
          note: join(root, 'note-entry.ts'),
          'note-again': join(root, 'note-again-entry.ts'),
          island: join(root, 'island.ts'),
          loader: join(root, 'loader-entry.ts'),
          'list-a': join(root, 'list-a.ts'),
          'list-b': join(root, 'list-b.ts'),
          'list-c': join(root, 'list-c.ts'),
          'list-d': join(root, 'list-d.ts'),
        },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

const chunk = (name: string) => output.find((o) => o.name === name)!;

describe('inlineScriptCopies', () => {
  it('bundles everything an .inline.ts module imports into its page script, even helpers islands share', () => {
    const page = chunk('page');
    expect(page.imports).toEqual([]);
    expect(page.code).toMatch(/greet = .*"hello "/);
    // The island and the late chunk keep sharing the ordinary module; the copy is the page's alone.
    const ordinary = join(root, 'shared.ts');
    expect(page.moduleIds).not.toContain(ordinary);
    expect(output.filter((o) => o.moduleIds.includes(ordinary)).length).toBeGreaterThan(0);
    expect(
      output
        .filter((o) => o !== page && !o.name.startsWith('note'))
        .flatMap((o) => o.moduleIds)
        .some((id) => id.includes('page-copy')),
    ).toBe(false);
  });

  it("copies Vite's query imports (?raw, ?url, ?worker) and JSON too, and leaves loading them to Vite", () => {
    // Two page scripts reach the same `?raw` import: neither may share it as a chunk.
    for (const name of ['note', 'note-again']) {
      const script = chunk(name);
      expect(script.imports, name).toEqual([]);
      expect(script.code, name).toContain('"RAW NOTE"');
      expect(script.code, name).toContain('"JSON WORD"');
      // The worker's own file, not the worker inlined as a data: address (Vite's `&inline`).
      expect(script.code, name).toMatch(/"\/assets\/echo\.worker-[\w-]+\.js"/);
      expect(script.code, name).not.toContain('data:');
    }
  });
});

describe('chunkUrls', () => {
  it('builds a ?chunk-url module as its own chunk and hands the importer its root-relative address', () => {
    const loader = chunk('loader');
    const late = output.find((o) => o.isEntry && o.facadeModuleId?.endsWith('late.ts'));
    expect(late, output.map((o) => o.fileName).join(', ')).toBeDefined();
    expect(loader.imports).toEqual([]);
    expect(loader.dynamicImports).toEqual([]);
    expect(loader.code).toContain(JSON.stringify(`/${late!.fileName}`));
    expect(late!.exports).toContain('start');
  });
});

describe('flatImportLists', () => {
  const chunkOf = (module: string) => output.find((o) => o.moduleIds.some((id) => id.endsWith(module)))!;
  /** What the island prefetch reads from a chunk's text (prefetch-modules.ts). */
  const named = (code: string) =>
    [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'`]\.\/([^"'`]+)["'`]/g)].map((m) => m[1]);

  it('names every chunk an island needs, and what it may import() later, in the island chunk itself', () => {
    const island = chunk('list-a');
    const files = ['upper.ts', 'middle.ts', 'leaf.ts', 'lazy.ts'].map((module) => chunkOf(module).fileName);
    expect(new Set(files).size, output.map((o) => `${o.fileName}: ${o.moduleIds.join()}`).join('\n')).toBe(4);
    expect(island.imports).toEqual([files[0]]);
    const deeper = files.map((file) => file.split('/').pop()!);
    expect(named(island.code)).toEqual(expect.arrayContaining(deeper));
    // Those it needs at once are imports; the lazy one only named, never run early.
    expect(island.code).not.toMatch(new RegExp(`import\\s*"\\./${deeper[3]!.replace('.', '\\.')}"`));
    expect(island.code).toContain(`/* prefetch: import("./${deeper[3]}") */`);
  });

  it('gives a chunk with an appended list another name than the same chunk without it', () => {
    const plain = plainOutput.find((o) => o.name === 'list-a')!;
    expect(plain.code).not.toContain('prefetch');
    expect(chunk('list-a').fileName).not.toBe(plain.fileName);
  });
});

describe('compileHints', () => {
  const chunkIn = (chunks: Rolldown.OutputChunk[], module: string) =>
    chunks.find((o) => o.moduleIds.some((id) => id.endsWith(module)))!;

  it("puts V8's compile hint at the top of an island's chunks, those it imports now and later", () => {
    for (const module of ['list-d.ts', 'leaf.ts', 'lazy.ts'])
      expect(chunkIn(hintedOutput, module).code.startsWith(`${COMPILE_HINT}\n`), module).toBe(true);
    // Chunks no island needs (another entry's, a page script's) stay as they were.
    for (const module of ['upper.ts', 'list-a.ts', 'island.ts', 'page-entry.ts'])
      expect(chunkIn(hintedOutput, module).code, module).not.toContain(COMPILE_HINT);
  });

  it('gives a hinted chunk another name than the same chunk without the hint', () => {
    for (const module of ['list-d.ts', 'leaf.ts', 'lazy.ts'])
      expect(chunkIn(hintedOutput, module).fileName, module).not.toBe(chunkIn(output, module).fileName);
  });
});
