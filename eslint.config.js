import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const iconsMessage =
  "Icons come from the lucide package's entry point (import { Calendar } from 'lucide'), drawn by LucideIcon: " +
  "never lucide-react, lucide's own files or __iconData. Why: docs/decisions/icons.md";

/** The code that runs in the browser: it may use shared modules, never the server's (types included). */
const browserCode = [
  './src/app',
  './src/components',
  './src/pages',
  './src/lib',
  './src/content',
  './src/boot-loader.ts',
  './src/islands',
];
const serverCode = ['./src/server', './src/entry-server.tsx'];

const lucideOnlyByItsEntryPoint = [
  { group: ['lucide-react', 'lucide-react/*', 'lucide/*'], message: iconsMessage },
  { regex: '.', importNames: ['__iconData'], message: iconsMessage },
];

export default tseslint.config(
  { ignores: ['dist', '.dist-*', 'node_modules', 'test-results', 'playwright-report', '.tmp', 'bench-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern, empty included.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Circles of imports, dynamic ones included; a type-only import is erased from the output, and the rule
      // skips it.
      'import-x/no-cycle': 'error',
      'no-restricted-imports': ['error', { patterns: lucideOnlyByItsEntryPoint }],
      // The same for import(): a slash in the selector's regular expression is written \u002F.
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/^lucide(-react|\\u002F)/]', message: iconsMessage },
      ],
    },
  },
  {
    // Tests beside browser code may check it against the server's.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: browserCode,
              from: serverCode,
              message: 'Browser code imports no server module: a type both use goes in a module outside src/server.',
            },
          ],
        },
      ],
    },
  },
);
