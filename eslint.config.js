// ESLint flat config, the way Astro's own codebases (Starlight, AstroWind) set it up:
// TypeScript everywhere, Astro components, React hooks and accessibility in the islands.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', '.cache/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'out/', '.wrangler/'],
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Stripping control characters from untrusted content is the point of several patterns.
      'no-control-regex': 'off',
      // TypeScript checks names (and knows Astro's ambient types such as ImageMetadata).
      'no-undef': 'off',
    },
  },
  {
    // Playwright's fixtures take `({}, testInfo)` when they use no fixture.
    files: ['tests/**/*.ts', 'playwright.config.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
