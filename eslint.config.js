// Lint: TypeScript rules, the React hooks rules, import boundaries of the house style, and no import cycles.
// The type-aware rules (no floating or misused promises) run in oxlint (.oxlintrc.json, scripts/lint.mjs): its
// tsgolint builds the programs with TypeScript 7 in a fraction of typescript-eslint's time and memory.
// See docs/architecture.md "## Tooling".
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const NO_SQL = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*'],
  allowTypeImports: true,
  message: 'SQL lives in repositories (*.repository.ts): call one.',
};
const NO_FASTIFY = { group: ['fastify', '@fastify/*'], message: 'Services and packages never import Fastify.' };
/** Imports climb at most two levels: deeper code is reached through `@/` (the app's src/). Every no-restricted-imports list carries it. */
const NO_CLIMB = { regex: '^(\\.\\./){3,}', message: "Import through the '@/' alias (the app's src/) instead of climbing more than two levels." };

/** Imports a feature never makes (the lists' Table above all): every feature's no-restricted-imports list carries them. */
/**
 * Personal screens, which belong to no business, show times in the viewer's own zone (`formatLocalDateTime`); every
 * other screen shows them in the business's zone (`BusinessTime`, or the zone of a public page's business).
 */
const VIEWER_ZONE_SCREENS = ['apps/web/src/features/user-settings/**', 'apps/web/src/features/auth/**', 'apps/web/src/features/verification-admin/**'];
const BUSINESS_TIMES = {
  name: '@/lib/format',
  importNames: ['formatLocalDateTime'],
  message: "A business's screen shows times in the business's zone: <BusinessTime at={...} /> ('@/components/business-time').",
};
const FEATURE_IMPORTS_ANY_ZONE = [
  { name: '@mantine/modals', message: "Open dialogs with `modals` from '@/lib/modals': it waits for the provider instead of losing the dialog." },
  {
    name: '@mantine/core',
    importNames: ['Table'],
    message: "Show rows with DataList or PagedTable ('@/components/data-list', '@/components/paged-table').",
  },
];
const FEATURE_IMPORTS = [...FEATURE_IMPORTS_ANY_ZONE, BUSINESS_TIMES];

/** A status drawn as a hand-made Badge: `<Badge color={x.status === ...}>` or `<Badge>{X_STATUS_LABELS[...]}</Badge>`. */
const NO_HAND_STATUS_BADGE = [
  {
    selector:
      "JSXElement[openingElement.name.name='Badge'] MemberExpression[object.name=/STATUS_LABELS$/], JSXOpeningElement[name.name='Badge'] JSXAttribute[name.name='color'] MemberExpression[property.name='status']",
    message: "Show a status with <StatusBadge kind status /> ('@/components/status-badge'): one map of words and colours per kind.",
  },
];

/** Float arithmetic on money: `(amount / 10 ** decimals).toFixed(decimals)`, `Math.round(major * 10 ** decimals)`. */
const NO_FLOAT_MONEY = [
  {
    selector: "CallExpression[callee.property.name='toFixed']",
    message: 'No toFixed on a money path: formatMinor/minorToMajorString from @merchant/core write amounts from integer minor units.',
  },
  {
    selector: "BinaryExpression[operator='**'][left.value=10]:not([left.bigint])",
    message: 'No 10 ** decimals scaling: amounts are integer minor units (parseMajorToMinor/minorToMajorString convert them exactly).',
  },
];
/**
 * Dates and times formatted by hand in a screen (issue 25): `formatDate`, `formatDateTime`, `formatDateRange` of
 * @merchant/core (or `formatBusinessDateTime` of lib/format.ts) write them in the business's zone, the same everywhere.
 */
