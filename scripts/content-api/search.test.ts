// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parsePage, parseTerm, parseTopicId } from './query.ts';
import { rewriteImages } from './rewrite-images.ts';
import { htmlToText, matches, prepareTerm, searchText } from './search.ts';

describe('htmlToText', () => {
  it('keeps a word split by inline markup whole, and separates blocks', () => {
    expect(htmlToText('<p>구조화<strong>면접</strong></p><p>다음</p>')).toBe(' 구조화면접  다음 ');
  });

  it('decodes entities', () => {
    expect(htmlToText('R&amp;D &lt;AI&gt; &#54620;&#xAE00;&nbsp;!')).toBe('R&D <AI> 한글 !');
  });
});

describe('matching', () => {
  const text = searchText({
    title: 'AI 면접',
    meta_description: '설명',
    tags: [{ name: '채용' }],
    content: '<p class="lead">구조화<em>면접</em></p>',
  });

  it.each([
    ['ai', true],
    ['  면접 ', true],
    ['면접'.normalize('NFD'), true],
    ['구조화면접', true],
    ['채용', true],
    ['lead', false],
    ['면접설명', false],
    ['', true],
  ])('%j → %s', (term, expected) => {
    expect(matches(text, prepareTerm(term))).toBe(expected);
  });
});

describe('query parsing', () => {
  it.each([
    [undefined, 1],
    ['', 1],
    ['abc', 1],
    ['-4', 1],
    ['1.5', 1],
    ['0', 1],
    ['3', 3],
    ['99999', 99999],
    ['1e30', Number.MAX_SAFE_INTEGER],
    ['9'.repeat(400), Number.MAX_SAFE_INTEGER],
    ['Infinity', 1],
  ])('page %j → %d', (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['abc', undefined],
    ['1.5', undefined],
    ['7', 7],
  ])('topic_id %j → %j', (raw, id) => {
    expect(parseTopicId(raw)).toBe(id);
  });

  it('limits the term to 200 characters', () => {
    expect(parseTerm('a'.repeat(200)).ok).toBe(true);
    expect(parseTerm('a'.repeat(201)).ok).toBe(false);
    expect(parseTerm(undefined)).toEqual({ ok: true, term: '' });
  });
});

describe('rewriteImages', () => {
  it('prefixes image fields and HTML sources, leaving everything else and the input alone', () => {
    const input = {
      featured_image: '/images/a.svg',
      thumb: 'https://cdn.example/b.png',
      title: '/images/not-an-image-field',
      content: `<img src="/images/c.svg"><img SRC = '/images/d.svg'><a href="/images/e.svg">e</a>`,
      list: [{ img: '/images/f.svg', logo: null }],
    };
    const copy = structuredClone(input);
    expect(rewriteImages(input, 'http://h:1')).toEqual({
      featured_image: 'http://h:1/images/a.svg',
      thumb: 'https://cdn.example/b.png',
      title: '/images/not-an-image-field',
      content: `<img src="http://h:1/images/c.svg"><img SRC = 'http://h:1/images/d.svg'><a href="/images/e.svg">e</a>`,
      list: [{ img: 'http://h:1/images/f.svg', logo: null }],
    });
    expect(input).toEqual(copy);
  });
});
