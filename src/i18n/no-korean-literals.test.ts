/**
 * One door for copy: Korean text in `src/` is either interface copy in ko.json (read with `t()`)
 * or page content in `src/data/`. This check lists every other string, template or markup text
 * holding Hangul, as `file:line`, so a new literal is caught where it was typed.
 *
 * What does not count: comments; tests (their fixtures and expectations are Korean on purpose);
 * messages for whoever runs the build or reads the console, i.e. the arguments of `new Error()`
 * and of `console.*()` / `logger.*()` (errors of the site's own types, such as the API client's,
 * reach the page, so they are not exempt); the modules below, which run only in the build
 * and compose their log lines in helpers; and the site search's rules of the language.
 *
 * `.ts`/`.tsx` files are read with TypeScript's parser, `.astro` files with Astro's own (the one
 * `astro build` uses), so frontmatter, template text, attributes and `<script>`s all count and
 * comments (`//`, block, JSX and `<!-- -->`) do not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseAstro } from '@astrojs/compiler-rs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'src');

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;

/** Build-time modules whose Korean text is build output only (warnings and errors in the log). */
const BUILD_LOG_MODULES = new Set([
  // Per-item warnings of the build's article and patent fetch.
  'src/lib/content/build-data.ts',
  // The build's API failure, quoting the call.
  'src/lib/content/build-api.ts',
  // The build's HTTP reader: time-outs and oversized answers.
  'src/lib/api/polite-fetch.ts',
  // The share pictures' drawing time and CPU share, for the build's log line.
  'src/lib/og/cpu-window.ts',
]);

/**
 * Rules of the Korean language, not copy: the site search's jamo (hangul.ts) and the particles and
 * endings it strips from a query (query.ts). Nothing here is shown to a visitor.
 */
const LANGUAGE_RULE_MODULES = new Set(['src/lib/search/format/hangul.ts', 'src/lib/search/format/query.ts']);

const ERROR_TYPES = new Set(['Error', 'TypeError', 'RangeError']);
const LOGGERS = new Set(['console', 'logger']);

export interface Offender {
  file: string;
  line: number;
  text: string;
}

function isExempt(file: string): boolean {
  return (
    file.startsWith('src/data/') ||
    /\.test\.tsx?$/.test(file) ||
    BUILD_LOG_MODULES.has(file) ||
    LANGUAGE_RULE_MODULES.has(file) ||
    !/\.(tsx?|astro)$/.test(file)
  );
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else yield path;
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 80);

/** Korean literals of a `.ts`/`.tsx` file, by TypeScript's syntax tree. */
export function koreanInTypeScript(file: string, text: string): Offender[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Offender[] = [];
  const isMessage = (node: ts.Node): boolean => {
    if (ts.isNewExpression(node))
      return ts.isIdentifier(node.expression) && ERROR_TYPES.has(node.expression.text);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      return (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        LOGGERS.has(callee.expression.text)
      );
    }
    return false;
  };
  const visit = (node: ts.Node, inMessage: boolean): void => {
    const message = inMessage || isMessage(node);
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node) ||
        ts.isJsxText(node)) &&
      HANGUL.test(node.text) &&
      !message
    ) {
      // The line of the first Hangul, not of the node's start (JSX text often starts a line above).
      const start = node.getStart(source);
      const { line } = source.getLineAndCharacterOfPosition(
        start + Math.max(0, node.getText(source).search(HANGUL)),
      );
      found.push({ file, line: line + 1, text: oneLine(node.text) });
    }
    ts.forEachChild(node, (child) => visit(child, message));
  };
  visit(source, false);
  return found;
}

type AstroNode = { type?: string; start?: number; [key: string]: unknown };

