// @vitest-environment node
/** Progress lines stay single lines whatever the message carries. */
import { describe, expect, it } from 'vitest';
import { createProgress } from './log.ts';

const LINE_BREAK = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;

describe('createProgress', () => {
  it('prints a warning with a decoded %0A as exactly one line, none starting with ::', () => {
    const out: string[] = [];
    const err: string[] = [];
    const progress = createProgress(
      (line) => out.push(line),
      (line) => err.push(line),
    );
    progress.step(
      '경고',
      `콘텐츠의 링크가 없는 페이지를 가리킵니다: /info/blog/${decodeURIComponent('%0A::add-mask::x')}`,
    );
    progress.fail('실패\r\n::error::가짜\u2028::warning::y\u0085z');
    for (const written of [out, err]) {
      expect(written).toHaveLength(1);
      const lines = written[0]!.split(LINE_BREAK);
      expect(lines).toHaveLength(1);
      expect(lines.filter((line) => /^\s*::/.test(line))).toEqual([]);
    }
    expect(out[0]).toMatch(
      /경고 · 콘텐츠의 링크가 없는 페이지를 가리킵니다: \/info\/blog\/\\n::add-mask::x$/,
    );
    expect(err[0]).toMatch(/실패 · 실패\\r\\n::error::가짜\\u2028::warning::y\\u0085z$/);
  });

  it('holds escaped lines in a quiet run too', () => {
    const out: string[] = [];
    const progress = createProgress((line) => out.push(line), undefined, { quiet: true });
    progress.step('스냅샷', 'a\nb');
    progress.reveal();
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('a\\nb');
  });
});
