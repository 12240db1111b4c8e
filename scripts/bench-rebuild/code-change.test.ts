// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkRelease,
  codeChangeProblems,
  pageCarries,
  pictureTimes,
  picturesDrawn,
  UI_KEY,
  withFooterRule,
  withUiString,
  type CodeChangeResult,
} from './code-change.ts';
import type { RunResult } from './steps.ts';

const change = { cssMarker: '04321em', text: '도입을 고민하고 계신가요? 벤치마크 4321' };

describe('the code change in the source', () => {
  it('adds one footer rule whose value is found as written and as a minifier writes it', () => {
    const { scss, cssMarker } = withFooterRule('.site-footer {\n  color: red;\n}\n\n', 4321);
    expect(scss.startsWith('.site-footer {\n  color: red;\n}\n')).toBe(true);
    expect(scss).toContain('letter-spacing: 0.04321em;');
    expect(cssMarker).toBe('04321em');
    expect(scss).toContain(cssMarker);
    expect('.site-footer .cta-inner h2{letter-spacing:.04321em}').toContain(cssMarker);
  });

  it('sets one UI string and keeps the others in their order', () => {
    const json = JSON.stringify({ a: '가', [UI_KEY]: '나', b: '다' });
    const changed = JSON.parse(withUiString(json, UI_KEY, change.text)) as Record<string, string>;
    expect(Object.keys(changed)).toEqual(['a', UI_KEY, 'b']);
    expect(changed[UI_KEY]).toBe(change.text);
    expect(changed['a']).toBe('가');
    expect(() => withUiString('{"a":"가"}', UI_KEY, change.text)).toThrow(UI_KEY);
  });
});

describe('a page carrying the change', () => {
  const sheets = ['/_astro/site-footer.AbC123.css'];
  it('has the string and links a stylesheet holding the rule', () => {
    const html = `<h2>${change.text}</h2><footer data-later-styles="/_astro/site-footer.AbC123.css">`;
    expect(pageCarries(html, change, sheets)).toBe(true);
  });
  it('or has the rule inline', () => {
    expect(pageCarries(`<style>h2{letter-spacing:.04321em}</style>${change.text}`, change, [])).toBe(true);
  });
  it('does not, with the old stylesheet or without the string', () => {
    expect(pageCarries(`${change.text}<link href="/_astro/site-footer.Old.css">`, change, sheets)).toBe(
      false,
    );
    expect(pageCarries('<link href="/_astro/site-footer.AbC123.css">', change, sheets)).toBe(false);
  });
});

describe('a release checked for the change', () => {
  let release: string;
  beforeAll(() => {
    release = mkdtempSync(join(tmpdir(), 'bench-release-'));
    mkdirSync(join(release, '_astro'));
    mkdirSync(join(release, 'faq'));
    writeFileSync(join(release, '_astro', 'site-footer.New1.css'), '.x{letter-spacing:.04321em}');
    writeFileSync(join(release, '_astro', 'site-footer.Old1.css'), '.x{letter-spacing:.01em}');
    const page = (sheet: string) => `<h2>${change.text}</h2><link href="/_astro/${sheet}">`;
    writeFileSync(join(release, 'index.html'), page('site-footer.New1.css'));
    writeFileSync(join(release, 'faq', 'index.html'), page('site-footer.Old1.css'));
    writeFileSync(join(release, '404.html'), `<style>.x{letter-spacing:.04321em}</style>${change.text}`);
  });
  afterAll(() => rmSync(release, { recursive: true, force: true }));

  it('names every page that misses it', () => {
    expect(checkRelease(release, change)).toEqual({ pages: 3, missing: ['/faq/index.html'] });
  });
});

describe('the share pictures', () => {
  it('count as restored when the file stayed as it was, drawn when new or written again', () => {
    const before = new Map([
      ['a.jpg', 1],
      ['b.jpg', 2],
      ['gone.jpg', 3],
    ]);
    const after = new Map([
      ['a.jpg', 1],
      ['b.jpg', 5],
      ['c.jpg', 6],
    ]);
    expect(picturesDrawn(before, after)).toEqual({ restored: 1, drawn: 2 });
    expect(picturesDrawn(new Map(), new Map())).toEqual({ restored: 0, drawn: 0 });
  });

  it('are read from the store by name and time; a missing store is empty', () => {
    const store = mkdtempSync(join(tmpdir(), 'bench-pictures-'));
    try {
      writeFileSync(join(store, 'k.jpg'), 'x');
      writeFileSync(join(store, 'k.jpg.1.tmp'), 'x');
      utimesSync(join(store, 'k.jpg'), new Date(5000), new Date(5000));
      expect([...pictureTimes(store)]).toEqual([['k.jpg', 5000]]);
      expect(pictureTimes(join(store, 'none')).size).toBe(0);
      expect(readFileSync(join(store, 'k.jpg'), 'utf8')).toBe('x');
    } finally {
      rmSync(store, { recursive: true, force: true });
    }
  });
});

describe('the problems reported', () => {
  const run = { ok: true, code: 0, seconds: 1, peak: null, stdout: '', output: '' } satisfies RunResult;
  const result = (over: Partial<CodeChangeResult>): CodeChangeResult => ({
    run,
    switched: true,
    pages: 10,
    missing: [],
    pictures: { restored: 4, drawn: 0 },
    ...over,
  });

  it('are none when current switched, every page carries the change and no picture was drawn', () => {
    expect(codeChangeProblems(50, result({}))).toEqual([]);
  });

  it('name a missed switch, the pages without the change and pictures drawn again', () => {
    const problems = codeChangeProblems(
      50,
      result({ switched: false, missing: ['/a', '/b'], pictures: { restored: 0, drawn: 4 } }),
    );
    expect(problems).toHaveLength(3);
    expect(problems[1]).toContain('2개 (/a, /b)');
    expect(problems[2]).toContain('4개');
  });
});
