// @vitest-environment happy-dom
/**
 * The shared allow-list against known XSS payloads, through the build-time sanitiser
 * (sanitize-html). The output is parsed into a DOM and every element and attribute is checked,
 * so escaped text that merely looks like markup does not count as a hit. The same payloads run
 * through DOMPurify in a real browser in tests/e2e/detail.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { harmlessMarkup, xssPayloads } from '../../../tests/fixtures/xss-payloads.ts';
import { allowedTags, isAllowedIframe } from './allow-list.ts';
import { sanitizeHtmlServer } from './sanitize.server.ts';

const urlAttributes = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'cite',
];
/** A URL a browser would run or render as a document: javascript:, vbscript:, data: (ignoring whitespace tricks). */
const dangerousUrl = /^(javascript|vbscript|data):/i;

function parse(html: string): Element[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return [...template.content.querySelectorAll('*')];
}

/** Every way `html` could still run script or escape the allow-list; empty when it is safe. */
function problems(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push('<script');
  for (const element of parse(html)) {
    const tag = element.tagName.toLowerCase();
    if (!(allowedTags as readonly string[]).includes(tag)) found.push(`tag <${tag}>`);
    for (const { name, value } of [...element.attributes]) {
      if (/^on/i.test(name)) found.push(`${tag}[${name}]`);
      if (name === 'style' || name === 'srcdoc') found.push(`${tag}[${name}]`);
      const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
      if (urlAttributes.includes(name) && dangerousUrl.test(compact)) found.push(`${tag}[${name}=${value}]`);
    }
    if (tag === 'iframe' && !isAllowedIframe(element.getAttribute('src') ?? ''))
      found.push(`iframe ${element.getAttribute('src')}`);
    if (
      element.getAttribute('target') === '_blank' &&
      !/\bnoopener\b/.test(element.getAttribute('rel') ?? '')
    ) {
      found.push(`${tag} target=_blank without noopener`);
    }
  }
  return found;
}

describe('sanitizeHtmlServer against XSS payloads', () => {
  it('has at least 30 payloads', () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(30);
  });

  it.each(xssPayloads.map((payload) => [payload]))('neutralises %s', (payload) => {
    const output = sanitizeHtmlServer(payload);
    expect(problems(output), output).toEqual([]);
  });

  it('neutralises all payloads concatenated, and keeps the harmless markup', () => {
    const output = sanitizeHtmlServer(`${harmlessMarkup}\n${xssPayloads.join('\n')}\n${harmlessMarkup}`);
    expect(problems(output), output).toEqual([]);
    expect(output).toContain('<p>인사이트하이어 <strong>안전한 본문</strong> 문단</p>');
  });

  it('tests the checker itself', () => {
    expect(problems('<img src="x" onerror="alert(1)">')).toContain('img[onerror]');
    expect(problems('<a href="java\tscript:alert(1)">x</a>')).not.toEqual([]);
    expect(problems('<iframe src="https://evil.example/"></iframe>')).not.toEqual([]);
    expect(problems('<p title="&lt;img src=x onerror=alert(1)&gt;">x</p>')).toEqual([]);
  });
});

describe('sanitizeHtmlServer keeps harmless markup', () => {
  const output = sanitizeHtmlServer(harmlessMarkup);
  const elements = parse(output);
  const first = (tag: string) => elements.find((element) => element.tagName.toLowerCase() === tag);

  it('keeps paragraphs, emphasis and lists', () => {
    expect(output).toContain('<p>인사이트하이어 <strong>안전한 본문</strong> 문단</p>');
    expect(output).toContain('<ul><li>첫째 항목</li><li>둘째 항목</li></ul>');
  });

  it('opens external links safely in a new tab', () => {
    const link = first('a')!;
    expect(link.getAttribute('href')).toBe('https://www.insighthire.example/guide');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps internal links without a new tab', () => {
    const out = sanitizeHtmlServer('<a href="/faq" target="_blank" rel="opener">FAQ</a>');
    expect(out).toBe('<a href="/faq">FAQ</a>');
  });

  it('keeps https images and lazy-loads them', () => {
    const image = first('img')!;
    expect(image.getAttribute('src')).toBe('https://api.insighthire.example/images/safe.svg');
    expect(image.getAttribute('alt')).toBe('안전한 그림');
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('keeps a youtube-nocookie embed', () => {
    const frame = first('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('title')).toBe('소개 영상');
  });

  it('keeps Korean text of removed tags readable', () => {
    expect(sanitizeHtmlServer('<form><label>이름</label></form>')).toBe('이름');
  });
});

describe('sanitizeHtmlServer drops what it cannot keep safely', () => {
  it('removes images whose source was unsafe instead of leaving empty boxes', () => {
    expect(
      sanitizeHtmlServer(
        '<img src="javascript:alert(1)"><img src="data:image/png;base64,AAAA"><img alt="x">',
      ),
    ).toBe('');
  });
});

describe('sanitizeHtmlBrowser fails closed', () => {
  it('shows only escaped text where DOMPurify does not work (as under happy-dom)', async () => {
    const { sanitizeHtmlBrowser } = await import('./sanitize.browser.ts');
    const output = sanitizeHtmlBrowser(`<p>안전한 <b>본문</b></p>\n\n${xssPayloads.join('\n')}`);
    expect(problems(output), output).toEqual([]);
    expect(output).toContain('안전한 본문');
  });
});
