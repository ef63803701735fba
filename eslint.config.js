// Lint: the dependency direction of docs/conventions.md rule 1, written as rules.
import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const webFeatures = fs.existsSync('src/web/features') ? fs.readdirSync('src/web/features') : [];
const serverFeatures = fs.existsSync('src/server/features')
  ? fs.readdirSync('src/server/features')
  : [];
// Test-only modules a feature offers to the tests of other code (seeded rows, mail readers).
const isFixture = (name) => name.endsWith('.fixtures.ts') || name === 'test-helpers.ts';
const fixturesOf = (f) => fs.readdirSync(`src/server/features/${f}`).filter(isFixture);
// Everything of the server outside the features.
const serverOutsideFeatures = fs
  .readdirSync('src/server')
  .filter((name) => name !== 'features')
  .map((name) => `./src/server/${name}`);

/**
 * Server layers: a feature is reached only through its index.ts (tests may also use its
 * fixtures), and plugins/ and lib/ import no feature at all.
 */
const serverZones = (forTests) => [
  ...serverFeatures.map((f) => ({
    target: [
      ...serverFeatures.filter((g) => g !== f).map((g) => `./src/server/features/${g}`),
      ...serverOutsideFeatures,
    ],
    from: `./src/server/features/${f}`,
    except: ['./index.ts', ...(forTests ? fixturesOf(f).map((n) => `./${n}`) : [])],
    message: `other code imports the ${f} feature only through features/${f}/index.ts`,
  })),
  {
    target: ['./src/server/plugins', './src/server/lib'],
    from: './src/server/features',
    except: forTests ? serverFeatures.flatMap((f) => fixturesOf(f).map((n) => `./${f}/${n}`)) : [],
    message: 'plugins and lib import no feature; app.ts passes in what they need',
  },
];

/**
 * A feature that changes patterns says so with `recordPatternEvent` (src/server/events); the
 * storefront and the webhooks are that event's handlers, registered by background.ts
 * (docs/architecture.md, "Changes as events"). So these features never import either.
 */
const patternChangers = ['patterns', 'published', 'lifecycle', 'sizes', 'trash', 'imports', 'bulk'];
const eventZones = [
  {
    target: patternChangers.map((f) => `./src/server/features/${f}`),
    from: ['./src/server/features/storefront', './src/server/features/integrations'],
    message:
      'a pattern change is said with recordPatternEvent (src/server/events); the storefront and the webhooks are its handlers',
  },
];

/** Which side may import which (shared, server, web; web features and the shared web code). */
const directionZones = [
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
  ...webFeatures.map((f) => ({
    target: `./src/web/features/${f}`,
    from: './src/web/features',
    except: [`./${f}`],
    message: 'web features never import each other; routes compose them',
  })),
  {
    target: ['./src/web/lib', './src/web/hooks', './src/web/components'],
    from: './src/web/features',
    message: 'lib, hooks and shared components know no feature; routes compose features',
  },
];

/**
 * Mail takes one road (issue 32): queued in the outbox with its change (mail/mail-job.ts enqueueMail)
 * and sent by the mail job, the only caller of `mailer.send` (`deps.mailer.send(…)`, `mailer.send(…)`).
 * A rule of its own, so it adds to the other blocks' rules instead of replacing them.
 */
