import { describe, expect, it } from 'vitest';
import { createBuildProgress, formatRemaining, sharePicturesMessage } from './build-progress.ts';

function run(expected: number, lines: [number, string][]): string[] {
  const messages: string[] = [];
  let clock = 0;
  const progress = createBuildProgress({ expected, report: (m) => messages.push(m), now: () => clock });
  for (const [time, line] of lines) {
    clock = time;
    progress.line(line);
  }
  return messages;
}

const page = (n: number) => `  ├─ /info/blog/hr-${n}/index.html (+3ms)`;

describe('createBuildProgress', () => {
  it("names Astro's phases as they start", () => {
    expect(
      run(10, [
        [0, '12:00:01 [build] Collecting build info...'],
        [5, '12:00:06 [build] Building static entrypoints...'],
        [9, ' generating static routes '],
        [20, '▶ src/pages/index.astro'],
      ]),
    ).toEqual(['빌드 준비 (콘텐츠 읽기)', '코드 묶는 중', '페이지 생성 중']);
  });

  it("names the integrations' work after the pages and images, not as image optimisation", () => {
    expect(
      run(10, [
        [0, '12:00:01 [build] Collecting build info...'],
        [1, '12:00:02 [build] ✓ Completed in 1.34s.'],
        [5, '12:00:06 [build] Building static entrypoints...'],
        [9, ' generating static routes '],
        [20, '12:00:21 ✓ Completed in 5.82s.'],
        [20, ' generating optimized images '],
        [20, '12:00:21 ✓ Completed in 15ms.'],
        [20, '12:00:21 [build] ✓ Completed in 9.18s.'],
        [26, '12:00:27 [build] 2773 page(s) built in 16.92s'],
        [26, '12:00:27 [build] ✓ Completed in 9.18s.'],
      ]),
    ).toEqual([
      '빌드 준비 (콘텐츠 읽기)',
      '코드 묶는 중',
      '페이지 생성 중',
      '이미지 최적화 중',
      '페이지 마무리 중 (통합의 빌드 후 처리)',
    ]);
  });

  it("passes on the build's share-picture line among the phases, with the drawing's CPU share", () => {
    expect(
      run(10, [
        [20, '12:00:21 [build] ✓ Completed in 9.18s.'],
        [
          30,
          '공유 이미지: 새로 그림 2775개 (스레드 2개), 저장소에서 0개, 그리는 동안 CPU 172% (2코어 중), 41.3초',
        ],
        [31, '\u001b[32m12:00:32\u001b[39m [build] 2773 page(s) built in 16.92s'],
      ]),
    ).toEqual([
      '공유 이미지 2,775개 새로 그림 (스레드 2개), 저장소에서 0개, 그리는 동안 CPU 172% (2코어 중), 41.3초',
    ]);
  });

  it('says at every tenth of the pages how far it is and about how long the rest takes', () => {
    const lines: [number, string][] = Array.from({ length: 100 }, (_, i) => [1000 + i * 100, page(i)]);
    const messages = run(100, lines);
    expect(messages).toHaveLength(10);
    // 10 pages in 0.9 s: 90 more at 0.1 s each.
    expect(messages[0]).toBe('페이지 10/100 (10%), 남은 시간 약 9초');
    expect(messages[4]).toBe('페이지 50/100 (50%), 남은 시간 약 5초');
    expect(messages.at(-1)).toBe('페이지 100/100 (100%)');
  });

  it('asks how many pages to expect when the pages start, the route list being made meanwhile', () => {
    let expected = 0;
    const messages: string[] = [];
    const progress = createBuildProgress({
      expected: () => expected,
      report: (m) => messages.push(m),
      now: () => 0,
    });
    progress.line(' generating static routes ');
    expected = 2;
    progress.line(page(1));
    progress.line(page(2));
    expect(messages).toEqual(['페이지 생성 중', '페이지 2/2 (100%)']);
  });

  it('says so at least every half minute while pages are slow', () => {
    const lines: [number, string][] = [
      [0, page(1)],
      [10_000, page(2)],
      [40_000, page(3)],
      [75_000, page(4)],
    ];
    expect(run(1000, lines)).toEqual([
      '페이지 3/1,000 (0%), 남은 시간 약 332분 20초',
      '페이지 4/1,000 (0%), 남은 시간 약 415분 0초',
    ]);
  });

  it('writes out the share-picture counts and keeps the rest of the line', () => {
    expect(
      sharePicturesMessage('공유 이미지: 새로 그림 0개 (스레드 0개), 저장소에서 2773개, 쓰지 않아 지움 2개 '),
    ).toBe('공유 이미지 0개 새로 그림 (스레드 0개), 저장소에서 2,773개, 쓰지 않아 지움 2개');
    expect(
      sharePicturesMessage(
        '공유 이미지: 새로 그림 12개 (스레드 2개), 저장소에서 1개, 기본 그림으로 대신 1개, 그리는 동안 CPU 96% (2코어 중), 3.0초',
      ),
    ).toBe(
      '공유 이미지 12개 새로 그림 (스레드 2개), 저장소에서 1개, 기본 그림으로 대신 1개, 그리는 동안 CPU 96% (2코어 중), 3.0초',
    );
    expect(
      sharePicturesMessage('공유 이미지: 45초 안에 그리지 못해 사이트 기본 그림으로 둡니다: 제목'),
    ).toBeNull();
  });

  it('formats what is left in minutes and seconds', () => {
    expect(formatRemaining(250_000)).toBe('4분 10초');
    expect(formatRemaining(35_400)).toBe('35초');
    expect(formatRemaining(0)).toBe('1초');
  });
});
