// @vitest-environment node
/** Whether a release a rollback could return to is complete, by its manifest of either version. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outputFolder } from '../output-folder.ts';
import { releaseProblems } from './releases.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-release-problems-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const release = (name: string, files: string[], manifest: unknown) => {
  for (const file of files) {
    mkdirSync(join(dir, 'releases', name, file, '..'), { recursive: true });
    writeFileSync(join(dir, 'releases', name, file), 'x');
  }
  writeFileSync(join(dir, 'releases', name, 'manifest.json'), JSON.stringify(manifest));
};

describe('releaseProblems', () => {
  it('checks every file the manifest lists', () => {
    const files = ['index.html', 'faq/index.html', 'rss.xml', '_astro/a.js'];
    release('whole', files, { version: 3, files });
    expect(releaseProblems(outputFolder(dir), 'whole')).toEqual([]);
    release('cut', ['index.html', 'rss.xml'], { version: 3, files });
    expect(releaseProblems(outputFolder(dir), 'cut')).toEqual([
      '페이지 2개가 없습니다 (/faq/index.html /_astro/a.js)',
    ]);
  });

  it('checks the routes of an older manifest, pages and endpoints alike', () => {
    release('old', ['index.html', 'faq/index.html', '404.html', 'rss.xml'], {
      version: 2,
      routes: { '/': 'a', '/faq': 'b', '/404': '', '/rss.xml': 'c' },
    });
    expect(releaseProblems(outputFolder(dir), 'old')).toEqual([]);
    release('old-cut', ['index.html'], { version: 2, routes: { '/': 'a', '/faq': 'b' } });
    expect(releaseProblems(outputFolder(dir), 'old-cut')).toEqual(['페이지 1개가 없습니다 (/faq)']);
  });

  it('refuses a release without its home page or a readable manifest', () => {
    release('no-home', ['faq/index.html'], { version: 3, files: ['faq/index.html'] });
    expect(releaseProblems(outputFolder(dir), 'no-home')).toEqual(['페이지 1개가 없습니다 (/)']);
    release('broken', ['index.html'], {});
    writeFileSync(join(dir, 'releases', 'broken', 'manifest.json'), '{');
    expect(releaseProblems(outputFolder(dir), 'broken')).toEqual(['manifest.json을 읽을 수 없습니다']);
  });
});
