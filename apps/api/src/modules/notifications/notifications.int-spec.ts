import http from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  authEndpoints,
  NOTIFICATIONS_CREATE_JOB,
  type NotificationJobPayload,
  notificationEndpoints as ep,
} from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { JobQueue } from '../../common/queue';
import { MAX_STREAMS_PER_USER, NotificationStreamService } from './notification-stream.service';
import { StreamSources } from './stream-sources';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createCompany, createUser, type TestUser, tokenFor } from '../../../test/auth';
import { type BodyIn, type Caller, type Invalid, invalid, type QueryIn } from '../../../test/call';

let t: TestApp;
let jobs: JobQueue;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  jobs = t.app.get(JobQueue, { strict: false });
  const server = t.app.getHttpServer() as http.Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

const payload = (
  user: TestUser,
  actor: TestUser | null,
  over: Partial<NotificationJobPayload> = {},
): NotificationJobPayload => ({
  user_id: user.id,
  kind: 'like',
  actor_user_id: actor?.id ?? null,
  partner_company_id: null,
  entity_type: 'post',
  entity_id: 42,
  data: { excerpt: 'Hei' },
  ...over,
});

async function notify(p: NotificationJobPayload): Promise<void> {
  await jobs.enqueue(NOTIFICATIONS_CREATE_JOB, p);
  await jobs.onIdle();
}

const list = (as: Caller, query: QueryIn<typeof ep.list> | Invalid = {}) => t.call(ep.list, { as, locale: 'en', query });
const markRead = (as: Caller, body: BodyIn<typeof ep.markRead> | Invalid) => t.call(ep.markRead, { as, locale: 'en', body });

