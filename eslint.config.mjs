// Lint: typescript-eslint's recommended rules (syntax only, not type-aware: tsc already checks types,
// and a second type-checking pass would double the time of `npm run lint`) and the layer boundaries
// of docs/architecture.md as import restrictions, so a wrong import fails CI instead of a review.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Node modules that reach the machine: files, processes, the network. The checker is pure. */
const MACHINE_MODULES = [
  'fs',
  'node:fs',
  'fs/promises',
  'node:fs/promises',
  'child_process',
  'node:child_process',
  'net',
  'node:net',
  'http',
  'node:http',
  'https',
  'node:https',
  'http2',
  'node:http2',
];

const CHECKER_IS_PURE =
  'The checker is pure (text in, findings out): no LSP, CLI, host, VS Code, file system, process or network modules.';

const NODE_ONLY_IN_RUNTIME =
  "The language server also runs in a browser: Node modules are the runtime's (lsp/nodeRuntime.ts, see lsp/runtime.ts).";

/** A pattern for a relative import of a folder or entry module reached by going up (`../x`, `../../x/y`). */
function upTo(names) {
  return `^(\\.\\./)+(${names.join('|')})(/|\\.ts$|$)`;
}

export default tseslint.config(
  { ignores: ['dist/', 'out/', 'node_modules/', '.cache/', 'artifacts/', 'bench/.data/', 'build/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused names are tsc's job (noUnusedLocals, noUnusedParameters): one report per mistake, and
      // tsc already accepts the `_`-prefixed and rest-sibling names used to leave a member out.
      '@typescript-eslint/no-unused-vars': 'off',
      // `import fs = require('node:fs')` is kept where a test patches a built-in module: it needs the
      // module object every other module gets, not an import-star copy. Other requires stay errors.
      '@typescript-eslint/no-require-imports': ['error', { allow: ['^node:'] }],
      // The checker matches control characters on purpose (YAML and JSON escapes them in scalars).
      'no-control-regex': 'off',
      // Patterns here match printed documents, where a run of spaces is the indentation being tested.
      'no-regex-spaces': 'off',
    },
  },
  {
    files: ['test/**'],
    // Tests write out-of-range literals on purpose: 1e400 is how a JSON document spells Infinity.
    rules: { 'no-loss-of-precision': 'off' },
  },
  {
    files: ['test-e2e/**/*.ts'],
    // The e2e driver hands functions to the browser page (see test-e2e/tsconfig.json).
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['server/src/checker/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...MACHINE_MODULES.map((name) => ({ name, message: CHECKER_IS_PURE })),
            { name: 'vscode', message: CHECKER_IS_PURE },
          ],
          patterns: [
            { group: ['vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageserver-*'], message: CHECKER_IS_PURE },
            { regex: upTo(['lsp', 'cli', 'host', 'server']), message: CHECKER_IS_PURE },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/lsp/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: upTo(['cli']), message: 'The language server and the CLI share only the host layer and the checker.' },
          ],
        },
      ],
    },
  },
  {
    // The server runs in Node and in a browser's web worker (docs/architecture.md, Two runtimes): what
    // differs comes from the entry's runtime, so only Node's runtime and the Node entry's helpers
    // import Node modules; the scripts/build.mjs check catches what reaches the browser bundle anyway.
    files: ['server/src/lsp/**'],
    ignores: ['server/src/lsp/nodeRuntime.ts', 'server/src/lsp/heapGrowth.ts', 'server/src/lsp/messageFraming.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: upTo(['cli']), message: 'The language server and the CLI share only the host layer and the checker.' },
            {
              regex: '^(node:|(fs|path|os|url|worker_threads|v8|vm|crypto|buffer|child_process|net)$)',
              message: NODE_ONLY_IN_RUNTIME,
            },
            {
              group: ['vscode-languageserver/node', 'vscode-languageserver-protocol/node', 'vscode-jsonrpc/node'],
              message: NODE_ONLY_IN_RUNTIME,
            },
            {
              regex: '^\\.\\./host$',
              message: `${NODE_ONLY_IN_RUNTIME} (import the host module you need: its index reaches the disk)`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: upTo(['lsp', 'server']),
              message: 'The CLI and the language server share only the host layer and the checker.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+server(/|$)',
              message: 'The client starts the server as a process; it shares only shared/src/ with it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'shared/ is loaded by the server and the CLI too, where there is no vscode.' }],
          patterns: [
            {
              regex: '^(\\.\\./)+(server|client)(/|$)',
              message: 'shared/ is what the client, the server and the CLI agree on; it depends on none of them.',
            },
          ],
        },
      ],
    },
  },
);