const NO_HAND_DATES = [
  {
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: 'Format dates with formatDate/formatDateTime/formatDateRange of @merchant/core (or lib/format.ts), not Intl.DateTimeFormat.',
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
    message: 'Format dates with the core formatters and numbers with formatNumber of @merchant/core, not toLocaleString.',
  },
  {
    selector: "CallExpression[callee.property.name='slice'][callee.object.callee.property.name='toISOString']",
    message: "A day is the business's (localDate of @merchant/core), not a slice of a UTC timestamp.",
  },
];
/** A missing value written as a word (issue 25: a literal "None"): screens show EMPTY_VALUE ("—", orEmpty of @merchant/core). */
const NO_NONE_WORD = [
  {
    selector: "Literal[value='None'], JSXText[value=/^\\s*None\\s*$/]",
    message: 'Show a missing value as EMPTY_VALUE or orEmpty(value) of @merchant/core ("—"), not the word None.',
  },
  {
    // `name ?? '-'`, `x ? y : '-'`: a hyphen for a missing value, beside the "—" of every other screen.
    selector:
      "LogicalExpression[right.type='Literal'][right.value=/^\\s*[-–]\\s*$/], ConditionalExpression > Literal.alternate[value=/^\\s*[-–]\\s*$/], ConditionalExpression > Literal.consequent[value=/^\\s*[-–]\\s*$/]",
    message: 'Show a missing value as EMPTY_VALUE or orEmpty(value) of @merchant/core ("—"), not a hyphen.',
  },
];
/** A mutation's errors sorted by hand: `fields ? fields : { form: errorMessage(error) }`. */
const NO_HAND_FORM_ERRORS = [
  {
    selector:
      "ConditionalExpression[consequent.type='Identifier'] > ObjectExpression.alternate > Property[key.name='form'] > CallExpression[callee.name='errorMessage']",
    message: "Put a failed call's errors on the form with showErrorsIn(setErrors) or formErrors(error) from '@/lib/form-errors'.",
  },
];
/** Permission checks written by hand in a screen. */
const NO_HAND_PERMISSIONS = [
  {
    selector: 'MemberExpression[property.name=/^(permissions|read_only)$/]',
    message: "Ask canChange/useCanChange (a control that changes the business) or canView (reading) from '@/lib/session' instead of reading it by hand.",
  },
  {
    selector: 'CallExpression[callee.property.name=/^(includes|some|has)$/] > Literal[value=/^[a-z-]+:[a-z-]+$/]',
    message: "A permission is checked by canChange/useCanChange or canView from '@/lib/session', never by hand.",
  },
];

/** Form controls a screen takes from components/form rather than from Mantine (issue 25). */
const NO_HAND_FORM_CONTROLS = [
  {
    selector: "JSXOpeningElement[name.name='NumberInput']",
    message: 'An amount is a MoneyInput (integer minor units of its currency); a count, days or a percentage a NumberField (@/components/form/number-field).',
  },
  {
    selector: "JSXOpeningElement[name.name='Switch']",
    message: 'A switch is a SwitchRow (@/components/form/switch-row): its label and help text beside the control, on one line.',
  },
  {
    selector: "JSXOpeningElement[name.name='Radio']",
    message: 'A radio choice is a ChoiceRow (@/components/form/switch-row) inside its Radio.Group: its label beside the control.',
  },
  {
    selector: "JSXAttribute[name.name='type'][value.value=/^(date|datetime-local|month|week)$/]",
    message:
      "A date is a DateField (@/components/date-field): it shows days as the product writes them (28 Nov 2026), not the browser's own format, and yields ISO days.",
  },
];

/**
 * An amount or a number bound by hand in a screen (issues 24 and 25): its value, its change and its error come from
 * the form that holds it, so amounts stay integer minor units of their currency and server issues land on the field.
 */
const NO_HAND_BOUND_NUMBERS = [
  {
    selector: 'JSXOpeningElement[name.name=/^(MoneyInput|NumberField)$/] > JSXAttribute[name.name=/^(value|onChange|currency|name)$/]',
    message:
      'Bind an amount or a number through its form: {...form.money(path, currency)} or {...form.number(path)} (useZodForm, useFormFields, a FormBinder), or {...amount.input(currency)} (useMoneyField).',
  },
  {
    selector: "JSXOpeningElement[name.name=/^(MoneyInput|NumberField)$/] > JSXSpreadAttribute:not([argument.type='CallExpression'])",
    message: 'Spread the binding where it is made: {...form.money(path, currency)}, {...form.number(path)} or {...amount.input(currency)}.',
  },
];

