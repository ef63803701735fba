// Lint: the dependency direction of CONVENTIONS.md rule 1, written as rules.
import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const webFeatures = fs.existsSync('src/web/features') ? fs.readdirSync('src/web/features') : [];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'drizzle/**',
      '.test-data/**',
      '.test-results/**',
      'data/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/web'],
              message: 'shared imports nothing of ours',
            },
            {
              target: './src/server',
              from: './src/web',
              message: 'the server never imports the web app',
            },
            {
              target: './src/web',
              from: './src/server',
              message: 'the web app never imports the server',
            },
            {
              target: './src/web/components',
              from: './src/web/features',
              message: 'shared components do not know features',
            },
            ...webFeatures.map((f) => ({
              target: `./src/web/features/${f}`,
              from: './src/web/features',
              except: [`./${f}`],
              message: 'web features never import each other; routes compose them',
            })),
          ],
        },
      ],
    },
  },
);
