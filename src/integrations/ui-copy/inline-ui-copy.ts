/**
 * Browser bundles carry the UI strings they show, not the whole of ko.json.
 *
 * `t()` reads one table (src/i18n/ko.json). Called in code that runs in the browser (islands,
 * the API client, the list store, lazily loaded modules), a bundler would ship that whole table
 * with the first such module, since a lookup by key cannot be tree-shaken. This Vite plugin
 * turns every `t('some.key')` of client code into the string itself, after TypeScript and JSX
 * are compiled, and drops the import of `t`, so the table never enters the bundle. The browser gets
 * exactly the bytes it would have got had the string been written in place.
 *
 * A call with a computed key cannot be turned into its string: the build fails and names it,
 * so the table never ships by accident. Server code (pages, `.astro` frontmatter) calls `t()` as
 * it is; inline page scripts read their copy from `data-*` attributes instead (see
 * NewVersionNotice.astro).
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** A place in the code where `t()` was called with something other than one string literal. */
export interface ComputedCall {
  start: number;
  end: number;
}

export interface InlineResult {
  code: string;
  /** How many calls became strings. */
  inlined: number;
  computed: ComputedCall[];
  /** A key the table does not have (TypeScript normally catches it first). */
  unknown: string[];
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function* nodes(value: unknown): Generator<Node> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodes(item);
  } else if (isNode(value)) {
    yield value;
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'type' && typeof child === 'object') yield* nodes(child);
    }
  }
}

/** Names a module binds other than by import (parameters, variables, functions, classes). */
function declaredNames(program: Node): Set<string> {
  const names = new Set<string>();
  const addPattern = (pattern: unknown): void => {
    for (const node of nodes(pattern)) if (node.type === 'Identifier') names.add(node['name'] as string);
  };
  for (const node of nodes(program)) {
    if (node.type === 'VariableDeclarator') addPattern(node['id']);
    else if (node.type.startsWith('Function') || node.type === 'ArrowFunctionExpression') {
      if (isNode(node['id'])) names.add(node['id']['name'] as string);
      addPattern(node['params']);
    } else if (node.type === 'ClassDeclaration' && isNode(node['id']))
      names.add(node['id']['name'] as string);
    else if (node.type === 'CatchClause') addPattern(node['param']);
  }
  return names;
}

/**
 * Replaces each `t('key')` call in `code` (whose parsed `program` is given) by the table's
 * string as a JavaScript string literal, and drops the imports of `t` once no call is left.
 */
export function inlineCalls(
  code: string,
  program: Node,
  imports: readonly TImport[],
  table: Record<string, string>,
): InlineResult {
  const result: InlineResult = { code, inlined: 0, computed: [], unknown: [] };
  const locals = new Set(imports.flatMap((found) => found.locals));
  if (locals.size === 0) return result;
  const shadowed = declaredNames(program);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const node of nodes(program)) {
    if (node.type !== 'CallExpression') continue;
    const callee = node['callee'];
    if (!isNode(callee) || callee.type !== 'Identifier' || !locals.has(callee['name'] as string)) continue;
    const args = node['arguments'] as Node[];
    const [first] = args;
    if (
      args.length !== 1 ||
      first?.type !== 'Literal' ||
      typeof first['value'] !== 'string' ||
      shadowed.has(callee['name'] as string)
    ) {
      result.computed.push({ start: node.start, end: node.end });
      continue;
    }
    const key = first['value'];
    const text = Object.hasOwn(table, key) ? table[key] : undefined;
    if (text === undefined) {
      result.unknown.push(key);
      continue;
    }
    edits.push({ start: node.start, end: node.end, text: JSON.stringify(text) });
  }
  if (result.computed.length > 0 || result.unknown.length > 0) return result;
  // With no call left, the module no longer needs the table: without the import, the bundler
  // never loads it for this module (inline page scripts bundle every import they keep).
  for (const { declaration } of imports) {
    const source = (declaration['source'] as Node)['value'] as string;
    edits.push({ start: declaration.start, end: declaration.end, text: withoutT(declaration, source) });
  }
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { ...result, code: out, inlined: edits.length - imports.length };
}

