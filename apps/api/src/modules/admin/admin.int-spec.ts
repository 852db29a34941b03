import { adminEndpoints as ep, authEndpoints, type Locale } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { hashNationalId } from '@legenett/shared';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createUser, type CreateUserOptions, type TestSession, tokenFor, type TestUser } from '../../../test/auth';
import { type BodyIn, type Caller, type Invalid, invalid, type QueryIn } from '../../../test/call';
import { settleJobs } from '../../../test/jobs';

let t: TestApp;
let admin: TestUser;
let adminAuth: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { prefix: 'admin', roles: ['admin'] });
  adminAuth = await tokenFor(t, admin);
});

afterAll(async () => {
  await t.close();
});

/** An account in the approval queue: no roles, HPR not confirmed yet. */
const pending = (db: Database, options: CreateUserOptions = {}) =>
  createUser(db, { prefix: 'pending', status: 'awaiting_approval', roles: [], approvedHrp: 0, ...options });

async function registerEntry(
  db: Database,
  entry: Partial<typeof schema.hprRegister.$inferInsert> & Pick<typeof schema.hprRegister.$inferInsert, 'profession'>,
) {
  const hprNumber = entry.hpr_number ?? `9${Math.floor(Math.random() * 1e9)}`;
  await db.insert(schema.hprRegister).values({ first_name: 'Test', last_name: 'Person', ...entry, hpr_number: hprNumber });
  return hprNumber;
}

/** The decisions about one account: POST /admin/users/:id/<decision>. */
type Decision = typeof ep.approve | typeof ep.reject | typeof ep.block | typeof ep.unblock;

function post(endpoint: Decision, id: number, body?: BodyIn<Decision> | Invalid, auth: Caller = adminAuth, locale: Locale = 'en') {
  return t.call(endpoint, { as: auth, locale, params: { id }, body });
}

const rolesOf = async (userId: number) =>
  (
    await t.db
      .select({ code: schema.roles.code })
      .from(schema.userRoles)
      .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.role_id))
      .where(eq(schema.userRoles.user_id, userId))
  ).map((r) => r.code);

const settle = () => settleJobs(t);

const notificationsOf = (userId: number) =>
  t.db
    .select()
    .from(schema.notifications)
    .where(and(eq(schema.notifications.user_id, userId), eq(schema.notifications.kind, 'account_decision')));

const outboxOf = (userId: number) => t.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.user_id, userId));

/** Every administration endpoint. */
type AdminEndpoint = (typeof ep)[keyof typeof ep];

describe('access', () => {
  const calls: [string, AdminEndpoint, BodyIn<AdminEndpoint> | undefined][] = [
    ['users', ep.users, undefined],
    ['user', ep.user, undefined],
    ['approve', ep.approve, undefined],
    ['reject', ep.reject, { reason: 'x' }],
    ['block', ep.block, { reason: 'x' }],
    ['unblock', ep.unblock, undefined],
    ['outbox', ep.outbox, undefined],
  ];

  const send = (endpoint: AdminEndpoint, id: number, body: BodyIn<AdminEndpoint> | undefined, as: Caller, locale?: Locale) =>
    t.call(endpoint, { as, locale, params: 'params' in endpoint ? { id } : undefined, body: endpoint.method === 'GET' ? undefined : (body ?? invalid({})) });

  it.each(calls)('%s answers 401 to a visitor', async (_name, endpoint, body) => {
    const target = await pending(t.db);
    const res = await send(endpoint, target.id, body, null, 'en');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status_code: 401, message: expect.any(String) });
  });

  it.each(calls)('%s answers 403 missing_permission to an approved doctor', async (_name, endpoint, body) => {
    const doctor = await createUser(t.db, { prefix: 'doctor' });
    const target = await pending(t.db);
    const res = await send(endpoint, target.id, body, await tokenFor(t, doctor));
    expect(res.status).toBe(403);
    expect(res.error.reason).toBe('missing_permission');
    const after = await t.db.select({ status: schema.users.status }).from(schema.users).where(eq(schema.users.id, target.id));
    expect(after[0]!.status).toBe('awaiting_approval');
  });

  it.each(calls.filter(([, e]) => 'params' in e))('%s answers 404 for an account that does not exist', async (_name, endpoint, body) => {
    const res = await send(endpoint, 2_000_000_000, body, adminAuth, 'en');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status_code: 404, message: 'We could not find what you were looking for.' });
  });

  it('answers 422 for an id that is not a positive whole number', async () => {
    for (const bad of ['abc', '0', '-1', '1.5']) {
      const res = await t.call(ep.user, { as: adminAuth, params: invalid({ id: bad }) });
      expect(res.status).toBe(422);
      expect(Object.keys(res.validation.errors)).toEqual(['id']);
    }
  });
});

