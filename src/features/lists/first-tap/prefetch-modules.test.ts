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
  it('downloads the whole graph once each, not at low priority (the web fonts are), and survives failures', async () => {
    const files: Record<string, string> = {
      'https://site.example/_astro/a.js': 'import"./b.js";import{x}from"./c.js";',
      'https://site.example/_astro/b.js': 'import"./c.js";',
      'https://site.example/_astro/c.js': 'import(`./gone.js`);',
    };
    const fetcher = vi.fn(async (url: string, init: RequestInit & { priority?: string }) => {
      expect(init.priority).toBe('auto');
      const body = files[url];
      if (body === undefined) return new Response('', { status: 404 });
      return new Response(body);
    });
    const compile = vi.fn((_url: string) => {
      // Only once every file is in the cache: compiling one starts its own import requests.
      expect(fetcher).toHaveBeenCalledTimes(4);
    });
    await prefetchModules(['https://site.example/_astro/a.js', 'https://site.example/_astro/b.js'], {
      fetcher,
      compile,
    });
    expect(fetcher.mock.calls.map(([url]) => url).sort()).toEqual([
      'https://site.example/_astro/a.js',
      'https://site.example/_astro/b.js',
      'https://site.example/_astro/c.js',
      'https://site.example/_astro/gone.js',
    ]);
    // Each downloaded file is handed to the browser to compile once; the missing one is not.
    expect(compile.mock.calls.map(([url]) => url).sort()).toEqual([
      'https://site.example/_astro/a.js',
      'https://site.example/_astro/b.js',
      'https://site.example/_astro/c.js',
    ]);
  });

  it('has the browser compile a file with a modulepreload link, which does not run it', () => {
    compileModule('https://site.example/_astro/a.js');
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]');
    expect(link?.href).toBe('https://site.example/_astro/a.js');
    link?.remove();
  });

  it('downloads and compiles no lazily imported file for an island whose first tap needs none', async () => {
    const files: Record<string, string> = {
      'https://site.example/_astro/a.js': 'import"./b.js";const s=()=>import("./sanitize.js");',
      'https://site.example/_astro/b.js': '/* prefetch: import("./purify.js") */',
    };
    const fetcher = vi.fn(
      async (url: string) => new Response(files[url] ?? '', { status: url in files ? 200 : 404 }),
    );
    const compile = vi.fn();
    await prefetchModules(['https://site.example/_astro/a.js'], { fetcher, compile, lazy: false });
    expect(fetcher.mock.calls.map(([url]) => url).sort()).toEqual(Object.keys(files));
    expect(compile.mock.calls.map(([url]) => url).sort()).toEqual(Object.keys(files));
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
