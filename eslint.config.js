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

/**
 * The code that runs in the browser is src/browser (the boot loader, the islands and what they import), with the
 * site's copy in src/content and the pure modules both sides share in src/shared (the page–script contract, text
 * rules): none imports any other part of src (the server, its pages, routes and components), types included. The
 * server may import all three.
 */
const browserCode = ['./src/browser', './src/content', './src/shared'];
const serverOnlyCode = ['./src/server', './src/pages', './src/app', './src/components', './src/entry-server.tsx'];
/** src/lib is the server's too, but for the newsletter's names and types, which both halves of the sign-up share. */
const sharedLibModules = ['./newsletter.ts'];
const serverOnlyPackages = [
  { name: 'react-router-dom', message: 'The router renders pages on the server; the browser loads each page whole.' },
  {
    name: 'react',
    importNames: ['useId'],
    message:
      "An island is a root of its own in the browser, while the server numbers useId's ids across the whole page: " +
      'they would not match. Give the element an id from its props instead.',
  },
];

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
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    // The browser's code, and the tests and tools whose callbacks run in a page (Playwright's evaluate).
    files: ['src/browser/**/*.{ts,tsx}', 'e2e/**/*.ts', 'scripts/**/*.ts', 'test-support/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
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
    // The site and the operators' commands import only dependencies, so `npm audit --omit=dev` covers all they run;
    // a devDependency is for building and testing.
    files: [
      'src/**/*.{ts,tsx}',
      'server.ts',
      'scripts/{content,enquiries,subscribers,check-launch,build-if-stale}.ts',
      'scripts/lib/*-cli.ts',
    ],
    plugins: { 'import-x': importX },
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-d.{ts,tsx}'],
    rules: { 'import-x/no-extraneous-dependencies': ['error', { devDependencies: false }] },
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
              from: serverOnlyCode,
              message:
                'Browser code imports only src/browser, src/content and src/shared: a module both use goes in ' +
                'src/shared (pure code) or src/content (the copy).',
            },
            {
              target: browserCode,
              from: './src/lib',
              except: sharedLibModules,
              message:
                'Browser code imports only src/browser, src/content and the shared modules of src/lib (' +
                sharedLibModules.join(', ') +
                ').',
            },
          ],
        },
      ],
    },
  },
  {
    // Pages, routes, the App and Document run only on the server: the page's globals are src/browser's alone.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/browser/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'IntersectionObserver'].map(
          (name) => ({
            name,
            message: 'Code outside src/browser runs on the server only: the browser’s is in src/browser.',
          }),
        ),
      ],
    },
  },
  {
    files: ['src/browser/**/*.{ts,tsx}', 'src/content/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: lucideOnlyByItsEntryPoint, paths: serverOnlyPackages }],
    },
  },
);
