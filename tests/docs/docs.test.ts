/**
 * The README and docs/ describe the repository as it is: every path and code name they name exists, the
 * README's project tree lists every folder of src/, scripts/ and tests/ (and nothing that is
 * gone), and they read as documentation of the product, not as a diary of the work on it. The
 * README and the longest docs stay within a line budget: a newcomer reads them in ten minutes.
 *
 * When a folder moves, this test names the lines to change.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The documents checked, relative to the repository root. */
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/**
 * The most lines a document may have. A measurement that is no longer current goes to the History
 * table of docs/performance.md, one line a run; its full tables stay in git history.
 */
const LINE_BUDGETS: Readonly<Record<string, number>> = {
  'README.md': 250,
  'docs/performance.md': 300,
  'docs/architecture.md': 350,
};

/** The folders whose every subfolder belongs in the README's tree. */
const TREE_ROOTS = ['src', 'scripts', 'tests'];

/** Subfolders left out of the tree: content and pictures, not code. */
const NOT_IN_TREE = [/^scripts\/content-api\/data\/./];

const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** `[line number, line]` of a document, for messages that say where to look. */
function lines(file: string): [number, string][] {
  return read(file)
    .split('\n')
    .map((line, index) => [index + 1, line]);
}

/** Paths written in backticks that claim to be files or folders of this repository. */
const REPOSITORY_PATH = /^(src|scripts|tests|docs|public|\.ci|\.github)\//;
/** Top-level files written without a folder. */
const TOP_LEVEL_FILE =
  /^(\.?[\w-]+\.config(\.[\w-]+)?\.[cm]?[jt]s|package(-lock)?\.json|tsconfig\.json|wrangler\.jsonc|\.nvmrc|\.prettierrc\.json|\.prettierignore)$/;
/** A placeholder or a pattern, not a path: `<slug>`, `*.inline.ts`, `….jpg`, `{id}`. */
const NOT_A_PATH = /[<>*…{}\s]|\.\.\./;

function backtickedPaths(file: string): { line: number; path: string }[] {
  const found: { line: number; path: string }[] = [];
  for (const [line, text] of lines(file)) {
    for (const [, token] of text.matchAll(/`([^`]+)`/g)) {
      const path = token!.replace(/[.,:;]$/, '');
      if (NOT_A_PATH.test(path)) continue;
      if (REPOSITORY_PATH.test(path) || TOP_LEVEL_FILE.test(path)) found.push({ line, path });
    }
  }
  return found;
}

/** Relative Markdown link targets (`[text](docs/x.md)`), resolved against the document's folder. */
function linkedPaths(file: string): { line: number; path: string }[] {
  const found: { line: number; path: string }[] = [];
  for (const [line, text] of lines(file)) {
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^([a-z]+:|#|\/)/.test(target!)) continue;
      found.push({ line, path: join(dirname(file), target!.replace(/#.*$/, '')) });
    }
  }
  return found;
}

/**
 * Names of our code in backticks: camelCase (`keepFragmentsInPlace`, `layout()`) or PascalCase
 * with two humps or more (`SearchIndexError`); a call's parentheses and a member's owner
 * (`site.goto`) are allowed. Words, flags, paths and headers (`Last-Modified`) are not names.
 */
const CODE_NAME =
  /^(?:[A-Za-z_$][\w$]*\.)?([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)(?:\(\))?$/;

function backtickedNames(file: string): { line: number; name: string }[] {
  const found: { line: number; name: string }[] = [];
  for (const [line, text] of lines(file)) {
    for (const [, token] of text.matchAll(/`([^`]+)`/g)) {
      const name = CODE_NAME.exec(token!)?.[1];
      if (name) found.push({ line, name });
    }
  }
  return found;
}

/** The text of every source file, where a name the docs mention must appear. */
function sourceText(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !path.startsWith('scripts/content-api/data')) walk(path);
      } else if (/\.(ts|tsx|mts|mjs|astro|scss)$/.test(entry.name)) texts.push(read(path));
    }
  };
  for (const dir of ['src', 'scripts', 'tests']) walk(dir);
  for (const file of readdirSync(root)) if (/\.(ts|mjs|js)$/.test(file)) texts.push(read(file));
  return texts.join('\n');
}

interface TreeEntry {
  line: number;
  /** Relative to the repository root; folders end with `/`. */
  path: string;
}

