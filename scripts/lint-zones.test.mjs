// The API import zones in eslint.config.mjs fire: each rule is shown a planted violation (and the
// allowed form beside it) at a path inside apps/api, through the project's own ESLint config.
// Run: `node --test scripts/lint-zones.test.mjs` (a check of `npm test`).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The no-restricted-imports messages ESLint reports for `code` as if it were the file at `file`. */
async function restricted(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

test('src/common may not import a module', async () => {
  const found = await restricted('apps/api/src/common/planted/planted.service.ts', "import { PostsService } from '../../modules/posts';\nexport const x = PostsService;\n");
  assert.equal(found.length, 1);
  assert.match(found[0], /src\/common may not import src\/modules/);
  assert.match(found[0], /move the shared code into src\/common/);
});

test('src/common may not import the app, not even from a spec', async () => {
  const found = await restricted('apps/api/src/common/planted/planted.int-spec.ts', "import { createApp } from '../../app';\nexport const x = createApp;\n");
  assert.equal(found.length, 1);
  assert.match(found[0], /test\/app\.ts/);
  assert.deepEqual(await restricted('apps/api/src/common/planted/planted.int-spec.ts', "import { createApp } from '../../../test/app';\nexport const x = createApp;\n"), []);
});

test('src/database may not import src/common or a module, not even from a spec', async () => {
  for (const file of ['apps/api/src/database/planted.ts', 'apps/api/src/database/planted.int-spec.ts']) {
    const found = await restricted(file, "import { readCookie } from '../common/http/cookies';\nexport const x = readCookie;\n");
    assert.equal(found.length, 1, file);
    assert.match(found[0], /src\/database is below src\/common/);
  }
  assert.equal((await restricted('apps/api/src/database/planted.ts', "import { PostsService } from '../modules/posts';\nexport const x = PostsService;\n")).length, 1);
  assert.deepEqual(await restricted('apps/api/src/database/planted.ts', "import { DATABASE } from './database.tokens';\nexport const x = DATABASE;\n"), []);
});

test("a module may not import another module's file, only its index.ts", async () => {
  const found = await restricted('apps/api/src/modules/jobs/planted.service.ts', "import { ReferenceChecks } from '../reference/reference-checks.service';\nexport const x = ReferenceChecks;\n");
  assert.equal(found.length, 1);
  assert.match(found[0], /only through its index\.ts/);
  assert.deepEqual(await restricted('apps/api/src/modules/jobs/planted.service.ts', "import { ReferenceChecks } from '../reference';\nexport const x = ReferenceChecks;\n"), []);
  // Its own files are its own business; so is common.
  assert.deepEqual(await restricted('apps/api/src/modules/jobs/planted.service.ts', "import { JobsRepository } from './jobs.repository';\nimport { AppError } from '../../common/errors/app-error';\nexport const x = [JobsRepository, AppError];\n"), []);
  // A spec of a module is held to the same rule.
  assert.equal((await restricted('apps/api/src/modules/jobs/planted.int-spec.ts', "import { PostsService } from '../posts/posts.service';\nexport const x = PostsService;\n")).length, 1);
});

test('a module may not climb into another module through ../../modules', async () => {
  const found = await restricted('apps/api/src/modules/jobs/planted.service.ts', "import { PostsService } from '../../modules/posts/posts.service';\nexport const x = PostsService;\n");
  assert.equal(found.length, 1);
});

test('the database handle is injected only into a *.repository.ts', async () => {
  const planted = "import { InjectDatabase } from '../../database/database.module';\nexport const x = InjectDatabase;\n";
  for (const file of ['apps/api/src/modules/media/planted.service.ts', 'apps/api/src/common/planted/planted.service.ts']) {
    const found = await restricted(file, planted);
    assert.equal(found.length, 1, file);
    assert.match(found[0], /Only a \*\.repository\.ts gets the database handle/);
  }
  const tokens = await restricted('apps/api/src/modules/media/planted.controller.ts', "import { DATABASE } from '../../database/database.tokens';\nexport const x = DATABASE;\n");
  assert.equal(tokens.length, 1);
  assert.deepEqual(await restricted('apps/api/src/modules/media/planted.repository.ts', planted), []);
  assert.deepEqual(await restricted('apps/api/src/common/planted/planted.repository.ts', planted), []);
  // UnitOfWork (a transaction across repositories) stays open to services.
  assert.deepEqual(await restricted('apps/api/src/modules/media/planted.service.ts', "import { UnitOfWork } from '../../database/unit-of-work';\nexport const x = UnitOfWork;\n"), []);
});

test('nothing under src/ but a spec imports from apps/api/test/ (a bench or a shared set-up lives beside the tests)', async () => {
  const testApp = (up) => `import { createTestApp } from '${'../'.repeat(up)}test/app';\nexport const x = createTestApp;\n`;
  for (const [file, up] of [
    ['apps/api/src/modules/notifications/notifications.bench.ts', 3],
    ['apps/api/src/modules/petitions/petitions.int-setup.ts', 3],
    ['apps/api/src/modules/notifications/digest/planted.service.ts', 4],
    ['apps/api/src/modules/posts/planted.repository.ts', 3],
    ['apps/api/src/common/planted/planted.ts', 3],
    ['apps/api/src/common/planted/planted.repository.ts', 3],
    ['apps/api/src/database/planted.ts', 2],
    ['apps/api/src/planted.ts', 1],
  ]) {
    const found = await restricted(file, testApp(up));
    assert.equal(found.length, 1, file);
    assert.match(found[0], /Only a \*\.spec\.ts or \*\.int-spec\.ts under src\/ imports from apps\/api\/test\//, file);
  }
  // The other zones still hold beside it (flat config replaces a rule's options, it does not merge them).
  assert.equal((await restricted('apps/api/src/modules/jobs/planted.repository.ts', "import { PostsService } from '../posts/posts.service';\nexport const x = PostsService;\n")).length, 1);
  assert.equal((await restricted('apps/api/src/common/planted/planted.ts', "import { PostsService } from '../../modules/posts';\nexport const x = PostsService;\n")).length, 1);
  // Specs may: that is where the test app is used.
  for (const [file, up] of [
    ['apps/api/src/modules/petitions/planted.int-spec.ts', 3],
    ['apps/api/src/modules/notifications/digest/planted.spec.ts', 4],
    ['apps/api/src/common/planted/planted.int-spec.ts', 3],
    ['apps/api/src/database/planted.int-spec.ts', 2],
  ]) {
    assert.deepEqual(await restricted(file, testApp(up)), [], file);
  }
});

test('CSV is written only by common/csv, in every zone', async () => {
  const planted = "import { stringify } from 'csv-stringify/sync';\nexport const x = stringify;\n";
  for (const file of [
    'apps/api/src/modules/petitions/planted.service.ts',
    'apps/api/src/modules/petitions/planted.repository.ts',
    'apps/api/src/common/planted/planted.ts',
    'apps/api/src/planted.ts',
  ]) {
    const found = await restricted(file, planted);
    assert.equal(found.length, 1, file);
    assert.match(found[0], /Write CSV with common\/csv/, file);
  }
  assert.deepEqual(await restricted('apps/api/src/common/csv/planted.ts', planted), []);
});

/** The no-restricted-syntax messages ESLint reports for `code` as if it were the file at `file`. */
async function syntax(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

test('a module does not compare owner ids with the caller itself (common/access does)', async () => {
  const planted = [
    'export const a = (row: { user_id: number }, me: { userId: number }) => row.user_id === me.userId;',
    'export const b = (row: { author_user_id: number | null }, me: { userId: number }) => me.userId !== row.author_user_id;',
    'export const c = (row: { partner_company_id: number | null }, me: { activeCompanyId: number | null }) => row.partner_company_id === me.activeCompanyId;',
    'export const d = (row: { user_id: number }, viewerId: number) => row.user_id === viewerId;',
    'export const e = (state: { created_by_user_id: number }, userId: number) => state.created_by_user_id != userId;',
  ];
  for (const code of planted) {
    const found = await syntax('apps/api/src/modules/posts/planted.service.ts', code);
    assert.equal(found.length, 1, code);
    assert.match(found[0], /does not compare owners itself/);
    assert.match(found[0], /AccessService/);
  }
  // Rules files of a module too.
  assert.equal((await syntax('apps/api/src/modules/petitions/planted.rules.ts', planted[0])).length, 1);
  // The allowed forms: the access helpers, a null check.
  const allowed = [
    "import { isCaller } from '../../common/access';\nexport const a = (row: { author_user_id: number | null; partner_company_id: number | null }, me: { userId: number; activeCompanyId: number | null }) => isCaller(me, { user_id: row.author_user_id, company_id: row.partner_company_id });",
    'export const b = (row: { user_id: number | null }) => row.user_id === null;',
    "import { isSelf } from '../../common/access';\nexport const c = (input: { to_user_id: number }, me: { userId: number }) => isSelf(me, input.to_user_id);",
  ];
  for (const code of allowed) assert.deepEqual(await syntax('apps/api/src/modules/posts/planted.service.ts', code), [], code);
  // Any other comparison with the caller's id: isSelf / othersThan, one message each.
  const self = [
    'export const a = (input: { to_user_id: number }, me: { userId: number }) => input.to_user_id === me.userId;',
    'export const b = (ids: number[], me: { userId: number }) => ids.filter((id) => id !== me.userId);',
    'export const c = (row: { id: number }, principal: { userId: number }) => principal.userId == row.id;',
  ];
  for (const code of self) {
    const found = await syntax('apps/api/src/modules/network/planted.service.ts', code);
    assert.equal(found.length, 1, code);
    assert.match(found[0], /isSelf\(me, id\)/);
  }
  // A repository's SQL and common/access itself are where the rule is written.
  assert.deepEqual(await syntax('apps/api/src/common/access/planted.ts', planted[0]), []);
});

test("a module compares neither a row's owner with a submitted user nor two parties by their keys", async () => {
  const planted = [
    // Inviting the petition's initiator (the caller) as its co-author.
    'export const a = (input: { user_id: number | null }, row: { user_id: number }) => input.user_id === row.user_id;',
    'export const b = (body: { user_id: number }, row: { author_user_id: number | null }) => row.author_user_id !== body.user_id;',
    // Messaging oneself: the target's party key against the caller's.
    "declare const partyKey: (p: { kind: 'user' | 'company'; id: number }) => string;\ntype P = { kind: 'user' | 'company'; id: number };\nexport const c = (target: P, sender: P) => partyKey(target) === partyKey(sender);",
    "declare const partyKey: (p: { kind: 'user' | 'company'; id: number }) => string;\nexport const d = (p: { user_id: number }, mine: string) => partyKey({ kind: 'user', id: p.user_id }) !== mine;",
  ];
  for (const code of planted) {
    const found = await syntax('apps/api/src/modules/messages/planted.service.ts', code);
    assert.equal(found.length, 1, code);
    assert.match(found[0], /does not compare owners itself/);
    assert.match(found[0], /isCaller/);
    assert.match(found[0], /isSelf\(me, input\.user_id\)/);
  }
  const allowed = [
    "import { isSelf } from '../../common/access';\nexport const a = (input: { user_id: number | null }, me: { userId: number }) => input.user_id !== null && isSelf(me, input.user_id);",
    "import { isCaller } from '../../common/access';\nexport const b = (p: { user_id: number | null; partner_company_id: number | null }, me: { userId: number; activeCompanyId: number | null }) => isCaller(me, { user_id: p.user_id, company_id: p.partner_company_id });",
    // Two submitted ids, or rows of two lists matched by id, decide nothing about the caller.
    'export const c = (input: { user_id: number }, body: { user_id: number }) => input.user_id === body.user_id;',
    'export const d = (rows: { id: number }[], author: { id: number }) => rows.find((r) => r.id === author.id);',
  ];
  for (const code of allowed) assert.deepEqual(await syntax('apps/api/src/modules/messages/planted.service.ts', code), [], code);
});

test("a module compares no id with the caller's held in a variable of its own (adminId, viewerId)", async () => {
  const planted = [
    // An administrator deciding about their own account.
    'export const a = (row: { id: number }, adminId: number) => row.id === adminId;',
    'export const b = (authorId: number, viewerId: number) => viewerId !== authorId;',
    'export const c = (row: { id: number }, admin: { userId: number }) => admin.userId === row.id;',
  ];
  for (const code of planted) {
    const found = await syntax('apps/api/src/modules/admin/planted.service.ts', code);
    assert.equal(found.length, 1, code);
    assert.match(found[0], /isSelf\(me, id\)/);
  }
  const allowed = [
    "import { isSelf } from '../../common/access';\nexport const a = (row: { id: number }, me: { userId: number }) => isSelf(me, row.id);",
    // Whether there is a viewer at all.
    'export const b = (viewerId: number | null) => viewerId === null;',
    'export const c = (adminId?: number) => adminId !== undefined;',
  ];
  for (const code of allowed) assert.deepEqual(await syntax('apps/api/src/modules/admin/planted.service.ts', code), [], code);
});

test('a module asks isActor whether a user is the one who acted', async () => {
  const planted = [
    // A notification about one's own act.
    'export const a = (n: { actor_user_id: number | null; user_id: number }) => n.actor_user_id !== null && n.actor_user_id === n.user_id;',
    'export const b = (ns: { actor_user_id: number | null; user_id: number }[]) => ns.filter((n) => n.actor_user_id === null || n.user_id !== n.actor_user_id);',
    'export const c = (actorId: number, recipientId: number) => actorId == recipientId;',
  ];
  for (const code of planted) {
    // Not only in services: the publisher decides it too.
    for (const file of ['apps/api/src/modules/notifications/planted.service.ts', 'apps/api/src/modules/notifications/planted.publisher.ts']) {
      const found = await syntax(file, code);
      assert.equal(found.length, 1, `${file}: ${code}`);
      assert.match(found[0], /isActor\(actorUserId, userId\)/);
    }
  }
  // Against the caller it is the caller's rule, reported once.
  const mine = await syntax('apps/api/src/modules/notifications/planted.service.ts', 'export const d = (n: { actor_user_id: number | null }, me: { userId: number }) => n.actor_user_id === me.userId;');
  assert.equal(mine.length, 1);
  const allowed = [
    "import { isActor } from '../../common/access';\nexport const a = (n: { actor_user_id: number | null; user_id: number }) => !isActor(n.actor_user_id, n.user_id);",
    // Whether anybody acted.
    'export const b = (n: { actor_user_id: number | null }) => n.actor_user_id === null;',
    'export const c = (actorId?: number) => actorId !== undefined;',
  ];
  for (const code of allowed) assert.deepEqual(await syntax('apps/api/src/modules/notifications/planted.service.ts', code), [], code);
});

test('the auth, registration, admin and notification specs call endpoints through t.call, not raw t.http', async () => {
  const planted = "declare const t: { http: { get(u: string): unknown } };\nexport const x = t.http.get('/api/auth/me');\n";
  for (const area of ['auth', 'registration', 'admin', 'notifications']) {
    const found = await syntax(`apps/api/src/modules/${area}/planted.int-spec.ts`, planted);
    assert.equal(found.length, 1, area);
    assert.match(found[0], /t\.call\(ep\./);
  }
  const typed = "declare const t: { call(ep: unknown, o: unknown): unknown };\ndeclare const ep: { me: unknown };\nexport const x = t.call(ep.me, { as: null });\n";
  assert.deepEqual(await syntax('apps/api/src/modules/auth/planted.int-spec.ts', typed), []);
});

/** The messages of `rule` ESLint reports for `code` as if it were the file at `file`. */
async function reported(rule, file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

test('a module keeps no timer of its own: the Scheduler, withDeadline and Heartbeat hold them', async () => {
  const loop = 'export function poll(run: () => void): void {\n  setTimeout(() => poll(run), 250);\n  setInterval(run, 1000);\n  setImmediate(run);\n}\n';
  for (const file of ['apps/api/src/modules/petitions/planted.service.ts', 'apps/api/src/modules/petitions/planted.repository.ts']) {
    const found = await reported('no-restricted-globals', file, loop);
    assert.equal(found.length, 3, file);
    assert.match(found[0], /through the Scheduler/);
  }
  // Nor through an import of the timers module.
  const imported = await reported('no-restricted-syntax', 'apps/api/src/modules/petitions/planted.service.ts', "import { setTimeout as sleep } from 'node:timers/promises';\nexport const x = sleep;\n");
  assert.equal(imported.length, 1);
  assert.match(imported[0], /withDeadline/);
  // The scheduler itself (common) and a module's specs may.
  assert.deepEqual(await reported('no-restricted-globals', 'apps/api/src/common/queue/planted.ts', loop), []);
  assert.deepEqual(await reported('no-restricted-globals', 'apps/api/src/modules/petitions/planted.int-spec.ts', loop), []);
});

test("who takes part in the network is common/access's, not written by hand in a module or its repository", async () => {
  const drizzle = "import { and, eq, isNull } from 'drizzle-orm';\nimport { users } from './schema';\nexport const x = and(eq(users.status, 'approved'), isNull(users.deleted_at));\n";
  const raw = "import { sql } from 'drizzle-orm';\nexport const x = sql`select 1 from users u where u.status = 'approved' and u.deleted_at is null`;\n";
  for (const file of ['apps/api/src/modules/network/planted.repository.ts', 'apps/api/src/modules/network/planted.service.ts']) {
    for (const code of [drizzle, raw]) {
      const found = await reported('no-restricted-syntax', file, code);
      assert.equal(found.length, 1, `${file}: ${code}`);
      assert.match(found[0], /approvedMemberAs/);
    }
  }
  // Another table's approval (a course) and the helpers themselves pass.
  assert.deepEqual(await reported('no-restricted-syntax', 'apps/api/src/modules/courses/planted.repository.ts', "import { eq } from 'drizzle-orm';\nimport { courses } from './schema';\nexport const x = eq(courses.status, 'approved');\n"), []);
  assert.deepEqual(await reported('no-restricted-syntax', 'apps/api/src/modules/network/planted.repository.ts', "import { approvedMemberAs } from '../../common/access';\nexport const x = approvedMemberAs('u');\n"), []);
  assert.deepEqual(await reported('no-restricted-syntax', 'apps/api/src/common/access/planted.repository.ts', raw), []);
});

test('a module takes no rate limit by hand: @RateLimit, or consumeForAccount for a limit that depends on the outcome', async () => {
  const byHand = "export async function send(limits: { consume(r: unknown, s: string): Promise<void> }, userId: number) {\n  await limits.consume({ name: 'x', limit: 1, windowSeconds: 60 }, `user:${userId}`);\n}\n";
  const found = await reported('no-restricted-syntax', 'apps/api/src/modules/messages/planted.service.ts', byHand);
  assert.equal(found.length, 1);
  assert.match(found[0], /@RateLimit/);
  const helper = "export async function send(limits: { consumeForAccount(r: unknown, id: number): Promise<void> }, userId: number) {\n  await limits.consumeForAccount({ name: 'x', limit: 1, windowSeconds: 60 }, userId);\n}\n";
  assert.deepEqual(await reported('no-restricted-syntax', 'apps/api/src/modules/messages/planted.service.ts', helper), []);
  assert.deepEqual(await reported('no-restricted-syntax', 'apps/api/src/common/rate-limit/planted.guard.ts', byHand), []);
});

test('a file of the messages module holds at most 300 lines of code (blank lines and comments not counted); specs may be longer', async () => {
  const method = (i) => `  m${i}(): number {\n    return ${i};\n  }\n`;
  const grown = (n) => `export class Planted {\n${Array.from({ length: n }, (_, i) => method(i)).join('')}}\n`;
  // 101 methods of 3 lines and the class's 2: 305 lines of code.
  for (const file of ['apps/api/src/modules/messages/planted.service.ts', 'apps/api/src/modules/messages/planted.repository.ts']) {
    const found = await reported('max-lines', file, grown(101));
    assert.equal(found.length, 1, file);
    assert.match(found[0], /Maximum allowed is 300/);
  }
  // 99 methods: 299 lines of code, passes; so do as many blank lines and comments beside them.
  const commented = grown(99).replace(/\n {2}m/g, '\n\n  /** A comment line. */\n  // another\n  m');
  assert.deepEqual(await reported('max-lines', 'apps/api/src/modules/messages/planted.service.ts', commented), []);
  assert.deepEqual(await reported('max-lines', 'apps/api/src/modules/messages/planted.int-spec.ts', grown(101)), []);
  // Other modules are not held to it (yet).
  assert.deepEqual(await reported('max-lines', 'apps/api/src/modules/jobs/planted.service.ts', grown(101)), []);
});
