import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, parseAst, type Rolldown } from 'vite';
import { importsOfT, inlineCalls, inlineUiCopy } from './inline-ui-copy.ts';

const table = {
  'list.empty': '현재 등록된 게시물이 없습니다.',
  'error.retry': '다시 시도',
  'unused.key': '쓰이지 않는 문장',
};

describe('inlineCalls', () => {
  const run = async (code: string) => {
    const program = parseAst(code) as never;
    const imports = await importsOfT(program, async (source) => source.includes('i18n'));
    return inlineCalls(code, program, imports, table);
  };

  it('puts the string in place of each call, after Korean text that shifts byte offsets, and drops the import', async () => {
    const result = await run(
      `import { t } from './i18n';\n// 주석에 한글\nconst a = t('list.empty');\nconst b = [t("error.retry"), t('list.empty')];`,
    );
    expect(result.code).toBe(
      `\n// 주석에 한글\nconst a = "현재 등록된 게시물이 없습니다.";\nconst b = ["다시 시도", "현재 등록된 게시물이 없습니다."];`,
    );
    expect(result.inlined).toBe(3);
  });

  it('follows the name t is imported under, keeps the other imports and leaves other functions alone', async () => {
    const result = await run(
      `import fmt, { t as tr, formatDate as f } from '../i18n/index.ts';\nimport { t } from './other';\n` +
        `const a = tr('error.retry'); const b = t('error.retry'); const c = x.t('error.retry');`,
    );
    expect(result.code).toBe(
      `import fmt, { formatDate as f } from "../i18n/index.ts";\nimport { t } from './other';\n` +
        `const a = "다시 시도"; const b = t('error.retry'); const c = x.t('error.retry');`,
    );
  });

  it('reports computed keys, extra arguments and unknown keys instead of guessing, and changes nothing', async () => {
    const code = `import { t } from './i18n';\nt(key); t('error.retry', 1); t(\`list.\${kind}\`); t('no.such.key'); t('error.retry');`;
    const result = await run(code);
    expect(result.computed).toHaveLength(3);
    expect(result.unknown).toEqual(['no.such.key']);
    expect(result.code).toBe(code);
  });

  it('does not touch a module where another binding shadows the name', async () => {
    const result = await run(
      `import { t } from './i18n';\nconst f = (t) => t('error.retry'); t('error.retry');`,
    );
    expect(result.inlined).toBe(0);
    expect(result.computed).toHaveLength(2);
  });
});

describe('inlineUiCopy in a client build', () => {
  const root = mkdtempSync(join(tmpdir(), 'ui-copy-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const files: Record<string, string> = {
    'i18n/ko.json': JSON.stringify(table),
    'i18n/index.ts': `import ko from './ko.json' with { type: 'json' };\nexport type Key = keyof typeof ko;\nexport function t(key: Key): string { return ko[key]; }\nexport const formatDate = (v: string) => v.slice(0, 10);`,
    'island.tsx': `// 한글 주석: 바이트와 글자 수가 다른 앞부분\nimport { t, formatDate } from './i18n';\nexport const Empty = () => <p title={formatDate('2026-01-01T00')}>{t('list.empty')}</p>;`,
    'store.ts': `import { t as tr } from './i18n/index.ts';\nexport const retry = (): string => tr('error.retry');`,
    'computed.ts': `import { t, type Key } from './i18n/index.ts';\nexport const say = (key: Key): string => t(key);`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }

  const bundle = async (entry: string) => {
    const result = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [inlineUiCopy(join(root, 'i18n/index.ts'), join(root, 'i18n/ko.json'))],
      build: {
        write: false,
        minify: false,
        rollupOptions: { input: join(root, entry), external: [/^react/], preserveEntrySignatures: 'strict' },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    return outputs
      .flatMap((output) => output.output)
      .filter((chunk): chunk is Rolldown.OutputChunk => chunk.type === 'chunk')
      .map((chunk) => chunk.code)
      .join('\n');
  };

  it('ships the strings a module shows and none of the table', async () => {
    const code = await bundle('island.tsx');
    expect(code).toContain('현재 등록된 게시물이 없습니다.');
    expect(code).not.toContain('쓰이지 않는 문장');
    expect(code).not.toContain('다시 시도');
    expect(code).toContain('slice(0, 10)');
  }, 60_000);

  it('follows a renamed import', async () => {
    const code = await bundle('store.ts');
    expect(code).toContain('"다시 시도"');
    expect(code).not.toContain('쓰이지 않는 문장');
  }, 60_000);

  it('fails the build on a computed key, naming the file', async () => {
    await expect(bundle('computed.ts')).rejects.toThrow(/computed\.ts \(2:\d+\).*one string literal/);
  }, 60_000);
});
