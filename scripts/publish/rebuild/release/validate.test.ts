// @vitest-environment node
/**
 * Validation of a built release: missing pages, broken links and assets, documents that do not
 * parse, script addresses; content that looks like addresses, and warnings that carry line breaks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProgress } from '../../lib/log.ts';
import { outputFile } from './routes.ts';
import {
  addressesIn,
  contentLinkTargets,
  internalTarget,
  parseHtml,
  validateOutput,
  xmlErrors,
} from './validate.ts';

const NOTICE = '/\\ 공지 /\\';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-validate-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Expected routes of pages (not endpoints). */
const pagesAt = (...routes: string[]) => routes.map((route) => ({ route, file: outputFile(route, false) }));

const page = (body: string) =>
  `<!DOCTYPE html><html lang="ko"><head><title>제목</title></head><body>${body}</body></html>`;
const write = (file: string, text: string) => {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
};

describe('validateOutput', () => {
  it('accepts a complete site and ignores external, mailto, fragment and query parts', () => {
    write(
      'index.html',
      page(
        '<a href="/faq?x=1#top">a</a><a href="https://example.com/x">b</a><a href="mailto:a@b.c">c</a><a href="#main">d</a><img src="/_astro/a.svg" srcset="/_astro/a.svg 1x, /_astro/a.svg 2x"><astro-island component-url="/_astro/island.js"></astro-island>',
      ),
    );
    write('faq/index.html', page('<a href="../">home</a>'));
    write('_astro/a.svg', '<svg/>');
    write('_astro/island.js', '');
    write('404.html', page(''));
    expect(validateOutput(dir, pagesAt('/', '/faq', '/404')).problems).toEqual([]);
  });

  it('reports missing routes, broken links and assets, and broken documents', () => {
    write('index.html', page('<a href="/gone">a</a><script src="/_astro/missing.js"></script>'));
    write('cut/index.html', '<!DOCTYPE html><html><head><title>t</title></head><body><div><p>잘린');
    const { problems } = validateOutput(dir, pagesAt('/', '/cut', '/faq'));
    expect(problems).toContain('페이지가 없습니다: /faq (faq/index.html)');
    expect(problems).toContain('깨진 내부 링크: /index.html → /gone');
    expect(problems).toContain('깨진 내부 링크: /index.html → /_astro/missing.js');
    expect(problems.some((p) => p.startsWith('HTML 오류: /cut/index.html') && p.includes('잘린 파일'))).toBe(
      true,
    );
  });

  it('parses documents strictly enough to catch unclosed elements and empty titles', () => {
    expect(parseHtml(page('<div><span>x</div>')).errors).toContain('<span> 요소가 닫히지 않았습니다');
    // Self-closing elements are complete inside inline SVG (the header logo), not in HTML.
    expect(
      parseHtml(
        page(
          '<a href="/"><svg viewBox="0 0 1 1"><rect width="1" height="1"/><g><path d="M0 0"/></g></svg></a>',
        ),
      ).errors,
    ).toEqual([]);
    expect(parseHtml(page('<svg><rect/></svg><div><span>x</div>')).errors).toContain(
      '<span> 요소가 닫히지 않았습니다',
    );
    expect(
      parseHtml('<!DOCTYPE html><html><head><title></title></head><body></body></html>').errors,
    ).toContain('<title>이 비어 있습니다');
    expect(internalTarget('/info/blog/%ED%95%9C', 'index.html')).toBe('info/blog/한');
    expect(internalTarget('//cdn.example/x.js', 'index.html')).toBeNull();
  });
});

describe('validateOutput and content', () => {
  it('reports a content link to no page as a warning, and a structure link as a problem', () => {
    write(
      'index.html',
      page(
        '<nav><a href="/missing-menu">메뉴</a></nav><article><a href="/info/blog/%EC%97%86%EC%9D%8C?page=2">기사</a></article>',
      ),
    );
    write('faq/index.html', page('<a href="/info/blog/%EC%97%86%EC%9D%8C">같은 기사</a>'));
    const content = {
      calls: {
        '/news/search': {
          ok: true,
          data: {
            objects: [
              { absolute_url: '/info/blog/%EC%97%86%EC%9D%8C', post_body: '<p><a href="/nope">x</a></p>' },
            ],
          },
        },
      },
    };
    const targets = contentLinkTargets(addressesIn(content));
    expect([...targets].sort()).toEqual(['info/blog/없음', 'nope']);
    const result = validateOutput(dir, pagesAt('/', '/faq'), targets);
    expect(result.problems).toEqual(['깨진 내부 링크: /index.html → /missing-menu']);
    expect(result.warnings).toEqual([
      '콘텐츠의 링크가 없는 페이지를 가리킵니다: /info/blog/없음 (/faq/index.html /index.html)',
    ]);
  });

  it('fails on an address that runs script, wherever it came from', () => {
    write(
      'index.html',
      page(
        '<a href="javascript:alert(1)">x</a><img src=" JaVaScRiPt:x"><iframe src="data:text/html,x"></iframe>',
      ),
    );
    expect(
      validateOutput(dir, pagesAt('/')).problems.filter((p) => p.startsWith('스크립트를 실행하는 주소')),
    ).toHaveLength(3);
  });

  it('parses the feed and the sitemaps as XML', () => {
    write('index.html', page(''));
    write('rss.xml', '<?xml version="1.0"?><rss><channel><title>a\u0001b</title></channel></rss>');
    write('sitemap-0.xml', '<urlset><url><loc>https://a.example/</loc></urlset>');
    const { problems } = validateOutput(dir, pagesAt('/'));
    expect(problems.some((p) => p.startsWith('XML 오류: /rss.xml') && p.includes('U+0001'))).toBe(true);
    expect(problems.some((p) => p.startsWith('XML 오류: /sitemap-0.xml'))).toBe(true);
    expect(
      xmlErrors('<?xml version="1.0"?><rss><channel><title>한글 &amp; 채용</title></channel></rss>'),
    ).toEqual([]);
  });
});

