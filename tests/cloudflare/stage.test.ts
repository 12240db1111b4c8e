// @vitest-environment node
/**
 * The deploy folder for Cloudflare (scripts/publish/cloudflare/stage.ts): the release `current` points
 * to, without the release records, with `.assetsignore`, the hashed files of earlier releases,
 * and only over a folder the script made itself.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASSETS_IGNORE, StageError, stageSite } from '../../scripts/publish/cloudflare/stage.ts';
import { parseRebuildArgs } from '../../scripts/publish/rebuild/args.ts';
import { outputFolder } from '../../scripts/publish/rebuild/output-folder.ts';
import { pruneReleases } from '../../scripts/publish/rebuild/releases/prune-releases.ts';
import { switchCurrent } from '../../scripts/publish/rebuild/releases/switch-current.ts';
import { projectHeadersFile } from './site-headers.ts';
import { withBuiltRules } from '../../src/integrations/hero-preload/preload-link.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let work: string;

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A release folder as the rebuild writes one: pages, hashed files, `_headers`, the records. */
function release(dir: string, chunk: string): void {
  write(join(dir, 'index.html'), '<!doctype html><title>홈</title>');
  write(join(dir, '404.html'), '<!doctype html><title>404</title>');
  write(join(dir, `faq-${chunk}`, 'index.html'), 'page');
  write(join(dir, '_astro', `Faq.${chunk}.js`), `chunk ${chunk}`);
  write(join(dir, 'fonts', `pretendard-${chunk}.css`), `font ${chunk}`);
  write(join(dir, '_headers'), readFileSync(projectHeadersFile, 'utf8'));
  write(join(dir, 'manifest.json'), '{"release":"x"}');
  write(join(dir, 'changed-routes.json'), '{"added":[]}');
}

