// ESLint flat config: typescript-eslint recommended over sources, tests and scripts, and the layers' import rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noVscode = { group: ['vscode'], message: 'Only src/extension may import vscode: this layer runs without the editor.' };
const noExtension = { group: ['**/extension', '**/extension/**'], message: 'Only src/extension depends on src/extension.' };

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'media/dist/**', 'node_modules/**', '.vscode-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly',
        __dirname: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly',
        setInterval: 'readonly', clearInterval: 'readonly', URL: 'readonly', fetch: 'readonly',
        AbortController: 'readonly', window: 'readonly', document: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The layers (docs/architecture.md): the core, the service client, the local service, the webviews and the MCP
  // server run without the editor; the core depends on none of the others.
  {
    files: ['src/client/**/*.ts', 'src/service/**/*.ts', 'src/webview/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noVscode, noExtension] }] },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noVscode,
            noExtension,
            { group: ['**/client', '**/client/**', '**/service', '**/service/**'], message: 'src/core depends on no other layer: move what it needs into src/core (the client re-exports it).' },
          ],
        },
      ],
    },
  },
  // The MCP server (src/mcp) is a program of its own, like the local service: it reads the environment through the
  // core and the service client the extension uses, and nothing of the editor, the local service or the webviews.
  {
    files: ['src/mcp/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noVscode,
            noExtension,
            { group: ['**/service', '**/service/**', '**/webview', '**/webview/**'], message: 'src/mcp may import src/core and src/client only: it meets the local service over HTTP, as the extension does.' },
          ],
        },
      ],
    },
  },
  // One failure policy (docs/architecture.md): every command is registered through registerCommand of
  // src/extension/commands.ts.
  {
    files: ['src/extension/**/*.ts'],
    ignores: ['src/extension/commands.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.property.name='commands'][property.name=/^register(TextEditor)?Command$/]",
          message: 'Register a command with registerCommand from src/extension/commands.ts: the one failure policy of commands.',
        },
      ],
    },
  },
  // One environment value (docs/architecture.md, Sign-in): features read the session (src/extension/session.ts), not
  // its parts — the service client provider, the code tables, the authentication provider, the environments.
  {
    files: ['src/extension/**/*.ts'],
    ignores: ['src/extension/extension.ts', 'src/extension/session.ts', 'src/extension/serviceClient.ts', 'src/extension/codes/**', 'src/extension/auth/**', 'src/extension/environments/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./serviceClient', '../serviceClient', './codes', '../codes', './auth', './auth/**', '../auth', '../auth/**', './environments', '../environments'],
              message: 'Read the environment, the sign-in, the service client and the code table from the session (src/extension/session.ts) in deps.',
            },
          ],
        },
      ],
    },
  },
  // A lazy bundle is required where it is loaded on first use, and nowhere else (core/lazy.ts).
  {
    files: ['src/extension/bundles.ts', 'src/core/schemas/index.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.js', 'esbuild.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
