// Flat config: typescript-eslint's recommended rules, typed rules that catch forgotten promises,
// the layering rules of docs/ARCHITECTURE.md and the size of a file.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The extension's feature folders (docs/ARCHITECTURE.md); extension/shared/ holds what several use. */
const FEATURES = [
  'account',
  'reports',
  'history',
  'siteScans',
  'documentUrls',
  'workspaceUrls',
  'pageSources',
  'localChecks',
  'support',
  'quickFixes',
  'agentTools',
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'media/dist/**', 'action/dist/**', 'node_modules/**', 'test-results/**', '.vscode-test/**'] },
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
    // Files of one job each: a file past 300 lines holds two (split it by what each part does).
    files: ['core/**/*.ts', 'extension/**/*.ts', 'cli/**/*.ts', 'service/**/*.ts', 'scripts/**/*.ts', 'media/src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  // The layers (docs/ARCHITECTURE.md): core/ imports only core/; the command line and the service
  // import core/ and themselves; only extension/ imports vscode. No import cycles, and core/text a
  // leaf: test/unit/package/importCycles.test.ts reads the whole graph (no import plugin is a
  // dependency, and a rule sees one file at a time).
  ...[
    ['core', ['extension', 'cli', 'service', 'scripts', 'test', 'media']],
    ['cli', ['extension', 'service', 'scripts', 'test', 'media']],
    ['service', ['extension', 'cli', 'scripts', 'test', 'media']],
  ].map(([folder, outside]) => ({
    files: [`${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: `${folder}/ never imports vscode: only extension/ does (docs/ARCHITECTURE.md).` }],
          patterns: [
            {
              regex: `^(\\.\\./)+(${outside.join('|')})(/|$)`,
              message: `${folder}/ imports only ${folder === 'core' ? 'core/' : `core/ and ${folder}/`} (docs/ARCHITECTURE.md).`,
            },
          ],
        },
      ],
    },
  })),
  {
    // In a folder of cli/ (cli/mcp/, cli/local/), `../service` is cli/service.ts: the layer's edge is one level further up.
    files: ['cli/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'cli/ never imports vscode: only extension/ does (docs/ARCHITECTURE.md).' }],
          patterns: [
            {
              regex: '^\\.\\./(\\.\\./)+(extension|service|scripts|test|media)(/|$)',
              message: 'cli/ imports only core/ and cli/ (docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Settings are read in one place, so a setting's default and meaning are written once.
    files: ['extension/**/*.ts'],
    ignores: ['extension/shared/settings.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='getConfiguration']",
          message: 'Read and write settings in extension/shared/settings.ts only.',
        },
      ],
    },
  },
  // One folder per feature: a feature imports core/, extension/shared/ and extension/ids.ts, never
  // another feature (what several need lives in extension/shared/, which imports no feature; the
  // composition root hands one feature's objects to another). Types may cross: a feature names
  // another's type it is handed (the workspace view takes the document URLs' lookup service).
  ...['shared', ...FEATURES].map((folder) => ({
    files: [`extension/${folder}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: FEATURES.filter((other) => other !== folder).map((other) => ({
            group: [`../${other}/*`, `../../${other}/*`],
            allowTypeImports: true,
            message: `A feature must not import another feature (${other}); what several use goes in extension/shared, objects are handed over by extension/extension.ts (docs/ARCHITECTURE.md).`,
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
