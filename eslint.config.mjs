// Lint: typescript-eslint's recommended rules and React's hook rules for the TypeScript and TSX of the
// site, the server, the scripts and the tests. The build output and Astro's generated types are not
// linted; other JavaScript (.mjs) is parsed only. Dependencies point one way (pages -> components ->
// content -> lib): a module of src/lib that imports from anywhere above it fails.
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
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
  // src/lib is the bottom layer: it imports only itself and packages, never src/content, src/components,
  // src/pages, src/layouts or any other folder of src (nor the server, scripts or tests). The imports are
  // resolved as TypeScript does (the `@/` alias of tsconfig.json, relative paths, `import()`), so no
  // spelling gets around it. What lib needs of the site's facts lives in src/lib/config.
  {
    files: ['src/lib/**/*.ts', 'src/lib/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ tsconfig: { configFile: path.join(import.meta.dirname, 'tsconfig.json') }, extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/lib',
              from: './src',
              except: ['./lib'],
              message: 'src/lib imports nothing above it (docs/architecture.md, "Where things live"): move the fact into src/lib/config, or pass it in from the caller.',
            },
            {
              target: './src/lib',
              from: ['./server', './scripts', './tests'],
              message: 'src/lib imports nothing above it (docs/architecture.md, "Where things live").',
            },
          ],
        },
      ],
      // An inline `import('…').Type` escapes the rule above (it checks import and export declarations and
      // import() calls): in lib a type of the project is imported with `import type`.
      'no-restricted-syntax': [
        'error',
        { selector: 'TSImportType > Literal.source[value=/^(@\\/|\\.)/]', message: "Import the type with `import type { … } from '…'`, where the boundary rule of src/lib can check it." },
      ],
    },
  },
);
