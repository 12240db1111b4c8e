import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NEW_TAB, newTabProps, openInNewTab } from './new-tab.ts';

const src = fileURLToPath(new URL('../..', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(astro|tsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('new-tab links', () => {
  it('are a new tab without opener or referrer, for links that leave the site only', () => {
    expect(newTabProps()).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
    expect(newTabProps(false)).toEqual({});
  });

  it('take their attributes from this one module (no file writes them out)', () => {
    const writers = sources(src)
      .filter((file) => !file.endsWith('new-tab.ts'))
      // Any `_blank` written as a string: an attribute (`target="_blank"`), a prop (`target: '_blank'`)
      // or a script's `window.open(url(x), "_blank", …)`; the rel value or the window features.
      .filter((file) => /noopener[ ,]noreferrer|["'`]_blank["'`]/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(writers).toEqual([]);
    expect(NEW_TAB.rel).toBe('noopener noreferrer');
  });

  it('opened from script, a new tab without opener or referrer', () => {
    const calls: unknown[][] = [];
    const original = globalThis.window;
    globalThis.window = { open: (...args: unknown[]) => calls.push(args) } as unknown as Window &
      typeof globalThis;
    try {
      openInNewTab('https://news.example/a');
    } finally {
      globalThis.window = original;
    }
    expect(calls).toEqual([['https://news.example/a', '_blank', 'noopener,noreferrer']]);
  });
});
