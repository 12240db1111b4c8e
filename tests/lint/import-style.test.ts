/**
 * One import style (eslint.config.js, `withExtension`): a relative import names its file with the
 * extension, everywhere (shared code, features, pages, tests), statically or with `import()`.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.js' });

/** The import-style messages for `code` written in `filePath` (relative to the repository). */
async function styleMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.message).filter((text) => text.includes('확장자'));
}

describe('import style', () => {
  it.each([
    ['src/lib/example.ts', "export { MAX_PAGE } from './list-query';\n"],
    ['src/lib/example.ts', "export { t } from '../i18n';\n"],
    ['src/features/lists/example.ts', "export { listKinds } from './list-kinds';\n"],
    ['src/features/lists/first-tap/example.ts', "export { listKinds } from '../list-kinds';\n"],
    [
      'src/pages/example.astro',
      "---\nimport ListPage from '../features/lists/ListPage';\n---\n<ListPage />\n",
    ],
    ['tests/e2e/example.spec.ts', "export { test } from './fixtures';\n"],
    ['tests/e2e/support/example.ts', "export { TEST_API_PORT } from '../../../playwright.config';\n"],
    ['src/lib/og/example.ts', "export { t } from '..';\n"],
    ['src/lib/example.ts', "export { t } from '.';\n"],
    ['src/lib/example.ts', "export const load = () => import('..');\n"],
    ['src/lib/example.ts', "export const load = () => import('./paging');\n"],
    ['src/lib/example.ts', "import svg from './picture?raw';\nexport default svg;\n"],
  ])('%s: %j is refused', async (file, code) => {
    expect(await styleMessages(file, code)).toHaveLength(1);
  });

  it.each([
    ['src/lib/example.ts', "export { MAX_PAGE } from './list-query.ts';\n"],
    ['src/lib/example.ts', "export { t } from '../i18n/index.ts';\n"],
    ['src/lib/example.ts', "import svg from '../../public/favicon.svg?raw';\nexport default svg;\n"],
    ['src/lib/example.ts', "export const load = () => import('./paging.ts');\n"],
    [
      'scripts/cloudflare/example.ts',
      "import headers from '../../public/_headers';\nexport default headers;\n",
    ],
    ['src/lib/example.ts', "import { z } from 'astro/zod';\nexport const s = z.string();\n"],
  ])('%s: %j is allowed', async (file, code) => {
    expect(await styleMessages(file, code)).toEqual([]);
  });
});
