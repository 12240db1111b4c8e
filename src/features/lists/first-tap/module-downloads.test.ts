import { describe, expect, it, vi } from 'vitest';
import { downloadFiles, downloadModules, moduleImports } from './module-downloads.ts';

const base = 'https://site.example/_astro/FaqList.abc.js';

/** Addresses of built chunks beside `base`. */
const chunks = (...files: string[]) => files.map((file) => new URL(file, base).href);

describe('moduleImports', () => {
  it.each([
    {
      what: 'finds static, bare and dynamic imports of built chunks, resolved against the module',
      source:
        'import{t as e}from"./react.Cv.js";import"./side.A1.js";' +
        'const l=()=>import(`./sanitize.browser.B.js`);import { x } from "../other/y.js";',
      found: [
        ...chunks('react.Cv.js', 'side.A1.js', 'sanitize.browser.B.js'),
        'https://site.example/other/y.js',
      ],
    },
    {
      what: 'reads what the build names for later in its prefetch comment',
      source:
        'import{t as e}from"./react.Cv.js";\nimport"./preload-helper.C.js";\n' +
        '/* prefetch: import("./sanitize.browser.B.js") import("./purify.D.js") */\n',
      found: chunks('react.Cv.js', 'preload-helper.C.js', 'sanitize.browser.B.js', 'purify.D.js'),
    },
    {
      what: 'ignores bare names, other addresses and strings that are not imports',
      source: 'import React from"react";const a="./not-an-import.js";fetch("./data.json");',
      found: [],
    },
  ])('$what', ({ source, found }) => {
    expect(moduleImports(source, base)).toEqual(found);
  });

  it('leaves out what is imported with import(), in code or in the comment, when not lazy', () => {
    const source =
      'import{t as e}from"./react.Cv.js";import"./side.A1.js";const l=()=>import("./sanitize.browser.B.js");\n' +
      '/* prefetch: import("./purify.D.js") */\n';
    expect(moduleImports(source, base, false)).toEqual(chunks('react.Cv.js', 'side.A1.js'));
  });
});

describe('downloadModules', () => {
  it('reads only the files it is given; downloads every file they name once each, not at low priority (the web fonts are)', async () => {
    const files: Record<string, string> = {
      // Each built chunk ends with the flat list of every file below it (flat-import-lists.ts).
      [chunks('a.js')[0]!]: 'import"./b.js";import{x}from"./c.js";import"./c.js";',
      [chunks('r.js')[0]!]: 'import"./c.js";import"./d.js";',
      [chunks('b.js')[0]!]: 'import"./never-read.js";',
    };
    const fetcher = vi.fn(async (url: string, init: RequestInit & { priority?: string }) => {
      expect(init.priority).toBe('auto');
      return new Response(files[url] ?? 'export{}');
    });
    const arrived = await downloadModules({ urls: chunks('a.js', 'r.js', 'a.js'), lazy: true }, fetcher);
    expect(fetcher.mock.calls.map(([url]) => url).sort()).toEqual(
      chunks('a.js', 'b.js', 'c.js', 'd.js', 'r.js'),
    );
    expect(arrived.sort()).toEqual(chunks('a.js', 'b.js', 'c.js', 'd.js', 'r.js'));
  });

  it('leaves out what did not arrive, and what a file it could not read would have named', async () => {
    const fetcher = vi.fn(async (url: string) => {
      if (url.endsWith('/offline.js')) throw new TypeError('Failed to fetch');
      if (url.endsWith('/gone.js') || url.endsWith('/lost.js')) return new Response('', { status: 404 });
      return new Response('import"./b.js";import"./lost.js";import"./offline.js";');
    });
    const arrived = await downloadModules({ urls: chunks('gone.js', 'a.js'), lazy: true }, fetcher);
    expect(arrived.sort()).toEqual(chunks('a.js', 'b.js'));
  });

  it('downloads no lazily imported file for an island whose first tap needs none', async () => {
    const source =
      'import"./b.js";const s=()=>import("./sanitize.js");\n/* prefetch: import("./purify.js") */';
    const fetcher = vi.fn(async () => new Response(source));
    expect((await downloadModules({ urls: chunks('a.js'), lazy: false }, fetcher)).sort()).toEqual(
      chunks('a.js', 'b.js'),
    );
    expect((await downloadModules({ urls: chunks('a.js'), lazy: true }, fetcher)).sort()).toEqual(
      chunks('a.js', 'b.js', 'purify.js', 'sanitize.js'),
    );
  });
});

describe('downloadFiles', () => {
  it('downloads each address once, reads none of them for names, and leaves out what did not arrive', async () => {
    const fetcher = vi.fn(async (url: string) =>
      url.endsWith('/gone.js') ? new Response('', { status: 404 }) : new Response('import"./never-read.js";'),
    );
    const arrived = await downloadFiles(chunks('a.js', 'gone.js', 'a.js', 'b.js'), fetcher);
    expect(arrived).toEqual(chunks('a.js', 'b.js'));
    expect(fetcher.mock.calls.map(([url]) => url)).toEqual(chunks('a.js', 'gone.js', 'b.js'));
  });
});
