// @vitest-environment node
/** The passes over the built pages: every page once, several at a time. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AstroIntegrationLogger } from 'astro';
import { eachHtmlFile, splitBuiltPages } from './built-pages.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'built-pages-'));
  mkdirSync(join(dir, 'a', 'b'), { recursive: true });
  mkdirSync(join(dir, '_astro'));
  for (let i = 0; i < 20; i++)
    writeFileSync(join(dir, i % 2 ? 'a' : join('a', 'b'), `p${i}.html`), `<p>${i}</p>`);
  writeFileSync(join(dir, 'a', 'not-a-page.json'), '{}');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('eachHtmlFile', () => {
  it('handles every HTML file once, several at a time but never more than asked', async () => {
    const seen: string[] = [];
    let running = 0;
    let most = 0;
    await eachHtmlFile(
      dir,
      async (file) => {
        running++;
        most = Math.max(most, running);
        await tick();
        seen.push(file);
        running--;
      },
      4,
    );
    expect(seen).toHaveLength(20);
    expect(new Set(seen).size).toBe(20);
    expect(seen.every((file) => file.endsWith('.html'))).toBe(true);
    expect(most).toBe(4);
  });

  it('starts no file after a failure, and throws it', async () => {
    let started = 0;
    const run = eachHtmlFile(
      dir,
      async () => {
        started++;
        await tick();
        throw new Error('편집 실패');
      },
      2,
    );
    await expect(run).rejects.toThrow('편집 실패');
    await tick();
    expect(started).toBe(2);
  });
});

describe('splitBuiltPages', () => {
  it('edits every page and writes the content they share to one hashed file', async () => {
    const integration = splitBuiltPages({
      name: 'test',
      stem: 'later',
      extension: 'js',
      split: (html, href) => ({
        html: `${html}<script src="${href('shared();')}"></script>`,
        moved: 'shared();',
      }),
      report: () => {},
    });
    const hooks = integration.hooks as Record<string, (options: unknown) => Promise<void> | void>;
    await hooks['astro:config:done']!({ config: { build: { assets: '_astro' }, base: '/' } });
    await hooks['astro:build:done']!({ dir: pathToFileURL(`${dir}/`), logger: {} as AstroIntegrationLogger });
    expect(readdirSync(join(dir, '_astro'))).toHaveLength(1);
    const [asset] = readdirSync(join(dir, '_astro'));
    expect(readFileSync(join(dir, '_astro', asset!), 'utf8')).toBe('shared();');
    expect(readFileSync(join(dir, 'a', 'p1.html'), 'utf8')).toBe(
      `<p>1</p><script src="/_astro/${asset}"></script>`,
    );
  });
});
