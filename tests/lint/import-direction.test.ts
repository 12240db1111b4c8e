/**
 * The import direction of eslint.config.js (`importDirection`): shared code, build integrations
 * and scripts never import a feature, and one feature never imports another. Each case lints one
 * line as if it were written in the given file, so a config change that stops catching it fails here.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.js' });

/** The rules that fired for `code` written in `filePath` (relative to the repository). */
async function ruleIds(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

const DIRECTION = ['no-restricted-imports', 'no-restricted-syntax'];
const broken = (ids: (string | null)[]) => ids.filter((id) => id !== null && DIRECTION.includes(id));

describe('import direction', () => {
  it.each([
    ['src/lib/routes-example.ts', "export { listKinds } from '../features/lists/list-kinds.ts';\n"],
    [
      'src/components/ui/Example.astro',
      "---\nimport ListPage from '../../features/lists/ListPage.astro';\n---\n<ListPage />\n",
    ],
    [
      'src/integrations/page-scripts/example.ts',
      "import type { ListKind } from '../../features/lists/list-kinds.ts';\nexport type K = ListKind;\n",
    ],
    [
      'src/layouts/Example.astro',
      "<script>\n  import '../features/detail/detail-page.client.ts';\n</script>\n",
    ],
    [
      'scripts/publish/rebuild/example.ts',
      "export const load = () => import('../../../src/features/lists/list-kinds.ts');\n",
    ],
    ['src/features/detail/example.ts', "export { listKinds } from '../lists/list-kinds.ts';\n"],
    ['src/features/detail/Example.astro', "<script>\n  import '../lists/list.store.ts';\n</script>\n"],
    [
      'src/features/detail/parts/example.ts',
      "export const load = () => import('../../lists/list.store.ts');\n",
    ],
  ])('%s may not import a feature', async (filePath, code) => {
    expect(broken(await ruleIds(filePath, code))).toHaveLength(1);
  });

  it.each([
    [
      'src/data/example.ts',
      "import type { ShareCard } from '../lib/og/share-cards.ts';\nexport type S = ShareCard;\n",
    ],
    ['src/data/example.ts', "export { site } from '../config/site.ts';\n"],
  ])('%s (the data floor) may not import a layer above it', async (filePath, code) => {
    expect(broken(await ruleIds(filePath, code))).toHaveLength(1);
  });

  it.each([
    [
      'src/pages/example.astro',
      "---\nimport ListPage from '../features/lists/ListPage.astro';\n---\n<ListPage />\n",
    ],
    [
      'src/features/detail/example.ts',
      "export { detailKinds } from './detail-route.ts';\nexport { defaultQuery } from '../../lib/list-query.ts';\n",
    ],
    ['src/features/detail/Example.astro', "<script>\n  import '../../lib/list-query.ts';\n</script>\n"],
    ['src/features/detail/parts/example.ts', "export { detailKinds } from '../detail-route.ts';\n"],
    ['src/lib/example.ts', "export { defaultQuery } from './list-query.ts';\n"],
    [
      'src/data/example.ts',
      "export { products } from './products.ts';\nexport { t } from '../i18n/index.ts';\n",
    ],
  ])('%s imports along the direction', async (filePath, code) => {
    expect(broken(await ruleIds(filePath, code))).toEqual([]);
  });
});
