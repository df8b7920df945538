import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const iconsMessage =
  "Icons come from the lucide package's entry point (import { Calendar } from 'lucide'), drawn by LucideIcon: " +
  "never lucide-react, lucide's own files or __iconData. Why: docs/decisions/icons.md";

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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: lucideOnlyByItsEntryPoint }],
      // The same for import(): a slash in the selector's regular expression is written \u002F.
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/^lucide(-react|\\u002F)/]', message: iconsMessage },
      ],
    },
  },
);