describe('addresses in the snapshot', () => {
  it('takes a title starting with / as text, not as an address, and never throws on it', () => {
    const snapshot = {
      calls: {
        '/news/search?page=1&term=': {
          ok: true,
          data: {
            objects: [
              {
                title: NOTICE,
                meta_description: '/faq',
                absolute_url: '/info/blog/a',
                featured_image: '/images/a.svg',
              },
              { title: '/info/blog/title-only', thumb: '/images/t.svg', logo: '/images/l.svg' },
            ],
          },
        },
        '/blog/detail?id=a': {
          ok: true,
          data: {
            title: '/\\',
            img: '/images/b.svg',
            content: '<p><a href="/cad_archive/x">x</a> /not-a-link</p>',
            tags: ['/tag'],
          },
        },
        '/faq/tags?page=1&topic_id=': {
          ok: true,
          data: { objects: [{ post_body: '<img src="/images/faq.png">' }] },
        },
      },
    };
    expect(() => contentLinkTargets(addressesIn(snapshot))).not.toThrow();
    expect(addressesIn(snapshot).sort()).toEqual(
      [
        '/info/blog/a',
        '/images/a.svg',
        '/images/t.svg',
        '/images/l.svg',
        '/images/b.svg',
        '/cad_archive/x',
        '/images/faq.png',
      ].sort(),
    );
  });

  it('reads an address that cannot be parsed as not ours (another host), without throwing', () => {
    expect(internalTarget(NOTICE, 'index.html')).toBeNull();
    expect(internalTarget('\\\\evil.example/x', 'index.html')).toBeNull();
    expect(internalTarget('/\t/evil.example/x', 'index.html')).toBeNull();
    expect(internalTarget('/info/blog/a', 'faq/index.html')).toBe('info/blog/a');
  });

  it('validates pages whose content shows such a title, or links to it', () => {
    write('index.html', page(`<h2>${NOTICE}</h2><a href="${NOTICE}">공지</a>`));
    const result = validateOutput(dir, pagesAt('/'), contentLinkTargets(addressesIn({ title: NOTICE })));
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
  });
});

describe('a content link with an encoded line break', () => {
  const HOSTILE = '/info/blog/%0A::add-mask::x%0D%0A::warning::y';

  it('makes a warning of one line, printed as one line, none starting with ::', () => {
    write('index.html', page(`<a href="${HOSTILE}">기사</a>`));
    const { warnings, problems } = validateOutput(dir, pagesAt('/'), contentLinkTargets([HOSTILE]));
    expect(problems).toEqual([]);
    expect(warnings).toHaveLength(1);
    // The nightly workflow prints each warning with `jq -r '.warnings[]' | sed 's/^/::warning::/'`.
    expect(warnings[0]!.split(/\r\n|[\n\r\u0085\u2028\u2029]/)).toHaveLength(1);
    expect(warnings[0]).toContain('/info/blog/\\n::add-mask::x\\r\\n::warning::y');

    const printed: string[] = [];
    const progress = createProgress(
      (line) => printed.push(line),
      (line) => printed.push(line),
    );
    for (const warning of warnings) progress.step('경고', warning);
    const lines = printed.join('\n').split(/\r\n|[\n\r\u0085\u2028\u2029]/);
    expect(lines).toHaveLength(1);
    expect(lines.filter((line) => /^\s*::/.test(line))).toEqual([]);
  });

  it('makes a structure problem of one line too', () => {
    write('index.html', page(`<a href="${HOSTILE}">메뉴</a>`));
    const { problems } = validateOutput(dir, pagesAt('/'));
    expect(problems).toEqual(['깨진 내부 링크: /index.html → /info/blog/%0A::add-mask::x%0D%0A::warning::y']);
    write('index.html', page(`<a href="/a&#10;::add-mask::x">메뉴</a>`));
    const [problem] = validateOutput(dir, pagesAt('/')).problems;
    expect(problem).toBe('깨진 내부 링크: /index.html → /a\\n::add-mask::x');
  });
});