describe('GET /admin/users', () => {
  it('lists the approval queue by default, newest first, with the HPR lookup of each account', async () => {
    const token = uniqueToken();
    const doctorNo = await registerEntry(t.db, { profession: 'doctor', has_authorisation: true, first_name: 'Kari', last_name: `Lege ${token}` });
    const nationalId = `0101${Math.floor(Math.random() * 1e7)}`;
    const idHash = hashNationalId(nationalId, 'test-key');
    await registerEntry(t.db, { profession: 'student', has_licence: true, national_id_hash: idHash, first_name: 'Ola', last_name: 'Annen' });
    const a = await pending(t.db, { firstName: 'Kari', lastName: `Lege ${token}`, hprNumber: doctorNo });
    const b = await pending(t.db, { firstName: 'Ola', lastName: `Student ${token}` });
    await t.db.update(schema.users).set({ national_id_hash: idHash }).where(eq(schema.users.id, b.id));
    const c = await pending(t.db, { firstName: 'Nils', lastName: `Ukjent ${token}`, hprNumber: '0000000' });
    await createUser(t.db, { lastName: `Godkjent ${token}` });

    const res = await t.call(ep.users, { as: adminAuth, query: { search: token } });
    expect(res.status).toBe(200);
    const body = ep.users.response.parse(res.body);
    expect(body.data.map((u) => u.id)).toEqual([c.id, b.id, a.id]);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 3 });
    const [nils, ola, kari] = body.data;
    expect(kari!.hpr).toEqual({
      found: true,
      matched_by: 'hpr_number',
      hpr_number: doctorNo,
      profession: 'doctor',
      has_authorisation: true,
      has_licence: false,
      name_matches: true,
      other_accounts: 0,
      number_in_use: false,
      confirms_health_personnel: true,
    });
    expect(ola!.hpr).toMatchObject({ found: true, matched_by: 'national_id', profession: 'student', confirms_health_personnel: true, name_matches: false });
    expect(nils!.hpr).toMatchObject({ found: false, matched_by: null, hpr_number: '0000000', confirms_health_personnel: false });
    expect(kari).toMatchObject({ status: 'awaiting_approval', status_label: 'Awaiting approval', roles: [], available_actions: ['approve', 'reject', 'block'] });
  });

  it('filters by status and searches by name or e-mail, case-insensitively', async () => {
    const token = uniqueToken();
    const approved = await createUser(t.db, { lastName: `Søk ${token}` });
    const byMail = await pending(t.db, { email: `finn-${token}@test.no` });
    const approvedList = ep.users.response.parse(
      (await t.call(ep.users, { as: adminAuth, query: { status: 'approved', search: `SØK ${token.toUpperCase()}` } })).body,
    );
    expect(approvedList.data.map((u) => u.id)).toEqual([approved.id]);
    expect(approvedList.data[0]!.available_actions).toEqual(['block']);
    const mailList = ep.users.response.parse((await t.call(ep.users, { as: adminAuth, query: { search: `FINN-${token}` } })).body);
    expect(mailList.data.map((u) => u.id)).toEqual([byMail.id]);
    const wildcard = ep.users.response.parse((await t.call(ep.users, { as: adminAuth, query: { search: `%${token}` } })).body);
    expect(wildcard.data).toEqual([]);
  });

  it('pages', async () => {
    const token = uniqueToken();
    const made: number[] = [];
    for (let i = 0; i < 5; i += 1) made.push((await pending(t.db, { lastName: `Side ${token} ${i}` })).id);
    const page2 = ep.users.response.parse(
      (await t.call(ep.users, { as: adminAuth, query: { search: `Side ${token}`, per_page: 2, page: 2 } })).body,
    );
    expect(page2.meta).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    expect(page2.data.map((u) => u.id)).toEqual([made[2], made[1]]);
    const beyond = ep.users.response.parse(
      (await t.call(ep.users, { as: adminAuth, query: { search: `Side ${token}`, per_page: 2, page: 9 } })).body,
    );
    expect(beyond.data).toEqual([]);
  });

  it('answers 422 for a bad status, page size or search', async () => {
    for (const query of [{ status: 'sleeping' }, { per_page: 51 }, { page: 0 }, { search: 'x'.repeat(101) }]) {
      const res = await t.call(ep.users, { as: adminAuth, query: invalid(query), locale: 'en' });
      expect(res.status).toBe(422);
      expect(Object.keys(res.validation.errors)).toEqual(Object.keys(query));
    }
  });
});

