// One flat ESLint config for every workspace (run from each package with `eslint src`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

// Web import boundaries (style habit 10): src/app composes features; a feature imports only itself and
// src/shared; src/shared imports neither. Tests reach the app shell through src/testing.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noAppShell = { group: ['@/app', '@/app/*'], message: 'Only src/app composes the app: features and shared code may not import it.' };
const noFeatures = (except) => ({
  regex: except ? `^@/features/(?!${except}(/|$))` : '^@/features(/|$)',
  message: except ? 'No imports across features: move what both need to src/shared.' : 'src/shared may not import features.',
});
// Relative paths stay inside their folder: two levels up from features/<x>/<dir>/ is another feature.
const noClimbing = (levels, message) => ({ regex: `^(\\.\\./){${levels},}`, message });
const webBoundaries = [
  ...webFeatures.flatMap((feature) => [
    {
      files: [`apps/web/src/features/${feature}/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [noAppShell, noFeatures(feature), noClimbing(1, `Import other code through @/shared (or @/features/${feature}/...).`)] }] },
    },
    {
      files: [`apps/web/src/features/${feature}/*/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [noAppShell, noFeatures(feature), noClimbing(2, `Import other code through @/shared (or @/features/${feature}/...).`)] }] },
    },
  ]),
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppShell, noFeatures(null), noClimbing(2, 'Import shared code through @/shared/...')] }] },
  },
];

// One way to do each thing in the web (issue 24), each message saying what to do instead
// (docs/how-to/web-feature.md, write-a-form.md); scripts/lint-web.test.mjs plants a violation of each.
// - a query key is written only in a key factory (`xKeys`, a feature's api/keys.ts or a shared area's
//   api): a use site names it (`jobKeys.list(...)`), never an array or a local constant;
// - a query is read through its options: `useQuery(xQueryOptions(...))`, `enabled` and the rest inside them;
// - a paginated list is PagedList (only shared/ui/paged-list.tsx draws Mantine's Pagination);
// - a select in a form is the form kit's field (only shared/forms binds a Select to a Controller).
const webOneWay = [
  {
    selector: "Property[key.name='queryKey'] > :matches(ArrayExpression, TSAsExpression, TSSatisfiesExpression, Identifier).value",
    message: "Write query keys only in the feature's key factory (`xKeys` in api/keys.ts, or the shared area's) and name them here (`jobKeys.list(...)`); another area's keys come from that area's factory.",
  },
  {
    selector: "CallExpression[callee.property.name=/^(get|set)Query(Data|State)$/] > :matches(ArrayExpression, TSAsExpression).arguments",
    message: "Write query keys only in the feature's key factory (`xKeys` in api/keys.ts, or the shared area's) and name them here.",
  },
  {
    selector: 'CallExpression[callee.name=/^use(Suspense)?(Infinite)?Query$/] > ObjectExpression.arguments',
    message: 'Read a query through its options: `export const xQueryOptions = (...) => queryOptions({ queryKey: xKeys..., queryFn, enabled, ... })` and `useQuery(xQueryOptions(...))` (docs/how-to/web-feature.md).',
  },
];
const webPagination = {
  selector: "ImportDeclaration[source.value='@mantine/core'] > ImportSpecifier[imported.name='Pagination']",
  message: 'A paginated list is PagedList from @/shared/ui/paged-list (states, a named list, pagination named in both languages): docs/how-to/web-feature.md, "Lists".',
};
const webSelectInController = {
  selector: "JSXElement[openingElement.name.name='Controller'] JSXOpeningElement[name.name=/^(Select|MultiSelect|NativeSelect)$/]",
  message: "A select in a form is the form kit's field: EnumSelectField (@/shared/forms/enum-select-field) for a contract's fixed values, IdSelectField / IdsMultiSelectField (@/shared/forms/id-select-field) for reference rows (docs/how-to/write-a-form.md).",
};
// - a key factory (`const xKeys = ...`) is declared only in a keys.ts: a feature's api/keys.ts, a shared
//   area's keys.ts, with the filter types its keys take (so keys.ts imports nothing of its api files);
//   a test may make keys for its own fixture query (`storageKeys` names localStorage keys, not queries).
const webKeyFactory = {
  selector: 'VariableDeclarator[id.name=/^(?!storageKeys$)[a-z][A-Za-z]*Keys$/]',
  message: "Declare query key factories only in a keys.ts (a feature's api/keys.ts, a shared area's keys.ts), with the filter types they take, and import them from there (docs/how-to/web-feature.md, \"api/\").",
};
const webSyntax = (...extra) => ({ 'no-restricted-syntax': ['error', ...webOneWay, ...extra] });
const webKeyFactoryFree = ['apps/web/src/**/keys.ts', 'apps/web/src/**/*.test.{ts,tsx}'];
const webOneWayRules = [
  { files: ['apps/web/src/**/*.{ts,tsx}'], ignores: webKeyFactoryFree, rules: webSyntax(webPagination, webSelectInController, webKeyFactory) },
  { files: webKeyFactoryFree, rules: webSyntax(webPagination, webSelectInController) },
  { files: ['apps/web/src/shared/forms/**/*.{ts,tsx}'], rules: webSyntax(webPagination, webKeyFactory) },
  { files: ['apps/web/src/shared/ui/paged-list.tsx'], rules: webSyntax(webSelectInController, webKeyFactory) },
];

// API import zones (issue 24). Five rules, each message saying what to do instead:
// - src/database is the lowest floor: it never imports src/common or src/modules;
// - src/common is below the feature modules: it never imports src/modules or the app (specs under
//   src/common reach those through test/app.ts and test/modules.ts);
// - a module imports another module only through that module's index.ts (`../reference`, never
//   `../reference/reference.repository`);
// - the database handle (`InjectDatabase`, `DATABASE`, `DATABASE_HANDLE`) is injected only into a
//   `*.repository.ts`: services ask a repository (or `UnitOfWork` for a transaction);
// - nothing under src/ but a `*.spec.ts` / `*.int-spec.ts` imports from apps/api/test/ (the test app,
//   fixtures, set-ups): a bench or a shared spec set-up lives beside the tests (issue 39).
// scripts/lint-zones.test.mjs plants a violation of each and checks that the rule fires.
// (ESLint's flat config replaces a rule's options per file rather than merging them, so each file
// set below lists every pattern that holds for it.)
const apiModules = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noModulesFromCommon = {
  regex: '^(\\.\\./)+(modules(/|$)|app(\\.module)?$)',
  message: 'src/common may not import src/modules or the app: move the shared code into src/common (an int-spec imports the app through test/app.ts, module parts through test/modules.ts).',
};
const noCommonFromDatabase = {
  regex: '^(\\.\\./)+(common|modules)(/|$)',
  message: 'src/database is below src/common and the modules: it never imports them (they import it). Take what it needs as a structural type or an injection token of its own (database.tokens.ts).',
};
const noDatabaseHandle = {
  regex: '(^|/)database/database\\.(module|tokens)$',
  importNames: ['InjectDatabase', 'DATABASE', 'DATABASE_HANDLE'],
  message: 'Only a *.repository.ts gets the database handle: put the query in a repository (this module\'s, or a method on the owning service such as FilesService) and call that; a transaction across repositories is UnitOfWork.',
};
// From a file `depth` folders below src/modules/<module>/: `../<other>/<file>` (or via ../modules/).
const noModuleInternals = (module, depth) => ({
  regex: `^((\\.\\./){${depth + 1}}(?!${module}/)[^./][^/]*/|(\\.\\./)+modules/[^/]+/)`,
  message: `Import another module only through its index.ts (e.g. '../reference', not '../reference/reference.repository'); export what you need from that index.ts. Code several modules share belongs in src/common.`,
});
const noTestFromSrc = {
  regex: '^(\\.\\./)+test(/|$)',
  message: 'Only a *.spec.ts or *.int-spec.ts under src/ imports from apps/api/test/ (the test app, fixtures, set-ups): a bench or a set-up several specs share lives in apps/api/test/ (e.g. test/bench/, test/petitions.ts).',
};
const apiSpecs = ['apps/api/src/**/*.spec.ts', 'apps/api/src/**/*.int-spec.ts'];
const apiRepositories = ['apps/api/src/**/*.repository.ts'];
const apiExempt = [...apiRepositories, ...apiSpecs];
// Every CSV goes through the one helper that neutralises formula cells (docs/security.md). Part of
// every zone's patterns below: a config object of its own was replaced by the zones' options.
const noCsvByHand = { group: ['csv-stringify', 'csv-stringify/*'], message: 'Write CSV with common/csv (csvFile, csvStream): it neutralises formula cells.' };
const apiRule = (patterns, csv = true) => ({ 'no-restricted-imports': ['error', { patterns: csv ? [...patterns, noCsvByHand] : patterns }] });
const apiBoundaries = [
  // Everything outside src/database: no database handle outside repositories (and specs), no test/ outside specs.
  { files: ['apps/api/src/**/*.ts'], ignores: ['apps/api/src/database/**', ...apiExempt], rules: apiRule([noDatabaseHandle, noTestFromSrc]) },
  { files: apiRepositories, rules: apiRule([noTestFromSrc]) },
  { files: ['apps/api/src/common/**/*.ts'], ignores: apiExempt, rules: apiRule([noModulesFromCommon, noDatabaseHandle, noTestFromSrc]) },
  // src/database, its specs too: the floor below common (a spec that needs the app goes through test/).
  { files: ['apps/api/src/database/**/*.ts'], rules: apiRule([noCommonFromDatabase, noTestFromSrc]) },
  { files: apiSpecs.map((glob) => glob.replace('apps/api/src/**/', 'apps/api/src/database/**/')), rules: apiRule([noCommonFromDatabase]) },
  { files: apiRepositories.map((glob) => glob.replace('apps/api/src/', 'apps/api/src/common/')), rules: apiRule([noModulesFromCommon, noTestFromSrc]) },
  { files: apiSpecs.map((glob) => glob.replace('apps/api/src/', 'apps/api/src/common/')), rules: apiRule([noModulesFromCommon]) },
  // common/csv is the one place that writes CSV.
  { files: ['apps/api/src/common/csv/**/*.ts'], ignores: apiExempt, rules: apiRule([noModulesFromCommon, noDatabaseHandle, noTestFromSrc], false) },
  { files: apiSpecs.map((glob) => glob.replace('apps/api/src/**/', 'apps/api/src/common/csv/**/')), rules: apiRule([noModulesFromCommon], false) },
  ...apiModules.flatMap((module) =>
    [0, 1, 2, 3].flatMap((depth) => {
      const files = `apps/api/src/modules/${module}/${'*/'.repeat(depth)}*.ts`;
      const at = (globs) => globs.map((glob) => glob.replace('apps/api/src/**/', `apps/api/src/modules/${module}/${'*/'.repeat(depth)}`));
      const internals = noModuleInternals(module, depth);
      return [
        { files: [files], ignores: apiExempt, rules: apiRule([internals, noDatabaseHandle, noTestFromSrc]) },
        { files: at(apiRepositories), rules: apiRule([internals, noTestFromSrc]) },
        { files: at(apiSpecs), rules: apiRule([internals]) },
      ];
    }),
  ),
];

// One way to check access (issue 24): no module compares a row's owner (`user_id`, `author_user_id`,
// `partner_company_id`, ...) with the caller itself. A decision asks AccessService (`requireManages`,
// `managedOf`, kinds in common/access/access.repository.ts), a list embeds its SQL builders, an
// `is_mine` flag uses `isCaller` / `isCallerInPersonOrActing` (docs/how-to/check-access.md).
const ownerColumn = (side) => `[${side}.type='MemberExpression'][${side}.property.name=/(user|company)_id$/][${side}.object.name!=/^(input|body)$/]`;
const theCaller = (side) => [`[${side}.type='MemberExpression'][${side}.property.name=/^(userId|activeCompanyId)$/]`, `[${side}.type='Identifier'][${side}.name=/^(userId|viewerId)$/]`];
const ownerSides = [
  ...theCaller('right').map((caller) => `${ownerColumn('left')}${caller}`),
  ...theCaller('left').map((caller) => `${ownerColumn('right')}${caller}`),
].join(', ');
// Nor a row's owner with a submitted user (`input.user_id === row.user_id`: inviting the owner), nor
// two parties by their keys (`partyKey(target) === partyKey(partyOf(me))`: messaging oneself).
const submittedId = (side) => `[${side}.type='MemberExpression'][${side}.object.name=/^(input|body)$/][${side}.property.name=/(user|company)_id$/]`;
const partyKeyOf = (side) => `[${side}.type='CallExpression'][${side}.callee.name='partyKey']`;
const ownerOrPartySides = [
  ownerSides,
  `${ownerColumn('left')}${submittedId('right')}`,
  `${ownerColumn('right')}${submittedId('left')}`,
  partyKeyOf('left'),
  partyKeyOf('right'),
].join(', ');
const ownerComparison = {
  selector: `BinaryExpression[operator=/^[!=]==?$/]:matches(${ownerOrPartySides})`,
  message:
    "A module does not compare owners itself: ask AccessService (requireManages / managedOf with a kind of common/access), embed its SQL builder in the repository, use isCaller / isCallerInPersonOrActing for an is_mine flag or a party (messaging oneself), or isSelf(me, input.user_id) when the row is the caller's own (docs/how-to/check-access.md).",
};
// Specs of these areas call endpoints through the typed `t.call(ep, ...)` (docs/how-to/test-an-endpoint.md),
// which checks the descriptor's status and response schema; `t.http` is raw supertest (a request outside
// the contracts says so with `t.raw`, test/app.ts).
const typedCallAreas = ['auth', 'registration', 'admin', 'notifications', 'reference', 'messages', 'alerts', 'petitions', 'media'];
const rawHttp = {
  selector: "MemberExpression[object.type='Identifier'][property.name='http']",
  message: 'Call the endpoint through t.call(ep.<name>, { as, params, query, body, headers }) (test/call.ts): it checks the status and the response against the contract. A request outside the contracts (a signed URL, a feed, a binary download, another content type) is t.raw.',
};
// Nor does a module compare an id with the caller's own (`id === me.userId`, `row.id === adminId`):
// "is this me" is `isSelf(me, id)`, "everyone but me" `othersThan(me, ids)` (common/access/caller.ts),
// so that one search finds every such decision. (A caller's id held in a variable of its own name,
// `adminId` or `viewerId`, may still be checked against null.)
const notNull = (side) => `:not([${side}.type='Literal'], [${side}.type='Identifier'][${side}.name='undefined'])`;
const callerId = (side, other) => [
  `[${side}.type='MemberExpression'][${side}.property.name='userId'][${side}.object.name=/^(me|principal|caller|viewer|admin)$/]`,
  `[${side}.type='Identifier'][${side}.name=/^(adminId|viewerId|callerId)$/]${notNull(other)}`,
];
const callerSides = [...callerId('left', 'right'), ...callerId('right', 'left')].join(', ');
const callerComparison = {
  selector: `BinaryExpression[operator=/^[!=]==?$/]:matches(${callerSides}):not(:matches(${ownerOrPartySides}))`,
  message: "Compare with the caller through isSelf(me, id) or othersThan(me, ids) (common/access/caller.ts).",
};
// Nor whether someone is the one who acted (`n.actor_user_id === n.user_id`: a notification about
// one's own act): `isActor(actorUserId, userId)` (common/access/caller.ts). A null check stays.
const actorId = (side, other) =>
  `[${side}.type='MemberExpression'][${side}.property.name=/^actor_(user_)?id$/]${notNull(other)}, [${side}.type='Identifier'][${side}.name=/^actor(User)?Id$/]${notNull(other)}`;
const actorComparison = {
  selector: `BinaryExpression[operator=/^[!=]==?$/]:matches(${actorId('left', 'right')}, ${actorId('right', 'left')}):not(:matches(${ownerOrPartySides}, ${callerSides}))`,
  message: 'Whether a user is the one who acted is isActor(actorUserId, userId) (common/access/caller.ts).',
};
// No timer in a module (issue 39): a loop or a schedule is the Scheduler's (`every`, or `loop` for
// sub-second work; docs/how-to/scheduled-jobs.md), a deadline is `withDeadline` (common/time), a
// stream's keep-alive the shared `Heartbeat` (common/http). One place holds every timer of the API.
const timerMessage =
  'A module keeps no timer of its own: run a loop or a schedule through the Scheduler (every, or loop for sub-second work: docs/how-to/scheduled-jobs.md), a deadline through withDeadline (common/time/deadline.ts), a keep-alive through Heartbeat (common/http).';
const noTimers = { 'no-restricted-globals': ['error', ...['setTimeout', 'setInterval', 'setImmediate'].map((name) => ({ name, message: timerMessage }))] };
const timersImport = { selector: "ImportDeclaration[source.value=/^(node:)?timers(\\/promises)?$/]", message: timerMessage };
// Who takes part in the network (approved, not deleted) is written once, in common/access
// (`approvedMemberSql()`, `approvedMemberAs('u')` for a hand-written query): not by hand in a module,
// its repositories included (issue 39).
const approvedMemberMessage = "Who takes part in the network is common/access's: approvedMemberSql() on users, approvedMemberAs('u') in a hand-written query (docs/how-to/check-access.md).";
const approvedMemberByHand = [
  { selector: "CallExpression[callee.name='eq'][arguments.0.property.name='status'][arguments.0.object.name='users'][arguments.1.value='approved']", message: approvedMemberMessage },
  { selector: "CallExpression[callee.name='eq'][arguments.0.property.name='status'][arguments.0.object.property.name='users'][arguments.1.value='approved']", message: approvedMemberMessage },
  { selector: "TemplateElement[value.raw=/status\\s*=\\s*'approved'\\s+and\\s+[a-z_]+\\.deleted_at\\s+is\\s+null/i]", message: approvedMemberMessage },
];
// Rate limits are `@RateLimit` on the handler; a limit that depends on what the request turns out to
// be is `limits.consumeForAccount(rule, userId)` (common/rate-limit): no module counts by hand (issue 39).
const consumeByHand = {
  selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='consume']",
  message: "Limit a handler with @RateLimit(rule) (common/rate-limit); a limit that depends on the request's outcome is limits.consumeForAccount(rule, userId) (docs/security.md, \"Rate limits\").",
};
// Modules split by concern stay split (issue 39): a file of the messages module holds one concern in
// at most 300 lines of code (blank lines and comments not counted), services and repositories
// alike; a file that grows past it is a new concern wanting its own file (docs/messages.md, "Where
// things are"). Specs are exempt.
const splitModules = ['messages'];
const oneConcernPerFile = {
  files: splitModules.map((module) => `apps/api/src/modules/${module}/**/*.ts`),
  ignores: ['apps/api/src/**/*.spec.ts', 'apps/api/src/**/*.int-spec.ts'],
  rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
};
const apiDrift = [
  { files: ['apps/api/src/modules/**/*.ts'], ignores: apiExempt, rules: { 'no-restricted-syntax': ['error', ownerComparison, callerComparison, actorComparison, timersImport, consumeByHand, ...approvedMemberByHand] } },
  { files: ['apps/api/src/modules/**/*.repository.ts'], rules: { 'no-restricted-syntax': ['error', ...approvedMemberByHand] } },
  { files: ['apps/api/src/modules/**/*.ts'], ignores: ['apps/api/src/**/*.spec.ts', 'apps/api/src/**/*.int-spec.ts'], rules: noTimers },
  { files: typedCallAreas.map((area) => `apps/api/src/modules/${area}/**/*.int-spec.ts`), rules: { 'no-restricted-syntax': ['error', rawHttp] } },
  oneConcernPerFile,
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/migrations/**', '**/.data/**', '**/coverage/**', '**/playwright-report/**', '**/test-results/**', '**/*.config.js', '**/*.config.mjs', '**/*.config.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'off',
    },
  },
  {
    // Nest resolves constructor parameters by their runtime classes: a type-only import would erase them.
    files: ['apps/api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...webOneWayRules,
  ...webBoundaries,
  ...apiBoundaries,
  ...apiDrift,
);