/** Opens the stream with a raw request, reads the first `data:` event, and aborts. */
function firstEvent(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; data: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${path}`, { headers }, (res) => {
      const type = String(res.headers['content-type'] ?? '');
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const match = /data: (.*)\n\n/.exec(buffer);
        if (match?.[1] !== undefined) {
          resolve({ status: res.statusCode ?? 0, type, data: JSON.parse(match[1]) as unknown });
          req.destroy();
        } else if (!type.startsWith('text/event-stream') && buffer.length > 0) {
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type, data: JSON.parse(buffer) as unknown }),
          );
        }
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'ECONNRESET') reject(e);
    });
  });
}

describe('notifications.create job', () => {
  it('stores a notification through the queue and skips the own action', async () => {
    const me = await createUser(t.db);
    const actor = await createUser(t.db);
    await notify(payload(me, actor));
    await notify(payload(me, me));
    const rows = await t.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.user_id, me.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'like',
      actor_user_id: actor.id,
      entity_type: 'post',
      entity_id: 42,
      read_at: null,
    });
    const [group] = await t.db.select().from(schema.notificationGroups).where(eq(schema.notificationGroups.id, rows[0]!.group_id));
    expect(group).toMatchObject({ user_id: me.id, kind: 'like', notification_count: 1, unread_count: 1, actor_user_id: actor.id });
  });
});

/** A notification written straight to the database, with its own entry. */
async function insertNotification(db: TestApp['db'], row: { user_id: number; kind: 'like'; actor_user_id: number }): Promise<number> {
  const [group] = await db.insert(schema.notificationGroups).values({ ...row, data: {} }).returning();
  await db.insert(schema.notifications).values({ ...row, data: {}, group_id: group!.id });
  return group!.id;
}

describe('GET /user-notifications', () => {
  it('answers 401 anonymously and 403 to accounts in review and in business-profile mode', async () => {
    expect((await list(null)).status).toBe(401);
    const inReview = await createUser(t.db, { status: 'in_review' });
    const r1 = await list(await tokenFor(t, inReview));
    expect(r1.status).toBe(403);
    expect(r1.error.reason).toBe('account_in_review');
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const r2 = await list(await tokenFor(t, manager, { actAs: company.id }));
    expect(r2.status).toBe(403);
    expect(r2.error.reason).toBe('business_profile_active');
  });

  it('lists own notifications newest first with the unread count, paginated', async () => {
    const me = await createUser(t.db);
    const other = await createUser(t.db);
    const actor = await createUser(t.db, { firstName: 'Kari' });
    await notify(payload(me, actor, { kind: 'comment', entity_id: 1 }));
    await notify(payload(me, actor, { kind: 'new_follower', entity_type: 'user', entity_id: actor.id }));
    await notify(
      payload(me, null, {
        kind: 'account_decision',
        entity_type: null,
        entity_id: null,
        data: { decision: 'approved' },
      }),
    );
    await notify(payload(other, actor));
    const auth = await tokenFor(t, me);
    const res = await list(auth, { limit: 2 });
    expect(res.status).toBe(200);
    const body = ep.list.response.parse(res.body);
    expect(body.unreadCount).toBe(3);
    expect(body.meta.next_cursor).not.toBeNull();
    expect(body.data.map((n) => n.kind)).toEqual(['account_decision', 'new_follower']);
    expect(body.data[0]!.actor).toBeNull();
    expect(body.data[1]!.actor).toMatchObject({ id: actor.id, first_name: 'Kari' });
    const page2 = ep.list.response.parse((await list(auth, { limit: 2, cursor: body.meta.next_cursor! })).body);
    expect(page2.data.map((n) => n.kind)).toEqual(['comment']);
    expect(page2.meta.next_cursor).toBeNull();
  });

  it('answers 422 for a bad page', async () => {
    const me = await createUser(t.db);
    const res = await list(await tokenFor(t, me), { cursor: 'x' });
    expect(res.status).toBe(422);
    expect(res.validation.errors.cursor).toBeDefined();
  });
});

describe('PUT /user-notifications', () => {
  it("marks the caller's ones read, ignores others' ids and answers the new unread count", async () => {
    const me = await createUser(t.db);
    const other = await createUser(t.db);
    const actor = await createUser(t.db);
    await notify(payload(me, actor));
    await notify(payload(me, actor, { kind: 'comment' }));
    await notify(payload(other, actor));
    const auth = await tokenFor(t, me);
    const mine = ep.list.response.parse((await list(auth)).body);
    const [theirs] = await t.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.user_id, other.id));
    const res = await markRead(auth, { ids: [mine.data[0]!.id, theirs!.group_id] });
    expect(res.status).toBe(200);
    expect(ep.markRead.response.parse(res.body)).toEqual({ unreadCount: 1 });
    const after = ep.list.response.parse((await list(auth)).body);
    expect(after.unreadCount).toBe(1);
    expect(after.data.find((n) => n.id === mine.data[0]!.id)!.unread).toBe(false);
    const [stillUnread] = await t.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.id, theirs!.id));
    expect(stillUnread!.read_at).toBeNull();
  });

  it('answers 401 anonymously and 422 for bad ids, localised', async () => {
    expect((await markRead(null, { ids: [1] })).status).toBe(401);
    const me = await createUser(t.db);
    const auth = await tokenFor(t, me);
    const bad = await markRead(auth, invalid({ ids: ['abc'] }));
    expect(bad.status).toBe(422);
    const empty = await t.call(ep.markRead, { as: auth, locale: 'no', body: invalid({}) });
    expect(empty.status).toBe(422);
    expect(empty.validation.errors.ids).toBeDefined();
  });
});

describe('PUT /user-notifications/read-all', () => {
  it("marks every one of the caller's notifications read (beyond the first page), not others'", async () => {
    const me = await t.session();
    const other = await t.session();
    const actor = await createUser(t.db);
    for (let i = 0; i < 12; i += 1) await notify(payload(me.user, actor, { entity_id: i + 1 }));
    await notify(payload(other.user, actor));
    const res = await t.call(ep.markAllRead, { as: me });
    expect(res.status).toBe(200);
    expect(res.parsed).toEqual({ unreadCount: 0 });
    const rows = await t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, me.user.id));
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.read_at !== null)).toBe(true);
    const [theirs] = await t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, other.user.id));
    expect(theirs!.read_at).toBeNull();
    // Nothing left to mark: still 200 with the count.
    expect((await t.call(ep.markAllRead, { as: me })).parsed).toEqual({ unreadCount: 0 });
  });

  it('answers 401 anonymously and 403 with the reason to states that may not read notifications, marking nothing', async () => {
    expect((await t.call(ep.markAllRead, { as: null })).status).toBe(401);
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    await notify(payload(manager, await createUser(t.db)));
    const company = await createCompany(t.db, { managers: [manager.id] });
    const cases = [
      [await t.session({ status: 'in_review' }), 'account_in_review'],
      [await t.session({ status: 'awaiting_approval' }), 'account_not_approved'],
      [await tokenFor(t, manager, { actAs: company.id }), 'business_profile_active'],
    ] as const;
    for (const [as, reason] of cases) {
      const res = await t.call(ep.markAllRead, { as, locale: 'en' });
      expect(res.status).toBe(403);
      expect(res.error.reason).toBe(reason);
    }
    const [row] = await t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, manager.id));
    expect(row!.read_at).toBeNull();
  });
});

describe('GET /user-notifications/stream', () => {
  it('sends the unread count at connect (token as query parameter or bearer header)', async () => {
    const me = await createUser(t.db);
    const actor = await createUser(t.db);
    await notify(payload(me, actor));
    const session = await tokenFor(t, me);
    const viaQuery = await firstEvent(`/api${ep.stream.path}?token=${session.accessToken}`);
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.type).toContain('text/event-stream');
    expect(viaQuery.data).toEqual({ unreadCount: 1 });
    const viaHeader = await firstEvent(`/api${ep.stream.path}`, { Authorization: bearer(session) });
    expect(viaHeader.data).toEqual({ unreadCount: 1 });
  });

  it('pushes the new count when a notification arrives', async () => {
    const me = await createUser(t.db);
    const actor = await createUser(t.db);
    const session = await tokenFor(t, me);
    const counts = await new Promise<number[]>((resolve, reject) => {
      const seen: number[] = [];
      const req = http.get(`${baseUrl}/api${ep.stream.path}?token=${session.accessToken}`, (res) => {
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let match: RegExpExecArray | null;
          while ((match = /data: (.*)\n\n/.exec(buffer))) {
            buffer = buffer.slice(match.index + match[0].length);
            seen.push((JSON.parse(match[1]!) as { unreadCount: number }).unreadCount);
            if (seen.length === 1) void notify(payload(me, actor));
            if (seen.length === 2) {
              req.destroy();
              resolve(seen);
            }
          }
        });
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'ECONNRESET') reject(e);
      });
    });
    expect(counts).toEqual([0, 1]);
  });

  it('answers 401 without or with a bad token and 403 to accounts in review', async () => {
    const none = await firstEvent(`/api${ep.stream.path}`);
    expect(none.status).toBe(401);
    const bad = await firstEvent(`/api${ep.stream.path}?token=nope`);
    expect(bad.status).toBe(401);
    const inReview = await createUser(t.db, { status: 'in_review' });
    const denied = await firstEvent(
      `/api${ep.stream.path}?token=${(await tokenFor(t, inReview)).accessToken}`,
    );
    expect(denied.status).toBe(403);
    expect(denied.data).toMatchObject({ reason: 'account_in_review' });
  });
});

/** Opens a stream and keeps it: what it received so far, and a promise of all it received when the server ended it. */
function holdStream(token: string): Promise<{ status: number; text: () => string; ended: Promise<string>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api${ep.stream.path}?token=${token}`, (res) => {
      let body = '';
      res.setEncoding('utf8');
      const ended = new Promise<string>((done) => res.on('end', () => done(body)));
      res.on('data', (chunk: string) => {
        const first = body === '';
        body += chunk;
        if (first) resolve({ status: res.statusCode ?? 0, text: () => body, ended, close: () => req.destroy() });
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'ECONNRESET') reject(e);
    });
  });
}

