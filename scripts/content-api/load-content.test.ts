// @vitest-environment node
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentError, formatPath, loadContent } from './load-content.ts';
import { fixture, writeFixture } from './test-fixture.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

const dirs: string[] = [];

/** A fresh fixture folder, removed after the test. */
function fixtureDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-api-load-'));
  dirs.push(dir);
  writeFixture(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Edits one JSON file of a content folder in place. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test edits reach into JSON of any shape
function editJson(dir: string, file: string, edit: (json: any) => void): void {
  const path = join(dir, file);
  const json = JSON.parse(readFileSync(path, 'utf8'));
  edit(json);
  writeFileSync(path, JSON.stringify(json));
}

/** The error thrown by `fn`, failing the test when nothing is thrown. */
function thrown(fn: () => unknown): ContentError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return error as ContentError;
  }
  throw new Error('expected an error');
}

describe('loadContent', () => {
  it('loads the seven files of a valid folder', () => {
    const content = loadContent(fixtureDir());
    expect(content.news).toHaveLength(fixture.counts.news);
    expect(content.videos.items).toHaveLength(fixture.counts.videos);
    expect(content.seminars.items).toHaveLength(fixture.counts.seminars);
    expect(content.faq.items).toHaveLength(fixture.counts.faq);
    expect(content.hrStories.items).toHaveLength(fixture.counts.hrStories);
    expect(content.patents).toHaveLength(fixture.counts.patents);
    expect(content.success.items).toHaveLength(fixture.counts.success);
  });

  it('normalises every string to NFC', () => {
    const content = loadContent(fixtureDir());
    const item = content.faq.items.find((faq) => faq.analytics_page_id === fixture.nfdFaqId);
    expect(item?.title).toBe(`${fixture.nfdWord}은 어떻게 진행되나요?`);
    expect(item?.title?.normalize('NFC')).toBe(item?.title);
  });

  it('names the file and field path of a schema error', () => {
    const dir = fixtureDir();
    editJson(dir, 'hr-stories.json', (json) => {
      delete json.items[2].created_time;
    });
    const error = thrown(() => loadContent(dir));
    expect(error.message).toMatch(
      /^hr-stories\.json: items\[2\]\.created_time: Invalid input: expected string/,
    );
    expect(error.problems).toHaveLength(1);
  });

  it('writes paths of files that are a top-level array from the index', () => {
    const dir = fixtureDir();
    editJson(dir, 'patents.json', (json) => {
      json[4].tag = '../bad tag';
    });
    expect(thrown(() => loadContent(dir)).message).toMatch(/^patents\.json: \[4\]\.tag: /);
  });

  it('names a file with invalid JSON', () => {
    const dir = fixtureDir();
    writeFileSync(join(dir, 'faq.json'), '{ "topics": [ ');
    expect(thrown(() => loadContent(dir)).message).toMatch(/^faq\.json: JSON 형식이 올바르지 않습니다: /);
  });

  it('names a missing file', () => {
    const dir = fixtureDir();
    unlinkSync(join(dir, 'news.json'));
    expect(thrown(() => loadContent(dir)).message).toMatch(/^news\.json: 파일이 없습니다 \(.*news\.json\)$/);
  });

  it('reports every broken file at once, in file order', () => {
    const dir = fixtureDir();
    unlinkSync(join(dir, 'news.json'));
    writeFileSync(join(dir, 'faq.json'), 'nope');
    editJson(dir, 'hr-stories.json', (json) => {
      json.items[0].title = 42;
      json.items[1].tag_ids = [];
    });
    const error = thrown(() => loadContent(dir));
    expect(error.problems.map((line) => line.split(':')[0])).toEqual([
      'news.json',
      'faq.json',
      'hr-stories.json',
    ]);
    expect(error.problems[2]).toContain('items[0].title');
    expect(error.problems[2]).toContain('items[1].tag_ids');
  });

  it('accepts a UTF-8 byte order mark', () => {
    const dir = fixtureDir();
    const path = join(dir, 'news.json');
    writeFileSync(path, `\uFEFF${readFileSync(path, 'utf8')}`);
    expect(loadContent(dir).news).toHaveLength(fixture.counts.news);
  });

  it('names a missing folder', () => {
    expect(thrown(() => loadContent(join(tmpdir(), 'no-such-content-folder'))).message).toContain(
      '콘텐츠 폴더가 없습니다',
    );
  });
});

describe('formatPath', () => {
  it('writes indices in brackets and keys with dots', () => {
    expect(formatPath(['items', 3, 'created_time'])).toBe('items[3].created_time');
    expect(formatPath([2, 'tags', 0, 'name'])).toBe('[2].tags[0].name');
    expect(formatPath([])).toBe('');
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI with `args`. With `untilStarted`, sends SIGTERM once the start line is printed
 * and reports how the process ended.
 */
function runCli(args: string[], untilStarted = false): Promise<Run> {
  return new Promise((resolve, reject) => {
    // process.execPath is the Node 24 running vitest, which strips the types of cli.ts.
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, CONTENT_API_PORT: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (untilStarted && stdout.includes('콘텐츠 API: ')) child.kill('SIGTERM');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('cli', () => {
  it('exits with 1 and names the broken field on stderr', async () => {
    const dir = fixtureDir();
    editJson(dir, 'hr-stories.json', (json) => {
      delete json.items[2].created_time;
    });
    const run = await runCli(['--content', dir, '--port', '0']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('콘텐츠 파일 오류: hr-stories.json: items[2].created_time: Invalid input');
    expect(run.stdout).toBe('');
  });

  it('starts on a free port, prints its address and closes on SIGTERM', async () => {
    const dir = fixtureDir();
    const run = await runCli(['--content', dir, '--port', '0'], true);
    expect(run.stdout).toMatch(
      new RegExp(
        `^콘텐츠 API: http://127\\.0\\.0\\.1:\\d+ \\(콘텐츠 폴더: ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)\n$`,
      ),
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });

  it('refuses an invalid port', async () => {
    const run = await runCli(['--content', fixtureDir(), '--port', 'abc']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('포트 번호가 올바르지 않습니다: abc');
  });
});