/** Files of a folder, relative, sorted. */
function files(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'cloudflare-stage-'));
  release(join(work, 'out', 'releases', 'r1'), 'old111');
  release(join(work, 'out', 'releases', 'r2'), 'new222');
  symlinkSync(join('releases', 'r2'), join(work, 'out', 'current'));
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('stageSite', () => {
  it('copies the current release without its records, with an .assetsignore naming them', () => {
    const to = join(work, 'deploy');
    const result = stageSite({ site: join(work, 'out', 'current'), to });
    expect(result.source).toBe(join(work, 'out', 'releases', 'r2'));
    expect(files(to)).toEqual([
      '.assetsignore',
      '404.html',
      '_astro/Faq.new222.js',
      '_headers',
      'faq-new222/index.html',
      'fonts/pretendard-new222.css',
      'index.html',
    ]);
    expect(readFileSync(join(to, '.assetsignore'), 'utf8')).toBe(ASSETS_IGNORE);
    expect(ASSETS_IGNORE.split('\n')).toEqual(
      expect.arrayContaining(['/manifest.json', '/changed-routes.json']),
    );
    expect(result).toMatchObject({ files: 5, kept: 0 });
  });

  it("keeps the earlier releases' hashed files, never their pages", () => {
    const to = join(work, 'deploy');
    const result = stageSite({
      site: join(work, 'out', 'current'),
      to,
      previous: join(work, 'out', 'releases'),
    });
    expect(files(to)).toEqual(
      expect.arrayContaining(['_astro/Faq.old111.js', 'fonts/pretendard-old111.css', '_astro/Faq.new222.js']),
    );
    expect(existsSync(join(to, 'faq-old111'))).toBe(false);
    expect(readFileSync(join(to, '_astro', 'Faq.old111.js'), 'utf8')).toBe('chunk old111');
    expect(result).toMatchObject({ files: 7, kept: 2 });
  });

  it("stages only the live release's search files: an earlier one's may hold text removed since", () => {
    write(join(work, 'out', 'releases', 'r1', 'search-index', 'terms-aaaa-1.json'), '{"t":{"홍길동":"0"}}');
    write(join(work, 'out', 'releases', 'r2', 'search-index', 'terms-aaaa-1-bbbb.json'), '{"t":{}}');
    const to = join(work, 'deploy');
    stageSite({ site: join(work, 'out', 'current'), to, previous: join(work, 'out', 'releases') });
    expect(files(to)).toContain('search-index/terms-aaaa-1-bbbb.json');
    expect(files(to)).not.toContain('search-index/terms-aaaa-1.json');
    expect(files(to)).toContain('_astro/Faq.old111.js');
  });

  it('after a burst of publishes pruned as CI does (--keep 2), still has the chunks of every release live minutes ago', () => {
    const out = join(work, 'burst');
    const start = Date.parse('2026-11-24T03:00:00Z');
    const names = ['b1', 'b2', 'b3', 'b4'];
    names.forEach((name, minute) => {
      release(join(out, 'releases', name), `${name}000`);
      switchCurrent(outputFolder(out), name, 'publish', new Date(start + minute * 60_000));
    });
    const options = parseRebuildArgs(['--out', out, '--keep', '2'], work);
    if (options === 'help') throw new Error('unexpected --help');
    pruneReleases(outputFolder(out), options.keep, options.keepDays, new Date(start + 4 * 60_000));
    const to = join(work, 'deploy');
    stageSite({ site: join(out, 'current'), to, previous: join(out, 'releases') });
    // b1 was live until two minutes before the last publish: a tab opened then asks for its chunk.
    for (const name of names) expect(files(to)).toContain(`_astro/Faq.${name}000.js`);
  });

  it('replaces its own earlier folder whole', () => {
    const to = join(work, 'deploy');
    stageSite({ site: join(work, 'out', 'releases', 'r1'), to });
    stageSite({ site: join(work, 'out', 'current'), to });
    expect(existsSync(join(to, '_astro', 'Faq.old111.js'))).toBe(false);
    expect(existsSync(`${to}.partial`)).toBe(false);
  });

  it('refuses a folder it did not make, or one inside the site', () => {
    const foreign = join(work, 'foreign');
    write(join(foreign, 'keep.txt'), 'precious');
    expect(() => stageSite({ site: join(work, 'out', 'current'), to: foreign })).toThrow(StageError);
    expect(readFileSync(join(foreign, 'keep.txt'), 'utf8')).toBe('precious');
    expect(() => stageSite({ site: join(work, 'out', 'current'), to: join(work, 'out') })).toThrow(
      /겹칠 수 없습니다/,
    );
  });

  it('refuses a site whose _headers differs from the one the Worker bundles', () => {
    const current = join(work, 'out', 'releases', 'r2');
    write(join(current, '_headers'), '/*\n  X-Other: 1\n');
    expect(() => stageSite({ site: current, to: join(work, 'deploy') })).toThrow(/_headers가/);
    rmSync(join(current, '404.html'));
    expect(() => stageSite({ site: current, to: join(work, 'deploy') })).toThrow(/404\.html/);
  });

  it("accepts the build's Link preloads after the project's rules, and nothing else added there", () => {
    const current = join(work, 'out', 'releases', 'r2');
    const project = readFileSync(projectHeadersFile, 'utf8');
    const link = '</_astro/hero.a.avif>; rel=preload; as=image; imagesrcset="/_astro/hero.a.avif 760w"';
    write(join(current, '_headers'), withBuiltRules(project, ['/', '/index.html'], link));
    expect(() => stageSite({ site: current, to: join(work, 'deploy') })).not.toThrow();
    expect(readFileSync(join(work, 'deploy', '_headers'), 'utf8')).toContain(`/\n  Link: ${link}\n`);
    for (const added of ['/\n  Link: x\n  X-Other: 1\n', '/*\n  ! Cache-Control\n']) {
      write(join(current, '_headers'), `${project}\n${added}`);
      expect(() => stageSite({ site: current, to: join(work, 'deploy') }), added).toThrow(/_headers가/);
    }
  });
});

describe('stage.ts command line', () => {
  it('prints the next command, and exits 2 on a bad command line', () => {
    const to = join(work, 'deploy');
    const ok = spawnSync(
      process.execPath,
      ['scripts/publish/cloudflare/stage.ts', join(work, 'out', 'current'), to],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`npx wrangler deploy --assets ${to}`);
    const bad = spawnSync(process.execPath, ['scripts/publish/cloudflare/stage.ts', '--nope'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('사용법');
  });
});