/** Korean text of an `.astro` file (frontmatter, template, attributes and scripts), by Astro's parser. */
export function koreanInAstro(file: string, text: string): Offender[] {
  const { ast, diagnostics } = parseAstro(text);
  // A file Astro cannot parse would be read only in part: better to say so.
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((error) => error.text).join('; ')}`);
  const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((match) => match.index + 1)];
  const lineOf = (offset: number) => lineStarts.findLastIndex((start) => start <= offset) + 1;
  const found: Offender[] = [];
  const isMessage = (node: AstroNode): boolean => {
    const callee = node['callee'] as AstroNode | undefined;
    if (node.type === 'NewExpression')
      return callee?.type === 'Identifier' && ERROR_TYPES.has(callee['name'] as string);
    if (node.type === 'CallExpression' && callee?.type === 'MemberExpression') {
      const object = callee['object'] as AstroNode;
      return object.type === 'Identifier' && LOGGERS.has(object['name'] as string);
    }
    return false;
  };
  const visit = (value: unknown, inMessage: boolean): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, inMessage);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const node = value as AstroNode;
    // Comments (`//`, block, JSX and `<!-- -->`) are not copy.
    if (node.type === 'Line' || node.type === 'Block' || node.type === 'AstroComment') return;
    const message = inMessage || isMessage(node);
    const content =
      node.type === 'Literal' || node.type === 'JSXText'
        ? node['value']
        : node.type === 'TemplateElement'
          ? (node['value'] as { cooked?: string; raw: string }).raw
          : undefined;
    if (typeof content === 'string' && HANGUL.test(content) && !message) {
      const start = node.start ?? 0;
      found.push({
        file,
        line: lineOf(start + Math.max(0, text.slice(start, node['end'] as number).search(HANGUL))),
        text: oneLine(content),
      });
    }
    if (content !== undefined) return;
    for (const child of Object.values(node)) if (typeof child === 'object') visit(child, message);
  };
  visit(ast, false);
  return found;
}

/** Every Korean literal in `src/` that is neither ko.json nor content data. */
export function koreanLiterals(): Offender[] {
  const offenders: Offender[] = [];
  for (const path of sourceFiles(SRC)) {
    const file = relative(ROOT, path).split(sep).join('/');
    if (isExempt(file)) continue;
    const text = readFileSync(path, 'utf8');
    if (!HANGUL.test(text)) continue;
    offenders.push(...(file.endsWith('.astro') ? koreanInAstro(file, text) : koreanInTypeScript(file, text)));
  }
  return offenders;
}

describe('the copy check', () => {
  it('finds strings, templates, markup text and scripts, and skips comments and build messages', () => {
    const tsx = [
      `// 주석`,
      `/* 주석 */`,
      `const a = '문자열';`,
      'const b = `템플릿 ${a} 끝`;',
      `const c = <p title="속성">본문 {a}</p>;`,
      `throw new Error('빌드 오류');`,
      `logger.info('빌드 로그');`,
      `throw new ApiError('화면에 보이는 오류');`,
    ].join('\n');
    expect(koreanInTypeScript('x.tsx', tsx).map((o) => `${o.line} ${o.text}`)).toEqual([
      '3 문자열',
      '4 템플릿',
      '4 끝',
      '5 속성',
      '5 본문',
      '8 화면에 보이는 오류',
    ]);
    const astro = [
      `---`,
      `// 주석`,
      `const a = '문자열';`,
      `if (!a) throw new Error(\`빌드 오류 \${a}\`);`,
      `---`,
      `<!-- 주석 -->`,
      `<p aria-label={\`\${a} 목차\`}>본문 {/* 주석 */}</p>`,
      `<br>`,
      `<script>`,
      `  // 주석`,
      `  const s = '스크립트';`,
      `</script>`,
    ].join('\n');
    expect(koreanInAstro('x.astro', astro).map((o) => `${o.line} ${o.text}`)).toEqual([
      '3 문자열',
      '7 목차',
      '7 본문',
      '11 스크립트',
    ]);
  });

  it('finds no Korean UI literal outside ko.json and src/data', () => {
    const offenders = koreanLiterals().map((o) => `${o.file}:${o.line}  ${o.text}`);
    expect(
      offenders,
      `Korean text belongs in src/i18n/ko.json (UI copy) or src/data (page content):\n${offenders.join('\n')}`,
    ).toEqual([]);
  });
});
