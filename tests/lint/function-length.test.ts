/**
 * The function-length rule of eslint.config.js: a function of the site or its scripts over 60
 * lines (blank lines and comments not counted) is an error, a test's list of cases is not.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.js' });

/** A function of `lines` statements, each on a line of its own, with a comment between each. */
function functionOf(lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => `  // step ${i}\n  total += ${i};`).join('\n');
  return `export function example(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

async function tooLong(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).some((message) => message.ruleId === 'max-lines-per-function');
}

describe('function length', () => {
  it('refuses a function over 60 lines in src/ and scripts/, counting code lines only', async () => {
    expect(await tooLong('src/lib/example.ts', functionOf(60))).toBe(true);
    expect(await tooLong('scripts/publish/example.ts', functionOf(60))).toBe(true);
    // 56 steps, the opening and closing lines, `let` and `return`: 60 lines of code.
    expect(await tooLong('src/lib/example.ts', functionOf(56))).toBe(false);
  });

  it('leaves tests alone', async () => {
    expect(await tooLong('src/lib/example.test.ts', functionOf(80))).toBe(false);
  });
});