/**
 * The README's project tree: the first code block after `## Project structure`, one entry a
 * line, two spaces of indent per level, a folder's name ending with `/`, then its description.
 */
function readmeTree(): { entries: TreeEntry[]; problems: string[] } {
  const all = lines('README.md');
  const heading = all.findIndex(([, text]) => /^## Project structure/.test(text));
  if (heading < 0) return { entries: [], problems: ['README.md has no "## Project structure" heading'] };
  const start = all.findIndex(([, text], index) => index > heading && text.startsWith('```'));
  const end = all.findIndex(([, text], index) => index > start && text.startsWith('```'));
  const entries: TreeEntry[] = [];
  const problems: string[] = [];
  const parents: string[] = [];
  for (const [line, text] of all.slice(start + 1, end)) {
    const match = /^( *)(\S+)/.exec(text);
    if (!match) continue;
    const [, indent, name] = match as unknown as [string, string, string];
    const depth = indent.length / 2;
    if (!Number.isInteger(depth) || depth > parents.length) {
      problems.push(`README.md:${line}: "${name}" is not indented two spaces under a folder`);
      continue;
    }
    parents.length = depth;
    const path = parents.join('') + name;
    entries.push({ line, path });
    if (name.endsWith('/')) parents.push(name);
  }
  return { entries, problems };
}

/** Every folder under the tree roots that holds a file somewhere below it, as `a/b/`. */
function repositoryFolders(): string[] {
  const folders: string[] = [];
  const walk = (folder: string): boolean => {
    let hasFile = false;
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (entry.isDirectory()) {
        if (walk(`${folder}/${entry.name}`)) hasFile = true;
      } else hasFile = true;
    }
    if (hasFile) folders.push(`${folder}/`);
    return hasFile;
  };
  for (const folder of TREE_ROOTS) walk(folder);
  return folders.filter((folder) => !NOT_IN_TREE.some((pattern) => pattern.test(folder)));
}

describe('the docs name paths that exist', () => {
  it.each(documents)('%s: every repository path in backticks exists', (file) => {
    const missing = backtickedPaths(file)
      .filter(({ path }) => !existsSync(join(root, path)))
      .map(({ line, path }) => `${file}:${line}: ${path}`);
    expect(missing).toEqual([]);
  });

  it.each(documents)('%s: every code name in backticks is in the code', (file) => {
    const code = sourceText();
    const missing = backtickedNames(file)
      .filter(({ name }) => !new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(code))
      .map(({ line, name }) => `${file}:${line}: ${name}`);
    expect(missing).toEqual([]);
  });

  it.each(documents)('%s: every relative link leads to a file', (file) => {
    const missing = linkedPaths(file)
      .filter(({ path }) => !existsSync(join(root, path)))
      .map(({ line, path }) => `${file}:${line}: ${path}`);
    expect(missing).toEqual([]);
  });
});

describe("the README's project tree", () => {
  it('is well formed, and every entry exists', () => {
    const { entries, problems } = readmeTree();
    expect(entries.length).toBeGreaterThan(0);
    const missing = entries
      .filter(({ path }) => !existsSync(join(root, path)))
      .map(({ line, path }) => `README.md:${line}: ${path}`);
    expect([...problems, ...missing]).toEqual([]);
  });

  it('lists every folder of src/, scripts/ and tests/', () => {
    const listed = new Set(readmeTree().entries.map(({ path }) => path));
    expect(repositoryFolders().filter((folder) => !listed.has(folder))).toEqual([]);
  });
});

describe('the docs describe the product, not the work on it', () => {
  const DIARY = [/\bsessions?\b/i, /세션/, /\bthis stop\b/i, /\bissue #?\d+/i];

  it.each(documents)('%s: no diary words', (file) => {
    const diary = lines(file)
      .filter(([, text]) => DIARY.some((pattern) => pattern.test(text)))
      .map(([line, text]) => `${file}:${line}: ${text.trim()}`);
    expect(diary).toEqual([]);
  });
});

describe('the docs stay short', () => {
  it('each document stays within its line budget', () => {
    const over = Object.entries(LINE_BUDGETS)
      .map(([file, budget]) => ({ file, budget, length: read(file).replace(/\n$/, '').split('\n').length }))
      .filter(({ length, budget }) => length > budget)
      .map(({ file, length, budget }) => `${file} is ${length} lines long; its budget is ${budget}`);
    expect(over).toEqual([]);
  });
});
