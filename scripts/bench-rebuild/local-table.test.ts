// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  codeCheckCell,
  fullBuildCell,
  localTable,
  readDrawnPictures,
  timedCell,
  type LocalRow,
} from './local-table.ts';
import { createProgress } from '../publish/lib/log.ts';
import { sharePicturesMessage } from '../publish/rebuild/release/build-progress.ts';
import { cpuCell, measuredCommand, memoryCell, readPeak } from './peak.ts';

describe('a run measured by /usr/bin/time', () => {
  it('is started under it when it is there, and as is when not', () => {
    const [command, args] = measuredCommand('/node', ['rebuild.ts', '--out', 'x'], true);
    expect(command).toBe('/usr/bin/time');
    expect(args.slice(-4)).toEqual(['/node', 'rebuild.ts', '--out', 'x']);
    expect(measuredCommand('/node', ['a'], false)).toEqual(['/node', ['a']]);
  });

  it('gives its peak memory (KB → MB) and CPU share, and the output without the report', () => {
    const [, args] = measuredCommand('/node', [], true);
    const tag = args[1]!.split(' ')[0]!;
    const output = `[ 1.0초] 스냅샷\nCommand exited with non-zero status 1\n${tag} 1210000 109%\n`;
    const { peak, rest } = readPeak(output);
    expect(peak).toEqual({ memoryMb: 1239.04, cpuPercent: 109 });
    expect(rest).toBe('[ 1.0초] 스냅샷\nCommand exited with non-zero status 1\n');
    expect(readPeak(`${tag} 2048 ?%`).peak).toEqual({ memoryMb: 2.097152, cpuPercent: null });
    expect(readPeak('no report').peak).toBeNull();
  });

  it('prints as the tables show it', () => {
    expect(memoryCell({ memoryMb: 1239.04, cpuPercent: 109 })).toBe('1.24 GB');
    expect(memoryCell({ memoryMb: 812.4, cpuPercent: null })).toBe('812 MB');
    expect(memoryCell(null)).toBe('—');
    expect(cpuCell({ memoryMb: 1, cpuPercent: 172.4 })).toBe('172%');
    expect(cpuCell({ memoryMb: 1, cpuPercent: null })).toBe('—');
  });
});

describe('the local table', () => {
  const peak = { memoryMb: 1240, cpuPercent: 109 };
  const row: LocalRow = {
    scale: 50,
    pages: 2775,
    full: {
      seconds: 475,
      peak: { memoryMb: 1770, cpuPercent: 180 },
      pictures: { drawn: 2775, cpuPercent: 172 },
    },
    unchanged: { seconds: 1.9, peak: null },
    oneChange: { seconds: 33, peak },
    rendered: '2 / 2773',
    live: { seconds: 24, peak },
    codeChange: {
      seconds: 51,
      peak,
      switched: true,
      pages: 2775,
      missing: 0,
      pictures: { restored: 2773, drawn: 0 },
    },
  };

  it('shows every run with its wall time, peak memory and CPU share', () => {
    expect(timedCell(row.oneChange)).toBe('33.0초 / 1.24 GB / 109%');
    expect(timedCell(row.unchanged)).toBe('1.9초 / — / —');
  });

  it("reads the share pictures' drawing from the rebuild's log", () => {
    const stdout = [
      '[ 480.2초] 빌드 · 페이지 마무리 중 (통합의 빌드 후 처리)',
      '[ 512.3초] 빌드 · 공유 이미지 2,775개 새로 그림 (스레드 2개), 저장소에서 0개, 그리는 동안 CPU 172% (2코어 중), 41.3초',
      '[ 530.0초] 빌드 · 페이지 2775개: 렌더링 2775개, 캐시에서 복원 0개',
      '',
    ].join('\n');
    expect(readDrawnPictures(stdout)).toEqual({ drawn: 2775, cpuPercent: 172 });
    expect(
      readDrawnPictures('[  30.1초] 빌드 · 공유 이미지 0개 새로 그림 (스레드 0개), 저장소에서 2,773개\n'),
    ).toEqual({ drawn: 0, cpuPercent: null });
    expect(readDrawnPictures('[   1.0초] 스냅샷 · 변경 없음\n')).toBeNull();
  });

  it("reads the line as the rebuild writes it from the build's own", () => {
    const written: string[] = [];
    const progress = createProgress((line) => written.push(line));
    progress.step(
      '빌드',
      sharePicturesMessage(
        '공유 이미지: 새로 그림 12개 (스레드 2개), 저장소에서 3개, 그리는 동안 CPU 188% (2코어 중), 2.4초',
      )!,
    );
    expect(readDrawnPictures(written.join('\n'))).toEqual({ drawn: 12, cpuPercent: 188 });
  });

  it('shows in the full build cell the CPU share while the pictures were drawing', () => {
    expect(fullBuildCell(row.full)).toBe('475.0초 / 1.77 GB / 180% · 그림 2,775개 CPU 172%');
    expect(fullBuildCell({ ...row.full, pictures: { drawn: 0, cpuPercent: null } })).toBe(
      '475.0초 / 1.77 GB / 180% · 그림 0개',
    );
    expect(fullBuildCell({ ...row.full, pictures: null })).toBe('475.0초 / 1.77 GB / 180% · 그림 ?');
  });

  it('says whether the code change switched current, reached every page and restored the pictures', () => {
    expect(codeCheckCell(row.codeChange)).toBe(
      '전환 ✔ · 새 CSS·문구 2,775/2,775쪽 ✔ · 공유 그림 복원 2,773 / 새로 그림 0',
    );
    expect(codeCheckCell({ ...row.codeChange!, switched: false, missing: 3 })).toContain('전환 ✖');
    expect(codeCheckCell({ ...row.codeChange!, missing: 3 })).toContain('2,772/2,775쪽 ✖');
    expect(codeCheckCell(null)).toBe('—');
  });

  it('has one line per scale under its header, each cell in its column', () => {
    const lines = localTable([{ ...row, scale: 1 }, row], 10_000);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('코드 변경 (SCSS 규칙 1개, UI 문구 1개)');
    const columns = lines[0]!.split('|').length;
    for (const line of lines) expect(line.split('|')).toHaveLength(columns);
    expect(lines[2]).toMatch(
      /^\| 우리 콘텐츠 \| 2,775 \| 475\.0초 \/ 1\.77 GB \/ 180% · 그림 2,775개 CPU 172% \|/,
    );
    expect(lines[3]).toContain('| 51.0초 / 1.24 GB / 109% | 전환 ✔');
  });
});
