// Flat config: typescript-eslint's recommended rules, typed rules that catch forgotten promises,
// and the layering rule of docs/design.md (pure logic never imports vscode).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'media/dist/**', 'node_modules/**', 'test-results/**', '.vscode-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      // A body on its own line gets braces (a one-line `if (x) return;` may stay as it is).
      curly: ['error', 'multi-line'],
    },
  },
  {
    // Typed rules: a promise nobody awaits or handles loses its error (and, in a command, the
    // user's notification); a promise where a void callback is expected runs unsupervised.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Pure logic must never depend on the editor: it is unit-tested in plain Node.
    files: [
      'src/api/**/*.ts',
      'src/actions/**/*.ts',
      'src/model/**/*.ts',
      'src/sites/**/*.ts',
      'src/webviews/render/**/*.ts',
      'service/**/*.ts',
      'src/gate/**/*.ts',
      'cli/**/*.ts',
      'src/sources/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'Pure logic must not import vscode (docs/ARCHITECTURE.md).' }] },
      ],
    },
  },
  ...['commands', 'views', 'webviews', 'documentUrls', 'adapters'].map((folder) => ({
    // Adapters do not import each other: what several of them need lives in src/adapters (which
    // imports no adapter). Types may cross (a command names the tree's node type).
    files: [`src/${folder}/**/*.ts`],
    ignores: ['src/webviews/render/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: ['commands', 'views', 'webviews', 'documentUrls']
            .filter((other) => other !== folder)
            .map((other) => ({
              group: [`../${other}/*`, `../../${other}/*`],
              allowTypeImports: true,
              message: `An adapter must not import another adapter (${other}); shared helpers go in src/adapters (docs/ARCHITECTURE.md).`,
            })),
        },
      ],
    },
  })),
  {
    // Plain CommonJS build and test scripts.
    files: ['**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['media/**/*.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', acquireVsCodeApi: 'readonly' } },
  },
);
