// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const root = import.meta.dirname;

/** Every folder of web/src/features, read at load time so a new feature is covered at once. */
const webFeatures = readdirSync(`${root}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every domain folder of functions/src/handlers (booking, classes, credits, payments …). */
const functionDomains = readdirSync(`${root}/functions/src/handlers`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * The steps one domain takes from another, named so that a new one is a decision: a class
 * admin's change promotes the waiting list, and a class cancel ends its bookings through the
 * booking domain's own step (which the reconciler also runs). Plans sell through payments' Stripe
 * machinery (its deps, customers, claims, records, notices), and payments hands a plan's
 * checkout, subscription events, invoices and fee events to plans.
 */
/** @type {Record<string, string[]>} */
const borrowedSteps = {
  classes: ['./booking/promote.ts', './booking/finish-cancellation.ts'],
  plans: [
    './payments/deps.ts',
    './payments/notify.ts',
    './payments/customers.ts',
    './payments/checkout/quote.ts',
    './payments/purchase-record.ts',
    './payments/subscriptions/subscription-claims.ts',
    './payments/outcome.ts',
    './payments/credit-grants.ts',
    './payments/stripe-objects.ts',
  ],
  payments: [
    './plans/plan-checkout.ts',
    './plans/plan-subscriptions.ts',
    './plans/plan-invoices.ts',
    './plans/intro-offers.ts',
    './plans/fees.ts',
    './plans/portal-configuration.ts',
    // An admin ends a gift, cash or imported plan the way the plans end every membership.
    './plans/memberships.ts',
  ],
  // A freed seat the waiting list did not take goes to the class's watchers.
  booking: ['./plans/fee-queue.ts', './push/watch.ts'],
  // An imported membership is written the way the plans write every membership; one billed by
  // a mapped card is sold on the plan's Stripe price, made the way the plans make it.
  import: ['./plans/memberships.ts', './plans/save-plan.ts', './plans/notices.ts'],
  desk: [
    './booking/check-in.ts',
    './booking/book-class.ts',
    './payments/credit-grants.ts',
    './payments/mails.ts',
    './payments/notify.ts',
    './payments/checkout/quote.ts',
    './payments/purchase-record.ts',
    './payments/checkout/create-checkout-session.ts',
    './payments/deps.ts',
    './plans/intro-offers.ts',
    './plans/memberships.ts',
    './users/bootstrap-user.ts',
  ],
};

/**
 * The payments domain's rooms (functions/src/handlers/payments/README.md), each with the rooms it
 * may use: the webhook hands each event to checkout, subscriptions or refunds and disputes; a
 * checkout claims the member's one plan and counts its coupon. The files at the top of payments/
 * (deps, customers, Stripe objects, grants, records, mails, logs) sit below every room.
 */
/** @type {Record<string, string[]>} */
const paymentRooms = {
  webhook: ['checkout', 'subscriptions', 'refunds-and-disputes'],
  checkout: ['subscriptions', 'coupons'],
  subscriptions: [],
  'refunds-and-disputes': [],
  coupons: [],
  reports: [],
};
for (const entry of readdirSync(`${root}/functions/src/handlers/payments`, {
  withFileTypes: true,
})) {
  if (entry.isDirectory() && !(entry.name in paymentRooms))
    throw new Error(`eslint.config.js: name the payments room ${entry.name} in paymentRooms`);
}
/** @param {string} room */
const paymentsRoom = (room) => `./functions/src/handlers/payments/${room}`;

const ours = ['./core', './web', './functions', './emulators', './tests', './scripts'];
const others = (...own) => ours.filter((folder) => !own.includes(folder));

/**
 * The layers (web/README.md Structure, functions/README.md). A zone forbids the
 * files under `target` to import anything under `from` (but `except`, relative to `from`).
 */
const layerZones = [
  // core is the ground floor: it imports nothing of ours.
  { target: './core', from: others('./core'), message: 'core imports nothing of ours.' },
  // Emulators are stand-alone products: nothing of ours, nor each other.
  {
    target: './emulators',
    from: others('./emulators'),
    message: 'The emulators import nothing of ours.',
  },
  {
    target: './emulators/rtdb',
    from: ['./emulators/stripe', './emulators/storage', './emulators/push'],
  },
  {
    target: './emulators/stripe',
    from: ['./emulators/rtdb', './emulators/storage', './emulators/push'],
  },
  {
    target: './emulators/storage',
    from: ['./emulators/rtdb', './emulators/stripe', './emulators/push'],
  },
  {
    target: './emulators/push',
    from: ['./emulators/rtdb', './emulators/stripe', './emulators/storage'],
  },
  // The web app: app → features → components, hooks, config, lib → @studio/core.
  {
    target: './web/src',
    from: ['./functions', './emulators', './tests', './scripts'],
    message: 'The app ships only its own code and @studio/core.',
  },
  {
    target: ['./web/src/lib', './web/src/components', './web/src/hooks', './web/src/config'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared web layers import no feature and no app code.',
  },
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'A feature does not import the app that composes it.',
  },
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: the app composes them.',
  })),
  // Functions: index.ts (exports only) → triggers → handlers/<domain> → engine → @studio/core.
  { target: './functions', from: ['./web'] },
  {
    target: './functions/src',
    from: ['./emulators', './tests', './scripts', './functions/test', './functions/bench'],
    message: 'Deployed code imports no test, bench or script.',
  },
  {
    target: './functions/src/index.ts',
    from: './functions/src',
    except: ['./triggers'],
    message: 'index.ts only re-exports the triggers.',
  },
  {
    target: './functions/src/triggers',
    from: './functions/src/index.ts',
    message: 'Nothing imports index.ts.',
  },
  {
    target: './functions/src/handlers',
    from: './functions/src',
    except: ['./handlers', './engine', './mail', './push'],
    message:
      'Handlers import only handlers, the engine, the mail and push libraries and @studio/core (never triggers).',
  },
  // The mail library (functions/src/mail/README.md) renders, sends and enqueues e-mail: below
  // every domain, it imports nothing else of functions.
  {
    target: './functions/src/mail',
    from: './functions/src',
    except: ['./mail'],
    message: 'The mail library imports only itself and @studio/core.',
  },
  // The push library (functions/src/push/README.md), likewise below every domain.
  {
    target: './functions/src/push',
    from: './functions/src',
    except: ['./push'],
    message: 'The push library imports only itself and @studio/core.',
  },
  ...functionDomains.map((domain) => ({
    target: `./functions/src/handlers/${domain}`,
    from: './functions/src/handlers',
    except: [`./${domain}`, ...(borrowedSteps[domain] ?? [])],
    message:
      'A domain imports another only for the steps named in eslint.config.js (borrowedSteps).',
  })),
  ...Object.entries(paymentRooms).map(([room, uses]) => ({
    target: paymentsRoom(room),
    from: Object.keys(paymentRooms)
      .filter((other) => other !== room && !uses.includes(other))
      .map(paymentsRoom),
    message: 'A payments room imports only the rooms named in eslint.config.js (paymentRooms).',
  })),
  {
    target: `${paymentsRoom('*')}.ts`,
    from: Object.keys(paymentRooms).map(paymentsRoom),
    message: 'The shared payments files sit below every payments room.',
  },
  // Triggers mirror the domains: triggers/<domain> calls the handlers of its own domain.
  ...functionDomains.map((domain) => ({
    target: `./functions/src/triggers/${domain}`,
    from: './functions/src/handlers',
    except: [`./${domain}`],
    message:
      'A trigger calls the handlers of its own domain (triggers/<domain> → handlers/<domain>).',
  })),
  // The engine (functions/src/engine/README.md) is the machinery below every domain: it imports
  // no domain, and the domains and triggers see only its index.
  {
    target: './functions/src/engine',
    from: './functions/src',
    except: ['./engine'],
    message: 'The engine imports no handler, trigger or entry point: only itself and @studio/core.',
  },
  {
    target: [
      './functions/src/index.ts',
      './functions/src/triggers',
      './functions/src/handlers',
      './functions/src/admin.ts',
      './functions/src/errors.ts',
      './functions/src/logs.ts',
    ],
    from: './functions/src/engine',
    except: ['./index.ts'],
    message: 'Import the engine through its index (functions/src/engine), not its modules.',
  },
  {
    target: ['./functions/src/admin.ts', './functions/src/errors.ts', './functions/src/logs.ts'],
    from: [
      './functions/src/index.ts',
      './functions/src/triggers',
      './functions/src/handlers',
      './functions/src/engine',
    ],
    message: 'The shared trigger helpers sit below the triggers.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'functions/lib/**',
      'web/dist/**',
      'web/dev-dist/**',
      '.data/**',
      'coverage/**',
      '.stack-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Imports resolve (a guard that cannot fail is worse than none): only
      // Vite's virtual modules and `?url`-style imports are not files.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:', '\\?(url|raw|worker|inline)$'] }],
      // Type-only imports are skipped by the rule itself (import-x has no option to count them).
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
    },
    settings: {
      // Read TypeScript modules too: without these import-x parses only .js files, so no-cycle
      // never follows an import of a .ts file.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      // The same resolution the code has: TypeScript sources with or without their extension,
      // the workspaces (`@studio/core` points at its sources) through their node_modules links.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: [
            '.ts',
            '.tsx',
            '.mts',
            '.cts',
            '.js',
            '.jsx',
            '.mjs',
            '.cjs',
            '.json',
            '.node',
          ],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
          conditionNames: ['import', 'require', 'node', 'default'],
          mainFields: ['module', 'main'],
        }),
      ],
    },
  },
  {
    // An instance runs many calls at once, and each reads what the others write (the events of
    // one purchase, a class cancelled while booked): functions/src/engine/README.md#one-process-many-calls.
    // Before index.ts's own rule, which replaces this one there (index.ts holds no code).
    files: ['functions/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name="transaction"]:not([arguments.2.raw="false"])',
          message:
            'Pass applyLocally false (`ref.transaction(update, undefined, false)`): otherwise the ' +
            "SDK's first guess (often null, from an empty cache) is what every get() of the node " +
            'in this process reads until the server answers.',
        },
      ],
    },
  },
  {
    // The deployed functions by name, nothing else.
    files: ['functions/src/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > :not(ExportNamedDeclaration[source], ExportAllDeclaration)',
          message: 'functions/src/index.ts only re-exports the triggers.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  prettier,
);
