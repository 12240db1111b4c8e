import { describe, expect, it } from 'vitest';
import { BannerListSchema, BlogDetailSchema, ListResponseSchema, MAX_OBJECTS_PER_PAGE } from './schemas.ts';
import {
  classifyAddress,
  cleanText,
  isExternalHref,
  safeHtmlHref,
  safeImage,
  safeLink,
} from './untrusted.ts';

/** Addresses that would run script, render a document or leave for another host. */
const hostile = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'file:///etc/passwd',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  '\\\\evil.example\\x.png',
  '\\/evil.example',
  'relative/path.png',
  '../up.png',
  'http://',
  'https://exa mple.com/',
];

describe('the address policy', () => {
  it.each(hostile)('treats %j as missing, for links and images alike', (value) => {
    expect(safeLink(value)).toBeUndefined();
    expect(safeImage(value)).toBeUndefined();
  });

  it('keeps http(s) addresses and site paths, normalised so that nothing downstream can throw', () => {
    expect(safeLink('https://news.example/a b?q=한글')).toBe(
      'https://news.example/a%20b?q=%ED%95%9C%EA%B8%80',
    );
    expect(safeLink('HTTP://Example.com/x')).toBe('http://example.com/x');
    expect(safeLink('/info/blog/hr-0001')).toBe('/info/blog/hr-0001');
    expect(safeLink('/info/blog/a b')).toBe('/info/blog/a%20b');
    expect(safeImage('  https://api.example/images/a.png  ')).toBe('https://api.example/images/a.png');
    expect(safeLink(null)).toBeUndefined();
    expect(safeLink('')).toBeUndefined();
  });

  it('lets article links also use mailto:, tel: and fragments', () => {
    expect(safeHtmlHref('mailto:hr@example.com')).toBe('mailto:hr@example.com');
    expect(safeHtmlHref('tel:02-000-0000')).toBe('tel:02-000-0000');
    expect(safeHtmlHref('#section-2')).toBe('#section-2');
    expect(safeHtmlHref('javascript:alert(1)')).toBeUndefined();
    expect(classifyAddress('/\\evil.example')).toBeNull();
    expect(safeLink('mailto:hr@example.com')).toBeUndefined();
  });

  it('opens only http(s) addresses in a new tab', () => {
    expect(isExternalHref('https://a.example')).toBe(true);
    expect(isExternalHref('/faq')).toBe(false);
    expect(isExternalHref(undefined)).toBe(false);
  });
});

describe('cleanText', () => {
  it('drops control characters, non-characters and lone surrogates, keeping Korean, emoji, tabs and newlines', () => {
    expect(cleanText('제목\u0000\u0001\u000b\u001f\u007f\u0085\uffff끝')).toBe('제목끝');
    expect(cleanText('a\ud800b\udc00c')).toBe('abc');
    expect(cleanText('채용 😀\t\n')).toBe('채용 😀\t\n');
    expect(() => encodeURIComponent(cleanText('id\ud800'))).not.toThrow();
  });
});

describe('the contract schemas', () => {
  const item = (extra: Record<string, unknown>) => ({
    analytics_page_id: 'n-1',
    absolute_url: 'https://news.example/1',
    title: '제목',
    created_time: '2026-10-02T09:00:00+09:00',
    ...extra,
  });
  const list = (objects: unknown[]) => ({
    objects,
    paging: { page_size: objects.length, start_page: 1, end_page: 1 },
  });

  it('turn unsafe links and images into none, and clean text', () => {
    const parsed = ListResponseSchema.parse(
      list([
        item({
          absolute_url: 'javascript:alert(1)',
          featured_image: 'data:text/html,x',
          thumb: '//evil.example/t.png',
          logo: 'vbscript:x',
          title: '제목\u0000',
        }),
      ]),
    );
    const [card] = parsed.objects;
    expect(card).toMatchObject({ title: '제목' });
    expect(card?.absolute_url).toBeUndefined();
    expect(card?.featured_image).toBeUndefined();
    expect(card?.thumb).toBeUndefined();
    expect(card?.logo).toBeUndefined();
  });

  it('drop an item that breaks the contract instead of failing the whole answer', () => {
    const parsed = ListResponseSchema.parse(
      list([item({}), { title: 'id 없음' }, item({ analytics_page_id: 'n-2' })]),
    );
    expect(parsed.objects.map((o) => o.analytics_page_id)).toEqual(['n-1', 'n-2']);
  });

  it(`render at most ${MAX_OBJECTS_PER_PAGE} objects of one answer`, () => {
    const many = Array.from({ length: 250 }, (_, i) => item({ analytics_page_id: `n-${i}` }));
    expect(ListResponseSchema.parse(list(many)).objects).toHaveLength(MAX_OBJECTS_PER_PAGE);
  });

  it('apply to banners and details too', () => {
    expect(
      BannerListSchema.parse([
        { title: '배너', absolute_url: 'JaVaScRiPt:alert(1)', featured_image: 'https://a.example/b.png' },
      ])[0],
    ).toEqual({
      title: '배너',
      absolute_url: undefined,
      featured_image: 'https://a.example/b.png',
    });
    const detail = BlogDetailSchema.parse({
      title: 'x\u0001',
      author: '',
      date: '',
      img: 'javascript:x',
      content: '<p>a</p>',
      tags: ['태그\u0000'],
    });
    expect(detail).toMatchObject({ title: 'x', img: undefined, tags: ['태그'] });
  });

  it('parse their own output to the same value (the build stores and re-reads it)', () => {
    const once = ListResponseSchema.parse(
      list([item({ absolute_url: '/info/blog/a b', featured_image: 'https://a.example/x y.png' })]),
    );
    expect(ListResponseSchema.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });
});
