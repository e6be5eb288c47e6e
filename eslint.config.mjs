// Lint: typescript-eslint's recommended rules and React's hook rules for the TypeScript and TSX of the
// site, the server, the scripts and the tests. The build output and Astro's generated types are not
// linted; other JavaScript (.mjs) is parsed only.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', '.astro/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommended],
    rules: {
      // A leading underscore marks a parameter or variable that is unused on purpose.
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  // React's rules where React code lives: the components (and their hooks) and any TSX. Elsewhere a
  // `use...` function is not a hook (the server's `useDatabase`).
  {
    files: ['src/components/**/*.ts', '**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
