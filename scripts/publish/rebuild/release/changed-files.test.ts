// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changedRoutes, releaseFiles } from './changed-files.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-changed-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const files = (root: string, entries: Record<string, string>) => {
  for (const [file, text] of Object.entries(entries)) {
    mkdirSync(join(dir, root, file, '..'), { recursive: true });
    writeFileSync(join(dir, root, file), text);
  }
};

describe('changedRoutes', () => {
  it('compares every file byte for byte, naming pages by their route and skipping hashed assets and the records', () => {
    files('a', {
      'index.html': '1',
      'faq/index.html': 'same',
      'info/blog/gone/index.html': 'x',
      'og/info/blog/a.jpg': 'old picture',
      'sitemap-0.xml': 'old',
      'favicon.svg': 'same',
      '_astro/a.js': '1',
      'manifest.json': '1',
    });
    files('b', {
      'index.html': '2',
      'faq/index.html': 'same',
      'info/blog/new/index.html': 'y',
      'og/info/blog/a.jpg': 'new picture',
      'sitemap-0.xml': 'new',
      'favicon.svg': 'same',
      '_astro/b.js': '2',
      'manifest.json': '2',
      'changed-routes.json': '{}',
    });
    expect(changedRoutes(join(dir, 'a'), join(dir, 'b'))).toEqual({
      added: ['/info/blog/new'],
      changed: ['/', '/og/info/blog/a.jpg', '/sitemap-0.xml'],
      removed: ['/info/blog/gone'],
    });
  });

  it('lists a search shard the new release dropped as removed, so that the edge lets go of text the content team removed', () => {
    files('a', {
      'index.html': '1',
      'search/index.json': 'old entry',
      'search-index/terms-aaaa-0.json': 'kept',
      'search-index/terms-aaaa-1.json': '홍길동 010-1234-5678',
      'search-index/texts-old.json': '홍길동',
      '_astro/old.js': 'code',
    });
    files('b', {
      'index.html': '1',
      'search/index.json': 'new entry',
      'search-index/terms-aaaa-0.json': 'kept',
      'search-index/terms-aaaa-1-bbbb.json': 'scrubbed',
      'search-index/texts-new.json': 'scrubbed',
      '_astro/new.js': 'code',
    });
    expect(changedRoutes(join(dir, 'a'), join(dir, 'b'))).toEqual({
      added: [],
      changed: ['/search/index.json'],
      removed: ['/search-index/terms-aaaa-1.json', '/search-index/texts-old.json'],
    });
  });

  it('lists everything as added without a published release', () => {
    files('b', { 'index.html': '1', '404.html': '2', 'rss.xml': '3', '_astro/x.js': '4' });
    expect(changedRoutes(null, join(dir, 'b'))).toEqual({
      added: ['/', '/404', '/rss.xml'],
      changed: [],
      removed: [],
    });
  });

  it("lists a release's files, hashed assets included, without its records", () => {
    files('b', { 'index.html': '1', '_astro/x.js': '2', 'manifest.json': '3', 'changed-routes.json': '4' });
    expect(releaseFiles(join(dir, 'b'))).toEqual(['_astro/x.js', 'index.html']);
    expect(releaseFiles(join(dir, 'missing'))).toEqual([]);
  });
});
