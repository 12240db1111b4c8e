// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffOtherFiles } from './other-files.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-other-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('diffOtherFiles', () => {
  it('compares the files that are not pages, skipping hashed assets and the release records', () => {
    const files = (root: string, entries: Record<string, string>) => {
      for (const [file, text] of Object.entries(entries)) {
        mkdirSync(join(dir, root, file, '..'), { recursive: true });
        writeFileSync(join(dir, root, file), text);
      }
    };
    files('a', {
      'index.html': '1',
      'sitemap-0.xml': 'old',
      'favicon.svg': 'same',
      'old.txt': 'x',
      '_astro/a.js': '1',
      'manifest.json': '1',
    });
    files('b', {
      'index.html': '2',
      'sitemap-0.xml': 'new',
      'favicon.svg': 'same',
      'new.txt': 'y',
      '_astro/b.js': '2',
      'manifest.json': '2',
    });
    expect(diffOtherFiles(join(dir, 'a'), join(dir, 'b'), new Set(['index.html']))).toEqual({
      added: ['/new.txt'],
      changed: ['/sitemap-0.xml'],
      removed: ['/old.txt'],
    });
  });
});