/** The import resolver of one app: `@/` is its src/ (tsconfig paths), and node resolution for the rest. */
const appResolver = (app) => ({
  'import-x/resolver-next': [
    createNodeResolver({
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      alias: { '@': [`${import.meta.dirname}/apps/${app}/src`] },
    }),
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      'apps/server/src/db/migrations/**',
      'e2e/artifacts/**',
      'bench/.builds/**',
      'e2e/hitpay/hitpay-api.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature never imports a sibling feature.
            ...features.map((f) => ({
              target: `./${featuresDir}/${f}`,
              from: `./${featuresDir}`,
              except: [`./${f}`],
              message: 'A feature never imports a sibling feature: move shared code to components/, lib/ or a package.',
            })),
            // Shared web code never imports features or the app shell.
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared UI never imports features or the app.',
            },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
              message: 'lib never imports UI.',
            },
            // Packages never import apps.
            { target: './packages', from: './apps', message: 'Packages never import apps.' },
            // The server's HTTP layer never imports a module: a module offers what it needs through the route host.
            {
              target: './apps/server/src/http',
              from: './apps/server/src/modules',
              message: 'http/ never imports modules/: take what a module offers through the route host (modules/module.ts) or the platform.',
            },
          ],
        },
      ],
    },
  },
  { files: ['apps/web/**/*.{ts,tsx,js,mjs}'], settings: appResolver('web') },
  { files: ['apps/server/**/*.{ts,js,mjs}', 'e2e/**/*.ts'], settings: appResolver('server') },
  { files: ['**/*.{ts,tsx,js,mjs}'], rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLIMB] }] } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  {
    // The rules of hooks and the dependency lists of effects, memos and callbacks.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Dialogs go through lib/modals.ts, which keeps one asked for before its provider has loaded (app/overlays.tsx).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/modals.ts', 'apps/web/src/app/overlays.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [NO_CLIMB],
          paths: [
            { name: '@mantine/modals', message: "Open dialogs with `modals` from '@/lib/modals': it waits for the provider instead of losing the dialog." },
          ],
        },
      ],
    },
  },
  {
    // No float on a money path (docs/architecture.md, "Data conventions"): amounts become text and back only in
    // packages/core/src/money, on digit strings; fees and conversions are integer (BigInt) arithmetic.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/core/src/money/**', 'apps/web/src/lib/format.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_FLOAT_MONEY] },
  },
  {
    // Screens ask the one rule of lib/session.ts whether a control may change the business (`canChange`,
    // `useCanChange`) or what may be read (`canView`): a super admin reads every business but changes one only
    // through the admin area, which a hand-written `permissions.includes(...)` forgets (docs/architecture.md).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...NO_FLOAT_MONEY,
        ...NO_HAND_PERMISSIONS,
        ...NO_HAND_FORM_CONTROLS,
        ...NO_HAND_BOUND_NUMBERS,
        ...NO_HAND_STATUS_BADGE,
        ...NO_HAND_DATES,
        ...NO_HAND_FORM_ERRORS,
        ...NO_NONE_WORD,
      ],
    },
  },
  {
    // Lists are drawn by the one list component (components/data-list.tsx, paged-table.tsx): a table at md and
    // over, a card per row on a phone. A feature never draws a Mantine Table of its own (docs/architecture.md,
    // "List screens").
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLIMB], paths: FEATURE_IMPORTS }] },
  },
  {
    files: VIEWER_ZONE_SCREENS.map((dir) => `${dir}/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLIMB], paths: FEATURE_IMPORTS_ANY_ZONE }] },
  },
  {
    // A record's screen (features/*/routes/*-detail/) is drawn by DetailLayout: back link, title and status, key
    // facts, actions that fold into a menu on a phone, main and side columns (components/detail-layout.test.tsx
    // holds that every one of them renders it).
    files: ['apps/web/src/features/*/routes/*-detail/*.tsx'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [NO_CLIMB],
          paths: [
            ...FEATURE_IMPORTS,
            { name: '@/components/page-frame', message: "A detail screen is drawn by DetailLayout ('@/components/detail-layout'), not a PageFrame." },
            { name: '@mantine/core', importNames: ['Grid'], message: "DetailLayout lays out a detail screen's main and side columns (its `side` prop)." },
          ],
        },
      ],
    },
  },
  {
    // Shared components format dates through the same formatters as the screens.
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...NO_FLOAT_MONEY, ...NO_HAND_DATES, ...NO_NONE_WORD] },
  },
  {
    // No SQL outside repositories: in the server's modules, lib/ and mail/ only a repository imports
    // drizzle-orm or the tables (type imports of rows are fine).
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/lib/**/*.ts', 'apps/server/src/mail/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/**/*.read-model.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLIMB, NO_SQL] }] },
  },
  {
    // Routes are HTTP only: no SQL.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_CLIMB,
            NO_SQL,
            { group: ['**/*.repository', '**/*.read-model'], message: 'Routes call services, never repositories, read models or SQL.' },
          ],
        },
      ],
    },
  },
  {
    // Services own rules and transactions; they never see Fastify.
    files: ['apps/server/src/**/*.service.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLIMB, NO_SQL, NO_FASTIFY] }] },
  },
  {
    files: ['apps/server/src/**/*.repository.ts', 'apps/server/src/**/*.read-model.ts', 'packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLIMB, NO_FASTIFY] }] },
  },
  {
    // API tests address endpoints by their declarations (`agent.call`/`agent.ok`, or `endpointPath` for raw
    // requests), never by a written-out /v1/ path. Allowed: http.test.ts and declared-errors.test.ts (their
    // subject is raw and unknown paths, or probe routes they declare), fuzz.test.ts (walks the registry),
    // and invoices, checkout and authorization, not converted yet (docs/architecture.md "Tests").
    files: ['apps/server/test/**/*.ts'],
    ignores: ['apps/server/test/{http,declared-errors,fuzz}.test.ts', 'apps/server/test/{authorization,checkout,invoices}.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/v1\\//], TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/v1\\//]',
          message: 'Address the endpoint by its declaration: agent.call/agent.ok, or endpointPath(endpoint, input) for a raw request.',
        },
      ],
    },
  },
);