const within = <T>(p: Promise<T>, ms = 5000): Promise<T | 'still open'> =>
  Promise.race([p, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

/** Waits until `done()` holds (checked every 20 ms), at most 5 s; the assertion after it says what is wrong. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; waited < 5000 && !done(); waited += 20) await new Promise((r) => setTimeout(r, 20));
}

describe('GET /user-notifications/stream: the entries change, the count does not (issue 42)', () => {
  it('a second like joining an unread entry is an event too (same count), so an open bell reads the entry again', async () => {
    const me = await createUser(t.db);
    const ola = await createUser(t.db, { firstName: 'Ola', lastName: 'Bakken' });
    const kari = await createUser(t.db);
    await notify(payload(me, ola));
    const stream = await holdStream((await tokenFor(t, me)).accessToken);
    const events = () => [...stream.text().matchAll(/event: unread\ndata: (.*)\n\n/g)].map((m) => JSON.parse(m[1]!) as { unreadCount: number });
    await until(() => events().length >= 1);
    expect(events()).toEqual([{ unreadCount: 1 }]);
    await notify(payload(me, kari));
    // One unread entry still, now of two people: the stream says so.
    const entries = (await list(await tokenFor(t, me))).parsed.data;
    expect(entries.map((e) => [e.unread, e.actor_count])).toEqual([[true, 2]]);
    await until(() => events().length >= 2);
    expect(events()).toEqual([{ unreadCount: 1 }, { unreadCount: 1 }]);
    stream.close();
  });
});

describe('GET /user-notifications/stream: sessions and the cap (issue 37)', () => {
  it('closes a stream when its session logs out; the other session of the user keeps its stream', async () => {
    const me = await createUser(t.db);
    const leaving = await tokenFor(t, me);
    const staying = await tokenFor(t, me);
    const a = await holdStream(leaving.accessToken);
    const b = await holdStream(staying.accessToken);
    expect([a.status, b.status]).toEqual([200, 200]);
    const out = await t.call(authEndpoints.logout, { as: leaving, headers: { Cookie: leaving.refreshCookie } });
    expect(out.status).toBe(204);
    const body = await within(a.ended);
    expect(body).toContain('event: closed\ndata: {"reason":"session_ended"}');
    expect(await within(b.ended, 300)).toBe('still open');
    b.close();
    // Reconnecting with the logged-out token is refused.
    expect((await firstEvent(`/api${ep.stream.path}?token=${leaving.accessToken}`)).status).toBe(401);
  });

  it('closes a stream whose session logged out while it opened (the event came before the stream was registered)', async () => {
    const me = await createUser(t.db);
    const session = await tokenFor(t, me);
    const sources = t.app.get(StreamSources, { strict: false });
    const all = sources.all.bind(sources);
    // Between the stream's session check and its registration (while its sources start): the logout
    // commits and its event is delivered in this process, while no stream of the session is registered.
    const spy = jest.spyOn(sources, 'all').mockImplementationOnce((personal) => [
      async () => {
        const out = await t.call(authEndpoints.logout, { as: session, headers: { Cookie: session.refreshCookie } });
        expect(out.status).toBe(204);
        return () => undefined;
      },
      ...all(personal),
    ]);
    try {
      const stream = await holdStream(session.accessToken);
      expect(stream.status).toBe(200);
      expect(await within(stream.ended)).toContain('event: closed\ndata: {"reason":"session_ended"}');
      const service = t.app.get(NotificationStreamService, { strict: false });
      expect(service.openCount(me.id)).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('closes the personal stream when the session switches to a company, and the company stream when it switches back', async () => {
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const session = await tokenFor(t, manager);
    const personal = await holdStream(session.accessToken);
    const switched = await t.call(authEndpoints.authAs, { as: session, params: { id: company.id } });
    expect(switched.status).toBe(200);
    expect(await within(personal.ended)).toContain('event: closed\ndata: {"reason":"mode_changed"}');
    // The new token acts as the company: its stream stays until the session leaves business mode.
    const companyToken = switched.parsed.access_token;
    const asCompany = await holdStream(companyToken);
    expect(await within(asCompany.ended, 300)).toBe('still open');
    const back = await t.call(authEndpoints.leaveBusinessProfile, { as: { ...session, accessToken: companyToken } });
    expect(back.status).toBe(200);
    expect(await within(asCompany.ended)).toContain('"reason":"mode_changed"');
  });

  it(`holds at most ${MAX_STREAMS_PER_USER} streams per user: the oldest closes first`, async () => {
    const me = await createUser(t.db);
    const session = await tokenFor(t, me);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) streams.push(await holdStream(session.accessToken));
    const service = t.app.get(NotificationStreamService, { strict: false });
    expect(service.openCount(me.id)).toBe(MAX_STREAMS_PER_USER);
    const newest = await holdStream(session.accessToken);
    expect(await within(streams[0]!.ended)).toContain('event: closed\ndata: {"reason":"too_many_streams"}');
    expect(await within(streams[1]!.ended, 300)).toBe('still open');
    expect(service.openCount(me.id)).toBe(MAX_STREAMS_PER_USER);
    for (const s of [...streams.slice(1), newest]) s.close();
    // Another user is not counted with this one.
    const other = await createUser(t.db);
    const theirs = await holdStream((await tokenFor(t, other)).accessToken);
    expect(await within(theirs.ended, 300)).toBe('still open');
    theirs.close();
  });
});

describe('GET /user-notifications/stream across replicas (Redis pub/sub)', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let a: TestApp;
  let b: TestApp;
  let aUrl: string;

  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL } });
    b = await createTestApp({ env: { REDIS_URL } });
    const server = a.app.getHttpServer() as http.Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    aUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('a change made through one replica reaches a stream open on another', async () => {
    const me = await createUser(a.db);
    const actor = await createUser(a.db);
    const groupId = await insertNotification(a.db, { user_id: me.id, kind: 'like', actor_user_id: actor.id });
    const streamToken = (await tokenFor(a, me)).accessToken;
    const bSession = await tokenFor(b, me);
    const counts = await new Promise<number[]>((resolve, reject) => {
      const seen: number[] = [];
      const req = http.get(`${aUrl}/api${ep.stream.path}?token=${streamToken}`, (res) => {
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let match: RegExpExecArray | null;
          while ((match = /data: (.*)\n\n/.exec(buffer))) {
            buffer = buffer.slice(match.index + match[0].length);
            seen.push((JSON.parse(match[1]!) as { unreadCount: number }).unreadCount);
            if (seen.length === 1) {
              void b.call(ep.markRead, { as: bSession, body: { ids: [groupId] } }).then(() => undefined, reject);
            }
            if (seen.length === 2) {
              req.destroy();
              resolve(seen);
            }
          }
        });
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'ECONNRESET') reject(e);
      });
    });
    expect(counts).toEqual([1, 0]);
  });
});

describe('access gates and hostile input', () => {
  it('PUT answers 403 to accounts in review and in business-profile mode, marking nothing', async () => {
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const actor = await createUser(t.db);
    await notify(payload(manager, actor));
    const [row] = await t.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.user_id, manager.id));
    const company = await createCompany(t.db, { managers: [manager.id] });
    const asCompany = await markRead(await tokenFor(t, manager, { actAs: company.id }), {
      ids: [row!.group_id],
    });
    expect(asCompany.status).toBe(403);
    expect(asCompany.error.reason).toBe('business_profile_active');
    const inReview = await createUser(t.db, { status: 'in_review' });
    const r = await markRead(await tokenFor(t, inReview), { ids: [row!.group_id] });
    expect(r.status).toBe(403);
    expect(r.error.reason).toBe('account_in_review');
    const [after] = await t.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.id, row!.id));
    expect(after!.read_at).toBeNull();
  });

  it('the stream carries no bell in business-profile mode, refuses accounts in review, and answers 422 for an oversized token', async () => {
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const actor = await createUser(t.db);
    const company = await createCompany(t.db, { managers: [manager.id] });
    await notify(payload(manager, actor));
    // Acting as the company: the stream opens (the company's messages travel on it), but the
    // manager's own unread count is personal and never written to it.
    const companyToken = (await tokenFor(t, manager, { actAs: company.id })).accessToken;
    const asCompany = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = http.get(`${baseUrl}/api${ep.stream.path}?token=${companyToken}`, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        setTimeout(() => {
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body });
          req.destroy();
        }, 500);
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'ECONNRESET') reject(e);
      });
    });
    expect([asCompany.status, asCompany.type.startsWith('text/event-stream')]).toEqual([200, true]);
    expect(asCompany.body).not.toContain('event: unread');
    const personal = await firstEvent(`/api${ep.stream.path}?token=${(await tokenFor(t, manager)).accessToken}`);
    expect(personal.data).toEqual({ unreadCount: 1 });
    const inReview = await createUser(t.db, { status: 'in_review' });
    const refused = await firstEvent(`/api${ep.stream.path}?token=${(await tokenFor(t, inReview)).accessToken}`);
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ reason: 'account_in_review' });
    const huge = await firstEvent(`/api${ep.stream.path}?token=${'x'.repeat(4001)}`, {
      'X-localization': 'en',
    });
    expect(huge.status).toBe(422);
    expect(huge.data).toMatchObject({ errors: { token: ['Can be at most 4000 characters.'] } });
  });

  it('answers 422 with per-field messages for bad pages and ids; ids beyond the integer range are ignored', async () => {
    const me = await createUser(t.db);
    const actor = await createUser(t.db);
    await notify(payload(me, actor));
    const auth = await tokenFor(t, me);
    const badPages: [QueryIn<typeof ep.list>, string, string][] = [
      [{ limit: 999 }, 'limit', 'Can be at most 50.'],
      [{ limit: 0 }, 'limit', 'Must be at least 1.'],
      [{ cursor: Buffer.from('["not a time", 1]').toString('base64url') }, 'cursor', 'Invalid value.'],
    ];
    for (const [query, field, message] of badPages) {
      const res = await list(auth, query);
      expect([field, res.status, res.validation.errors[field]]).toEqual([
        field,
        422,
        expect.arrayContaining([message]),
      ]);
    }
    const badBodies: [unknown, string, string][] = [
      [{ ids: ['99999999999999999999'] }, 'ids.0', 'Can be at most 9007199254740991.'],
      [{ ids: [-1] }, 'ids.0', 'Must be greater than 0.'],
      [{ ids: ['1; DROP TABLE notifications'] }, 'ids.0', 'Invalid value.'],
      [{ ids: 'abc' }, 'ids', 'Invalid value.'],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 'ids', 'Choose at most 500.'],
      [{ ids: [{ $gt: 0 }] }, 'ids.0', 'Invalid value.'],
    ];
    for (const [body, field, message] of badBodies) {
      const res = await markRead(auth, invalid(body));
      expect([field, res.status, res.validation.errors[field]]).toEqual([field, 422, [message]]);
    }
    const beyond = await markRead(auth, { ids: [2147483648, 9007199254740991] });
    expect(beyond.status).toBe(200);
    expect(ep.markRead.response.parse(beyond.body)).toEqual({ unreadCount: 1 });
  });
});