describe('approve', () => {
  it('approves a registered doctor: status, approved_hrp 2, role doctor, history, notification and e-mail', async () => {
    const hpr = await registerEntry(t.db, { profession: 'doctor', has_authorisation: true });
    const user = await pending(t.db, { hprNumber: hpr, locale: 'en' });
    const res = await post(ep.approve, user.id);
    expect(res.status).toBe(200);
    const { data } = ep.approve.response.parse(res.body);
    expect(data).toMatchObject({ status: 'approved', status_label: 'Approved', approved_hrp: 2, roles: ['doctor'], available_actions: ['block'] });
    expect(data.decisions).toEqual([
      {
        id: expect.any(Number),
        decision: 'approved',
        from_status: 'awaiting_approval',
        reason: null,
        created_at: expect.any(String),
        admin: { id: admin.id, first_name: admin.firstName, last_name: admin.lastName },
      },
    ]);

    await settle();
    const notes = await notificationsOf(user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ actor_user_id: admin.id, entity_type: 'account_decision', entity_id: data.decisions[0]!.id, data: { decision: 'approved', status: 'approved', reason: null } });
    const mails = await outboxOf(user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'mail', to: user.email, template: 'account_approved', locale: 'en' });
  });

  it('flags accounts sharing an HPR number and never approves a second account for one number', async () => {
    const token = uniqueToken();
    const hpr = await registerEntry(t.db, { profession: 'doctor', has_authorisation: true, first_name: 'Kari', last_name: `Ekte ${token}` });
    const real = await pending(t.db, { firstName: 'Kari', lastName: `Ekte ${token}`, hprNumber: hpr });
    const impostor = await pending(t.db, { firstName: 'Kari', lastName: `Falsk ${token}`, hprNumber: hpr });

    const queue = ep.users.response.parse((await t.call(ep.users, { as: adminAuth, query: { search: token } })).body);
    const byId = new Map(queue.data.map((u) => [u.id, u.hpr]));
    expect(byId.get(real.id)).toMatchObject({ name_matches: true, other_accounts: 1, number_in_use: false });
    expect(byId.get(impostor.id)).toMatchObject({ name_matches: false, other_accounts: 1, number_in_use: false });

    expect((await post(ep.approve, real.id)).status).toBe(200);
    const after = ep.user.response.parse((await t.call(ep.user, { as: adminAuth, params: { id: impostor.id } })).body).data;
    expect(after.hpr).toMatchObject({ other_accounts: 1, number_in_use: true });
    expect(after.available_actions).toEqual(['reject', 'block']);
    const refused = await post(ep.approve, impostor.id);
    expect(refused.status).toBe(409);
    expect(refused.error.message).toBe('Another approved account already has this HPR number. One person can only have one account.');
    expect(await rolesOf(impostor.id)).toEqual([]);
  });

  it('gives a licensed student the student role', async () => {
    const hpr = await registerEntry(t.db, { profession: 'student', has_licence: true });
    const user = await pending(t.db, { hprNumber: hpr, status: 'in_review' });
    const { data } = ep.approve.response.parse((await post(ep.approve, user.id)).body);
    expect(data).toMatchObject({ status: 'approved', approved_hrp: 2, roles: ['student'] });
  });

  it('keeps approved_hrp when the register does not confirm (a nurse), and writes Norwegian mail to a Norwegian user', async () => {
    const hpr = await registerEntry(t.db, { profession: 'nurse', has_authorisation: true });
    const user = await pending(t.db, { hprNumber: hpr });
    const { data } = ep.approve.response.parse((await post(ep.approve, user.id)).body);
    expect(data).toMatchObject({ status: 'approved', approved_hrp: 0, roles: ['doctor'] });
    expect(await rolesOf(user.id)).toEqual(['doctor']);
    await settle();
    expect((await outboxOf(user.id))[0]).toMatchObject({ template: 'account_approved', locale: 'no' });
  });

  it('answers 409 for an account that is already approved, and changes nothing', async () => {
    const user = await createUser(t.db);
    const res = await post(ep.approve, user.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status_code: 409, message: 'The account has the status “Approved”, so this is not possible now.' });
    const no = await post(ep.approve, user.id, undefined, adminAuth, 'no');
    expect(no.error.message).toBe('Kontoen har status «Godkjent», så dette kan ikke gjøres nå.');
    const detail = ep.user.response.parse((await t.call(ep.user, { as: adminAuth, params: { id: user.id } })).body);
    expect(detail.data.decisions).toEqual([]);
  });

  it('answers 409 to an administrator deciding about their own account, and offers no actions there', async () => {
    const res = await post(ep.block, admin.id, { reason: 'test' });
    expect(res.status).toBe(409);
    expect(res.error.message).toBe('You cannot make decisions about your own account.');
    const own = ep.user.response.parse((await t.call(ep.user, { as: adminAuth, params: { id: admin.id } })).body);
    expect(own.data.available_actions).toEqual([]);
  });

  it('lets exactly one of two simultaneous approvals win', async () => {
    const user = await pending(t.db);
    const results = await Promise.all([post(ep.approve, user.id), post(ep.approve, user.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const decisions = await t.db.select().from(schema.accountDecisions).where(eq(schema.accountDecisions.user_id, user.id));
    expect(decisions).toHaveLength(1);
  });
});

describe('reject', () => {
  it('needs a reason (422 in the caller language)', async () => {
    const user = await pending(t.db);
    for (const body of [{}, { reason: '   ' }, { reason: 42 }]) {
      const res = await post(ep.reject, user.id, invalid(body));
      expect(res.status).toBe(422);
      expect(res.validation.errors).toEqual({ reason: [expect.any(String)] });
    }
    const res = await post(ep.reject, user.id, invalid({}), adminAuth, 'no');
    expect(res.validation.errors).toEqual({ reason: ['Feltet er påkrevd.'] });
    const long = await post(ep.reject, user.id, { reason: 'x'.repeat(1001) });
    expect(long.status).toBe(422);
  });

  it('rejects with the reason in the history, the notification and the e-mail', async () => {
    const user = await pending(t.db);
    const res = await post(ep.reject, user.id, { reason: '  Fant deg ikke i HPR.  ' });
    const { data } = ep.reject.response.parse(res.body);
    expect(data).toMatchObject({ status: 'rejected', status_label: 'Rejected', available_actions: ['approve', 'block'] });
    expect(data.decisions[0]).toMatchObject({ decision: 'rejected', reason: 'Fant deg ikke i HPR.' });
    await settle();
    expect((await notificationsOf(user.id))[0]!.data).toEqual({ decision: 'rejected', status: 'rejected', reason: 'Fant deg ikke i HPR.' });
    const [mail] = await outboxOf(user.id);
    expect(mail).toMatchObject({ template: 'account_rejected' });
    expect(mail!.body).toContain('Fant deg ikke i HPR.');
  });

  it('answers 409 for an approved account (blocking is the way)', async () => {
    const user = await createUser(t.db);
    expect((await post(ep.reject, user.id, { reason: 'nei' })).status).toBe(409);
  });
});

describe('block and unblock', () => {
  it('blocks: the user token stops working, sessions are revoked, the decision is logged', async () => {
    const user = await createUser(t.db, { prefix: 'blockme' });
    // Tokens carry whole seconds, and one of the cut-off's own second still passes: this one is
    // issued on a clock two seconds behind (only Date is faked; timers and I/O run as usual).
    jest.useFakeTimers({ now: Date.now() - 2000, doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const session = await tokenFor(t, user).finally(() => jest.useRealTimers());
    const me = () => t.call(authEndpoints.me, { as: session });
    expect((await me()).status).toBe(200);

    const res = await post(ep.block, user.id, { reason: 'Brudd på vilkårene' });
    const { data } = ep.block.response.parse(res.body);
    expect(data).toMatchObject({ status: 'blocked', status_label: 'Blocked', available_actions: ['unblock'] });
    expect(data.decisions[0]).toMatchObject({ decision: 'blocked', from_status: 'approved', reason: 'Brudd på vilkårene' });

    expect((await me()).status).toBe(401);
    const families = await t.db.select().from(schema.refreshTokenFamilies).where(eq(schema.refreshTokenFamilies.user_id, user.id));
    expect(families.length).toBeGreaterThan(0);
    expect(families.every((f) => f.revoked_at !== null)).toBe(true);
    const refreshed = await t.call(authEndpoints.refresh, { as: null, headers: { Cookie: session.refreshCookie } });
    expect(refreshed.status).toBe(401);
    await settle();
    expect((await notificationsOf(user.id)).map((n) => n.data)).toEqual([{ decision: 'blocked', status: 'blocked', reason: 'Brudd på vilkårene' }]);
    const mails = await outboxOf(user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'mail', to: user.email, template: 'account_blocked' });
    expect(mails[0]!.body).toContain('Brudd på vilkårene');
  });

  it('unblocks back to the status before the block', async () => {
    const approved = await createUser(t.db);
    await post(ep.block, approved.id, { reason: 'midlertidig' });
    const back = ep.unblock.response.parse((await post(ep.unblock, approved.id)).body);
    expect(back.data).toMatchObject({ status: 'approved', roles: ['doctor'] });
    expect(back.data.decisions.map((d) => d.decision)).toEqual(['unblocked', 'blocked']);

    const queued = await pending(t.db);
    await post(ep.block, queued.id, { reason: 'spam' });
    const requeued = ep.unblock.response.parse((await post(ep.unblock, queued.id)).body);
    expect(requeued.data.status).toBe('awaiting_approval');
    await settle();
    expect((await notificationsOf(queued.id)).map((n) => (n.data as { decision: string }).decision).sort()).toEqual(['blocked', 'unblocked']);
    expect((await outboxOf(queued.id)).map((m) => m.template).sort()).toEqual(['account_blocked', 'account_unblocked']);
  });

  it('needs a reason to block', async () => {
    const user = await createUser(t.db);
    expect((await post(ep.block, user.id, invalid({}))).status).toBe(422);
  });

  it('answers 409 to blocking an administrator, blocking twice, or unblocking an account that is not blocked', async () => {
    const otherAdmin = await createUser(t.db, { roles: ['admin'] });
    const shown = ep.user.response.parse((await t.call(ep.user, { as: adminAuth, params: { id: otherAdmin.id } })).body);
    expect(shown.data.available_actions).toEqual([]);
    const blockAdmin = await post(ep.block, otherAdmin.id, { reason: 'x' });
    expect(blockAdmin.status).toBe(409);
    expect(blockAdmin.error.message).toBe('An administrator cannot be blocked. Remove the administrator role first.');

    const user = await createUser(t.db);
    expect((await post(ep.unblock, user.id)).status).toBe(409);
    expect((await post(ep.block, user.id, { reason: 'x' })).status).toBe(200);
    expect((await post(ep.block, user.id, { reason: 'x' })).status).toBe(409);
    expect((await post(ep.approve, user.id)).status).toBe(409);
    expect((await post(ep.reject, user.id, { reason: 'x' })).status).toBe(409);
  });
});

describe('GET /admin/users/:id', () => {
  it('shows the account with its decision history, newest first', async () => {
    const user = await pending(t.db, { locale: 'en' });
    await post(ep.reject, user.id, { reason: 'first' });
    await post(ep.approve, user.id);
    const res = await t.call(ep.user, { as: adminAuth, params: { id: user.id } });
    const { data } = ep.user.response.parse(res.body);
    expect(data).toMatchObject({ id: user.id, email: user.email, locale: 'en', email_verified: true, status: 'approved' });
    expect(data.decisions.map((d) => [d.decision, d.from_status, d.reason])).toEqual([
      ['approved', 'rejected', null],
      ['rejected', 'awaiting_approval', 'first'],
    ]);
  });
});

describe('GET /admin/outbox', () => {
  it('lists mail newest first, filters by channel and status, and pages', async () => {
    await settle();
    const token = uniqueToken();
    const base = Date.now();
    const rows = await t.db
      .insert(schema.outboxMessages)
      .values([
        { channel: 'mail', to: `a-${token}@test.no`, subject: `Først ${token}`, body: 'a', status: 'sent', created_at: new Date(base + 1) },
        { channel: 'sms', to: '+4799999999', body: `sms ${token}`, status: 'queued', created_at: new Date(base + 2) },
        { channel: 'mail', to: `b-${token}@test.no`, subject: `Sist ${token}`, body: 'b', status: 'failed', attempts: 5, last_error: 'SMTP down', created_at: new Date(base + 3) },
      ])
      .returning({ id: schema.outboxMessages.id });
    const get = async (query: QueryIn<typeof ep.outbox>) => {
      const res = await t.call(ep.outbox, { as: adminAuth, query });
      expect(res.status).toBe(200);
      return ep.outbox.response.parse(res.body);
    };
    const newest = await get({ per_page: 3 });
    expect(newest.data.map((m) => m.id)).toEqual([rows[2]!.id, rows[1]!.id, rows[0]!.id]);
    expect(newest.data[0]).toMatchObject({ status: 'failed', attempts: 5, last_error: 'SMTP down', subject: `Sist ${token}` });

    const sms = await get({ channel: 'sms', per_page: 1 });
    expect(sms.data.every((m) => m.channel === 'sms')).toBe(true);
    expect(sms.data[0]!.id).toBe(rows[1]!.id);
    const failed = await get({ status: 'failed', channel: 'mail' });
    expect(failed.data[0]!.id).toBe(rows[2]!.id);
    expect(failed.data.every((m) => m.status === 'failed' && m.channel === 'mail')).toBe(true);

    const page2 = await get({ per_page: 1, page: 2 });
    expect(page2.meta).toMatchObject({ current_page: 2, per_page: 1 });
    expect(page2.data.map((m) => m.id)).toEqual([rows[1]!.id]);
  });

  it('answers 422 for an unknown channel or status', async () => {
    for (const query of [{ channel: 'fax' }, { status: 'lost' }]) {
      const res = await t.call(ep.outbox, { as: adminAuth, query: invalid(query), locale: 'en' });
      expect(res.status).toBe(422);
      expect(res.validation.errors).toEqual({ [Object.keys(query)[0]!]: ['Invalid choice.'] });
    }
  });
});
