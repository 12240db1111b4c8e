// @vitest-environment node
/** Validation against content that looks like addresses, and warnings that carry line breaks. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProgress } from './log.ts';
import { outputFile } from './routes.ts';
import { addressesIn, contentLinkTargets, internalTarget, validateOutput } from './validate.ts';

const NOTICE = '/\\ 공지 /\\';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-validate-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Expected routes of pages (not endpoints). */
const pagesAt = (...routes: string[]) => routes.map((route) => ({ route, file: outputFile(route, false) }));

const page = (body: string) => `<!DOCTYPE html><html lang="ko"><head><title>제목</title></head><body>${body}</body></html>`;
const write = (file: string, text: string) => {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
};

describe('addresses in the snapshot', () => {
  it('takes a title starting with / as text, not as an address, and never throws on it', () => {
    const snapshot = {
      calls: {
        '/news/search?page=1&term=': {
          ok: true,
          data: {
            objects: [
              { title: NOTICE, meta_description: '/faq', absolute_url: '/info/blog/a', featured_image: '/images/a.svg' },
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
        '/faq/tags?page=1&topic_id=': { ok: true, data: { objects: [{ post_body: '<img src="/images/faq.png">' }] } },
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