const mailRoad = {
  rules: {
    'send-only-in-mail-job': {
      meta: {
        type: 'problem',
        messages: {
          direct:
            'Queue the mail with enqueueMail(tx, …) from mail/mail-job.ts (in the transaction of its change; kick MAIL_JOB after the commit when it must go at once): only the mail job calls mailer.send.',
        },
        schema: [],
      },
      create(context) {
        const isMailer = (node) =>
          (node.type === 'Identifier' && node.name === 'mailer') ||
          (node.type === 'MemberExpression' &&
            !node.computed &&
            node.property.type === 'Identifier' &&
            node.property.name === 'mailer');
        return {
          CallExpression(node) {
            const callee = node.callee;
            if (
              callee.type === 'MemberExpression' &&
              !callee.computed &&
              callee.property.type === 'Identifier' &&
              callee.property.name === 'send' &&
              isMailer(callee.object)
            )
              context.report({ node, messageId: 'direct' });
          },
        };
      },
    },
  },
};

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
      // Which files import-x parses to follow imports (no-cycle); JS in node_modules is skipped.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...directionZones, ...serverZones(false), ...eventZones],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One way to write dates, times and numbers (issue 34): lib/format.ts and components/date-time.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/format.ts', 'src/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message:
            'Write dates with <DateTime> or lib/format (formatDateTime, formatRelative, formatDate), numbers with formatPrice / formatCount.',
        },
        {
          selector:
            'NewExpression[callee.object.name="Intl"][callee.property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]',
          message:
            'Write dates with <DateTime> or lib/format (formatDateTime, formatRelative, formatDate).',
        },
      ],
    },
  },
  {
    // React's rules of hooks (issue 32 item 8). exhaustive-deps is an error, not a warning: lint
    // fails only on errors, and a stale dependency is a bug a warning would let through; an
    // intended omission says why beside an eslint-disable-next-line.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A promise on the server is awaited, returned, caught, or marked `void` where fire-and-forget
    // is meant and its errors are handled (issue 32 item 8). Type-aware: the TypeScript project
    // service reads tsconfig.json for these files only.
    files: ['src/server/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // The server takes Node's HTTP client modules with process.getBuiltinModule (integrations/send.ts):
    // an ESM import of `node:http` builds its namespace from every export, and the lazy `WebSocket`
    // getter among them loads Node's bundled undici for good (about 2 MB resident idle; ADR 012).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/**/*.fixtures.ts', 'src/server/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:http', 'node:https', 'node:http2', 'http', 'https', 'http2'].map(
            (name) => ({
              name,
              allowTypeImports: true,
              message:
                "Import only types from Node's HTTP modules; take the module with process.getBuiltinModule at its first use (features/integrations/send.ts, ADR 012).",
            }),
          ),
        },
      ],
    },
  },
  {
    // Only the mail job sends (mailRoad above).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}'],
    ignores: ['src/server/mail/mail-job.ts'],
    plugins: { 'mail-road': mailRoad },
    rules: { 'mail-road/send-only-in-mail-job': 'error' },
  },
  {
    // Server field errors reach the screen one way (issue 32 item 6): reportFormError and the error
    // boundaries in src/web/lib read an ApiError's `fields`; forms and routes do not. Without type
    // information the rule forbids reading any `.fields` in the web app outside lib (other names
    // are easy to choose); destructuring a hook's result (useFieldArray) stays allowed.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/**'],
    plugins: {
      web: {
        rules: {
          'api-error-fields-in-lib': {
            meta: {
              type: 'problem',
              messages: {
                lib: "An ApiError's fields are read only in src/web/lib: report a failed submit with reportFormError (lib/form-errors.ts), a failed load through the route's error boundary.",
              },
            },
            create: (context) => {
              const report = (node) => context.report({ node, messageId: 'lib' });
              return {
                'MemberExpression[computed=false][property.name="fields"]': report,
                'MemberExpression[computed=true][property.value="fields"]': report,
                'VariableDeclarator[init.type!="CallExpression"] > ObjectPattern > Property[key.name="fields"]':
                  report,
                ':function > ObjectPattern > Property[key.name="fields"]': report,
              };
            },
          },
        },
      },
    },
    rules: { 'web/api-error-fields-in-lib': 'error' },
  },
  {
    // One error road on the web (issue 47): a failed mutation raises its one toast in the query
    // client (lib/query-client.ts), its fallback text in the mutation's `meta.errorMessage`. A
    // screen that also called toastError showed two toasts for one failure.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/toast'],
              importNames: ['toastError'],
              message:
                "Put the fallback text in the mutation's meta ({ meta: { errorMessage } }): the query client raises the one error toast (lib/query-client.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests (and the shared test helpers) may also use another feature's fixtures.
    files: ['src/server/**/*.test.ts', 'src/server/test/**/*.ts', 'src/server/**/*.fixtures.ts'],
    rules: {
      // The direction zones hold for tests too (an override replaces the whole list).
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...directionZones, ...serverZones(true)] },
      ],
    },
  },
);
