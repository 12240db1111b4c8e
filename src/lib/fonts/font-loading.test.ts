import { describe, expect, it } from 'vitest';
import {
  EARLY_FONT_SCRIPT,
  FONT_CACHE_KEY,
  formatSubsetIndexes,
  parseFontFaces,
  parseSubsetIndexes,
  rulesForText,
  subsetIndexes,
} from './font-loading.ts';
import { rewriteFontUrls } from './pretendard.ts';

const css = `/* licence */
@font-face {
	font-family: 'Pretendard Variable';
	font-display: swap;
	font-weight: 45 920;
	src: url(./woff2-dynamic-subset/PretendardVariable.subset.91.woff2) format('woff2-variations');
	unicode-range: U+20-22, U+AC00;
}
@font-face{font-family:'Pretendard Variable';font-weight:45 920;src:url("./woff2-dynamic-subset/PretendardVariable.subset.0.woff2") format('woff2-variations');unicode-range:U+F9F0}`;

describe('rewriteFontUrls', () => {
  it('points every subset at its emitted file and fails on a missing one', () => {
    const urls = new Map([
      ['PretendardVariable.subset.91.woff2', '/_astro/PretendardVariable.subset.91.Abc.woff2'],
      ['PretendardVariable.subset.0.woff2', '/_astro/PretendardVariable.subset.0.Def.woff2'],
    ]);
    const out = rewriteFontUrls(css, urls);
    expect(out).toContain('url(/_astro/PretendardVariable.subset.91.Abc.woff2)');
    expect(out).toContain('url(/_astro/PretendardVariable.subset.0.Def.woff2)');
    expect(out).not.toContain('./woff2-dynamic-subset/');
    expect(() => rewriteFontUrls(css, new Map())).toThrow(/subset\.91/);
  });
});

describe('parseFontFaces', () => {
  it('reads url and unicode-range of each rule', () => {
    expect(parseFontFaces(css)).toEqual([
      { url: './woff2-dynamic-subset/PretendardVariable.subset.91.woff2', unicodeRange: 'U+20-22, U+AC00' },
      { url: './woff2-dynamic-subset/PretendardVariable.subset.0.woff2', unicodeRange: 'U+F9F0' },
    ]);
    expect(parseFontFaces('body{color:red}')).toEqual([]);
  });
});

describe('EARLY_FONT_SCRIPT', () => {
  function run(stored: string | null, href = '/fonts/pretendard-1.css') {
    const appended: Record<string, unknown>[] = [];
    const attributes = new Map<string, string>();
    const link: Record<string, unknown> = {};
    link.setAttribute = (name: string, value: string) => {
      link[name] = value;
    };
    const document = {
      documentElement: {
        dataset: { webFonts: href },
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
      createElement: () => link,
      head: { appendChild: (node: Record<string, unknown>) => appended.push(node) },
    };
    const localStorage = { getItem: (key: string) => (key === FONT_CACHE_KEY ? stored : null) };
    new Function('document', 'localStorage', EARLY_FONT_SCRIPT)(document, localStorage);
    return { appended, attributes };
  }

  it('adds the stylesheet, render-blocking, when its fonts were cached by an earlier page', () => {
    const { appended, attributes } = run('/fonts/pretendard-1.css');
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({
      rel: 'stylesheet',
      href: '/fonts/pretendard-1.css',
      blocking: 'render',
    });
    expect(attributes.has('data-web-fonts-applied')).toBe(true);
  });

  it('does nothing on a first visit or after a new build changed the stylesheet', () => {
    expect(run(null).appended).toHaveLength(0);
    expect(run('/fonts/pretendard-0.css').appended).toHaveLength(0);
  });
});

describe('rulesForText', () => {
  const rules = [
    { url: 'latin.woff2', unicodeRange: 'U+20-7E' },
    { url: 'ga.woff2', unicodeRange: 'U+AC00-AC10' },
    { url: 'rare.woff2', unicodeRange: 'U+D700-D7A3' },
    { url: 'cjk.woff2', unicodeRange: 'U+4E00, u+4e01-4e0f' },
  ];

  it('keeps the subsets whose ranges hold a character of the text, in stylesheet order', () => {
    expect(rulesForText(rules, '가A').map((rule) => rule.url)).toEqual(['latin.woff2', 'ga.woff2']);
    expect(rulesForText(rules, '丁').map((rule) => rule.url)).toEqual(['cjk.woff2']);
    expect(rulesForText(rules, '一').map((rule) => rule.url)).toEqual(['cjk.woff2']);
    expect(rulesForText(rules, '힣').map((rule) => rule.url)).toEqual(['rare.woff2']);
    expect(rulesForText(rules, '😀가').map((rule) => rule.url)).toEqual(['ga.woff2']);
  });

  it('ignores whitespace and needs nothing for text outside every range', () => {
    expect(rulesForText(rules, ' \n\t')).toEqual([]);
    expect(rulesForText(rules, '★')).toEqual([]);
  });
});

describe('subsetIndexes and their attribute', () => {
  const rules = [
    { url: 'latin.woff2', unicodeRange: 'U+20-7E' },
    { url: 'ga.woff2', unicodeRange: 'U+AC00-AC10' },
    { url: 'rare.woff2', unicodeRange: 'U+D700-D7A3' },
  ];

  it('gives the positions of the rules the text needs and reads them back', () => {
    expect(subsetIndexes(rules, '가 힣')).toEqual([1, 2]);
    expect(formatSubsetIndexes(subsetIndexes(rules, 'A가'))).toBe('0 1');
    expect(parseSubsetIndexes('0 1', rules.length)).toEqual([0, 1]);
  });

  it('reads nothing it cannot use from a tampered or missing attribute', () => {
    expect(parseSubsetIndexes('1 x -1 3 99 2.5  2', rules.length)).toEqual([1, 2]);
    expect(parseSubsetIndexes('', rules.length)).toEqual([]);
    expect(parseSubsetIndexes(null, rules.length)).toEqual([]);
  });
});
