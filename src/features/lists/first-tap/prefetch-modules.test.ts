// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { compileModule, moduleImports, prefetchModules } from './prefetch-modules.ts';

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

describe('prefetchModules', () => {
  it('reads only the files it is given, and hands them and every file they name to the browser once each, not at low priority (the web fonts are)', async () => {
    const files: Record<string, string> = {
      // Each built chunk ends with the flat list of every file below it (flat-import-lists.ts).
      'https://site.example/_astro/a.js': 'import"./b.js";import{x}from"./c.js";import"./c.js";',
      'https://site.example/_astro/r.js': 'import"./c.js";import"./d.js";',
    };
    const fetcher = vi.fn(async (url: string, init: RequestInit & { priority?: string }) => {
      expect(init.priority).toBe('auto');
      return new Response(files[url]);
    });
    const compile = vi.fn((_url: string) => {
      // Only once both lists are read: every file at once, none twice.
      expect(fetcher).toHaveBeenCalledTimes(2);
    });
    await prefetchModules(chunks('a.js', 'r.js', 'a.js'), {
      fetcher,
      compile,
    });
    expect(fetcher.mock.calls.map(([url]) => url).sort()).toEqual(Object.keys(files));
    expect(compile.mock.calls.map(([url]) => url).sort()).toEqual(
      ['a.js', 'b.js', 'c.js', 'd.js', 'r.js'].map((file) => `https://site.example/_astro/${file}`),
    );
  });

  it('hands nothing of a file it could not read to the browser, and the rest still', async () => {
    const fetcher = vi.fn(async (url: string) =>
      url.endsWith('/gone.js') ? new Response('', { status: 404 }) : new Response('import"./b.js";'),
    );
    const compile = vi.fn();
    await prefetchModules(['/_astro/gone.js', '/_astro/a.js'], { fetcher, compile });
    expect(compile.mock.calls.map(([url]) => new URL(url).pathname).sort()).toEqual([
      '/_astro/a.js',
      '/_astro/b.js',
    ]);
  });

  it('has the browser compile a file with a modulepreload link, which does not run it', () => {
    compileModule('https://site.example/_astro/a.js');
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]');
    expect(link?.href).toBe('https://site.example/_astro/a.js');
    link?.remove();
  });

  it('downloads the file into the HTTP cache where links cannot preload modules', async () => {
    const supports = vi
      .spyOn(Object.getPrototypeOf(document.createElement('link').relList) as DOMTokenList, 'supports')
      .mockReturnValue(false);
    const fetched = vi.fn(async () => new Response('export{}'));
    vi.stubGlobal('fetch', fetched);
    try {
      compileModule('https://site.example/_astro/b.js');
      expect(fetched).toHaveBeenCalledWith('https://site.example/_astro/b.js', {
        credentials: 'same-origin',
      });
      expect(document.head.querySelector('link[rel="modulepreload"]')).toBeNull();
    } finally {
      supports.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('downloads and compiles no lazily imported file for an island whose first tap needs none', async () => {
    const source =
      'import"./b.js";const s=()=>import("./sanitize.js");\n/* prefetch: import("./purify.js") */';
    const fetcher = vi.fn(async () => new Response(source));
    const compile = vi.fn();
    await prefetchModules(['https://site.example/_astro/a.js'], { fetcher, compile, lazy: false });
    expect(compile.mock.calls.map(([url]) => url).sort()).toEqual(chunks('a.js', 'b.js'));
    compile.mockClear();
    await prefetchModules(['https://site.example/_astro/a.js'], { fetcher, compile });
    expect(compile.mock.calls.map(([url]) => url).sort()).toEqual(
      chunks('a.js', 'b.js', 'purify.js', 'sanitize.js'),
    );
  });

  it('does not reject when the network fails', async () => {
    const fetcher = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const compile = vi.fn();
    await expect(prefetchModules(['/_astro/a.js'], { fetcher, compile })).resolves.toBeUndefined();
    expect(compile).not.toHaveBeenCalled();
  });
});
