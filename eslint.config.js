// ESLint flat config, the way Astro's own codebases (Starlight, AstroWind) set it up:
// TypeScript everywhere, Astro components, React hooks and accessibility in the islands.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Which way imports point. Pages put features on screen; a feature (`src/features/<name>/`) builds
 * on the shared layers (lib, components, layouts, stores, config, i18n, data) and never on another
 * feature; the shared layers, the build integrations and the scripts never reach into a feature.
 * A piece two features need moves down: logic into src/lib, UI into src/components.
 *
 * `no-restricted-imports` reads a path as written, and every import here is relative, so "another
 * feature" is a path that climbs out of the importing file's feature folder and stops at a sibling
 * (`../lists/…` from a file directly in `src/features/detail/`). Dynamic `import()` is matched by
 * `no-restricted-syntax`. The guard has a test: tests/lint/import-direction.test.ts.
 */
function importDirection() {
  const intoFeature = {
    regex: String.raw`(^|/)features/`,
    message:
      'src/features/ 밖의 코드(lib, components, integrations, scripts…)는 기능 폴더를 가져오지 않습니다. 함께 쓰는 부분을 src/lib 또는 src/components로 옮기세요.',
  };
  const intoSharedLayer = {
    regex: String.raw`(^|/)(lib|components|layouts|stores|config|integrations)/`,
    message:
      'src/data는 맨 아래층입니다: data와 i18n만 가져옵니다. 데이터에서 만드는 값은 쓰는 곳에서 만드세요.',
  };
  /** A feature file `depth` folders below `src/features/<name>/`… reaching another feature. */
  const intoSiblingFeature = (depth) => ({
    regex: String.raw`^(\.\./){${depth}}(?!\.\./)`,
    message:
      '한 기능은 다른 기능을 가져오지 않습니다. 함께 쓰는 부분을 src/lib 또는 src/components로 옮기세요.',
  });
  /**
   * One import style: a relative import names its file with the extension (`./paging.ts`,
   * `../../i18n/index.ts`), as Node's own resolution of the scripts needs it; a file that has no
   * extension (`_headers`) stands as it is.
   */
  const withExtension = {
    // The last segment must end in an extension a file of the site has: `../playwright.config`
    // has a dot but no extension, and `.` or `..` alone name a folder.
    regex: String.raw`^\.{1,2}(?:/(?:[^?]*/)?(?![._])[^/?]*)?(?<!\.(?:ts|tsx|mts|js|mjs|jsx|astro|json|scss|css|svg|png|webp|jpg|avif|woff2|txt|md))(?:\?.*)?$`,
    message: '상대 경로 import는 파일 이름을 확장자까지 씁니다 (./paging.ts, ../../i18n/index.ts).',
  };
  /** The same patterns for `import()`; `/` is written `\x2F` inside the selector's regular expression. */
  const restrict = (...patterns) => ({
    'no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': [
      'error',
      ...patterns.map(({ regex, message }) => ({
        selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', String.raw`\x2F`)}/]`,
        message,
      })),
    ],
  });
  // Deepest first: a later block wins, and a `<script>` in `Page.astro` is linted as `Page.astro/0_0.ts`,
  // one folder deeper than the component itself.
  const featureBlocks = [3, 2, 1].map((depth) => {
    const folders = 'src/features/*' + '/*'.repeat(depth - 1);
    return {
      files: [`${folders}/*`, `${folders}/*.astro/*`],
      rules: restrict(intoFeature, intoSiblingFeature(depth), withExtension),
    };
  });
  return [
    {
      files: ['src/pages/**', 'tests/**', '*.{js,mjs,ts}'],
      rules: restrict(withExtension),
    },
    {
      files: ['src/**', 'scripts/**'],
      ignores: ['src/pages/**', 'src/features/**'],
      rules: restrict(intoFeature, withExtension),
    },
    {
      // The ground floor: the site's own copy and structure import only each other and the UI
      // strings; what is derived from them is built where it is used.
      files: ['src/data/**'],
      rules: restrict(intoFeature, intoSharedLayer, withExtension),
    },
    ...featureBlocks,
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.cache/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'out/',
      '.wrangler/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-recommended'],
  {
    // The islands; `.astro` files get the same rules through eslint-plugin-astro above, which
    // registers the `jsx-a11y` plugin once for all files.
    files: ['**/*.tsx'],
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_`-prefixed arguments and caught errors say "deliberately unused".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Stripping control characters from untrusted content is the point of several patterns.
      'no-control-regex': 'off',
      // TypeScript checks names (and knows Astro's ambient types such as ImageMetadata).
      'no-undef': 'off',
    },
  },
  ...importDirection(),
  {
    // A function longer than a screen gets named parts; one that is a table (an option parser, a
    // config template) says so in its disable comment. Tests are lists of cases: not counted.
    files: ['src/**/*.{ts,tsx,astro}', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Playwright's fixtures take `({}, testInfo)` when they use no fixture.
    files: ['tests/**/*.ts', 'playwright.config.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