/** An import of `t`: the names it binds `t` to, and the declaration to rewrite once they go unused. */
export interface TImport {
  declaration: Node;
  locals: string[];
}

/** The declarations by which `program` imports `t` from a module `isI18n` accepts. */
export async function importsOfT(
  program: Node,
  isI18n: (source: string) => Promise<boolean>,
): Promise<TImport[]> {
  const found: TImport[] = [];
  for (const statement of program['body'] as Node[]) {
    if (statement.type !== 'ImportDeclaration' || statement['importKind'] === 'type') continue;
    const locals = (statement['specifiers'] as Node[])
      .filter((specifier) => specifier.type === 'ImportSpecifier' && importedName(specifier) === 't')
      .map((specifier) => (specifier['local'] as Node)['name'] as string);
    if (locals.length > 0 && (await isI18n((statement['source'] as Node)['value'] as string))) {
      found.push({ declaration: statement, locals });
    }
  }
  return found;
}

function importedName(specifier: Node): string {
  const imported = specifier['imported'] as Node;
  return (imported['name'] ?? imported['value']) as string;
}

/** The import declaration without its `t` specifiers, or nothing when it imported only `t`. */
export function withoutT(declaration: Node, source: string): string {
  const kept = (declaration['specifiers'] as Node[]).flatMap((specifier) => {
    const local = (specifier['local'] as Node)['name'] as string;
    if (specifier.type === 'ImportDefaultSpecifier') return [{ text: local, named: false }];
    if (specifier.type === 'ImportNamespaceSpecifier') return [{ text: `* as ${local}`, named: false }];
    const imported = importedName(specifier);
    if (imported === 't') return [];
    const name = (specifier['imported'] as Node).type === 'Identifier' ? imported : JSON.stringify(imported);
    return [{ text: imported === local ? local : `${name} as ${local}`, named: true }];
  });
  if (kept.length === 0) return '';
  const plain = kept.filter((part) => !part.named).map((part) => part.text);
  const named = kept.filter((part) => part.named).map((part) => part.text);
  const clause = [...plain, ...(named.length > 0 ? [`{ ${named.join(', ')} }`] : [])].join(', ');
  return `import ${clause} from ${JSON.stringify(source)};`;
}

const withoutQuery = (id: string) => id.replace(/\?.*$/, '');

/** Line and column of an offset, for the build's error message. */
function position(code: string, offset: number): string {
  const before = code.slice(0, offset).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

/**
 * The plugin, for the client build only. `i18nModule` is the absolute path of the module that
 * exports `t`; `tableFile` the JSON it reads.
 */
export function inlineUiCopy(i18nModule: string, tableFile: string): Plugin {
  let table: Record<string, string> = {};
  return {
    name: 'insighthire:inline-ui-copy',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    buildStart() {
      this.addWatchFile(tableFile);
      table = JSON.parse(readFileSync(tableFile, 'utf8')) as Record<string, string>;
    },
    async transform(code, id) {
      const file = withoutQuery(id);
      if (
        id.startsWith('\0') ||
        file.includes('/node_modules/') ||
        file === withoutQuery(i18nModule) ||
        !/\bt\b/.test(code)
      ) {
        return null;
      }
      if (!/\.(m?[jt]sx?|astro)$/.test(file)) return null;
      const program = this.parse(code) as unknown as Node;
      const imports = await importsOfT(program, async (source) => {
        const resolved = await this.resolve(source, id);
        return !!resolved && withoutQuery(resolved.id) === i18nModule;
      });
      if (imports.length === 0) return null;
      const result = inlineCalls(code, program, imports, table);
      if (result.unknown.length > 0)
        this.error(`${file}: ko.json has no ${result.unknown.map((key) => `'${key}'`).join(', ')}`);
      if (result.computed.length > 0) {
        const where = result.computed.map((call) => position(code, call.start)).join(', ');
        this.error(
          `${file} (${where}): t() in browser code takes one string literal (and no other binding may be named like it), so the build can put the string in its place; ` +
            'a computed key would ship all of ko.json to the browser.',
        );
      }
      // No source maps: the build writes none, and `astro dev` does not run this plugin.
      return { code: result.code, map: null };
    },
  };
}
