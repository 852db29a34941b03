import { messageEndpoints, notificationPreferenceEndpoints, pushEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq, sql } from 'drizzle-orm';
import { type AppConfig, APP_CONFIG } from '../../../config';
import { createTestApp, type TestApp, type UserSession } from '../../../../test/app';
import { createCompany, tokenFor, withoutQuietHours } from '../../../../test/auth';
import { type Caller, invalid } from '../../../../test/call';
import { settleJobs } from '../../../../test/jobs';
import { type PushServiceStandIn, type ReceivedPush, startPushService, type TestSubscription } from '../../../../test/push-service';

/**
 * Push notifications end to end (issue 41): subscriptions per device, and pushes through the outbox
 * to a push-service stand-in that verifies the VAPID token and decrypts the message.
 */
let t: TestApp;
let service: PushServiceStandIn;
beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({ env: { MAIL_FROM: 'Legenett <varsler@legenett.no>' } });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const subscribe = (as: Caller, sub: Pick<TestSubscription, 'endpoint' | 'keys'>, userAgent?: string) =>
  t.call(ep.subscribe, { as, body: { endpoint: sub.endpoint, keys: sub.keys }, locale: 'en', ...(userAgent ? { headers: { 'User-Agent': userAgent } } : {}) });

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** Waits until `n` pushes that passed the stand-in's checks reached `sub` (or 15 s passed), then a little longer for any extra. */
async function pushesTo(sub: TestSubscription, n: number): Promise<ReceivedPush[]> {
  for (let i = 0; i < 300 && service.delivered(sub).length < n; i++) await new Promise((r) => setTimeout(r, 50));
  await settleJobs(t);
  return service.delivered(sub);
}

async function doctorWithDevice(names?: { firstName: string; lastName: string }): Promise<{ me: UserSession; sub: TestSubscription; deviceId: number }> {
  const me = await t.session(names);
  await withoutQuietHours(t.db, [me.user.id]);
  const sub = service.subscription();
  const added = await subscribe(me, sub, ANDROID_CHROME);
  expect(added.status).toBe(201);
  return { me, sub, deviceId: added.parsed.data.id };
}

const write = async (from: UserSession, to: UserSession, body: string) => {
  const answer = await t.call(messageEndpoints.start, { as: from, body: { to_user_id: to.user.id, body } });
  expect(answer.status).toBe(201);
  return answer.parsed.data.conversation.id;
};

describe('GET /push/vapid-public-key', () => {
  it('answers the public half of the VAPID key to a logged-in user, 401 anonymously', async () => {
    expect((await t.call(ep.vapidKey, { as: null })).status).toBe(401);
    const me = await t.session();
    const answer = await t.call(ep.vapidKey, { as: me });
    expect(answer.status).toBe(200);
    expect(answer.parsed.data.public_key).toBe(t.app.get<AppConfig>(APP_CONFIG).push.vapidPublicKey);
    expect(answer.parsed.data.public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });
});

describe('/user/push-subscriptions', () => {
  it('refuses anonymous callers (401) and a business profile (403)', async () => {
    const sub = service.subscription();
    expect((await subscribe(null, sub)).status).toBe(401);
    expect((await t.call(ep.devices, { as: null })).status).toBe(401);
    expect((await t.call(ep.unsubscribe, { as: null, params: { id: 1 } })).status).toBe(401);
    const manager = await t.session();
    const company = await createCompany(t.db, { managers: [manager.user.id] });
    const asCompany = await tokenFor(t, manager.user, { actAs: company.id });
    const [s, l, d] = await Promise.all([
      subscribe(asCompany, sub),
      t.call(ep.devices, { as: asCompany }),
      t.call(ep.unsubscribe, { as: asCompany, params: { id: 1 } }),
    ]);
    for (const answer of [s, l, d]) {
      expect(answer.status).toBe(403);
      expect(answer.error.reason).toBe('business_profile_active');
    }
  });

  it('adds a device once however often it subscribes, lists it with its name and last use, and removes it', async () => {
    const me = await t.session();
    const sub = service.subscription();
    const first = await subscribe(me, sub, ANDROID_CHROME);
    const again = await subscribe(me, sub, ANDROID_CHROME);
    expect(first.status).toBe(201);
    expect(again.parsed.data.id).toBe(first.parsed.data.id);
    const rows = await t.db.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.endpoint, sub.endpoint));
    expect(rows).toHaveLength(1);

    const list = await t.call(ep.devices, { as: me });
    expect(list.parsed).toEqual({
      data: [{ id: first.parsed.data.id, device: { browser: 'Chrome', system: 'Android' }, push_service: new URL(service.origin).host, created_at: expect.any(String) as string, last_used_at: null }],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 },
    });
    // Nothing of the endpoint or keys is shown.
    expect(list.text).not.toContain(sub.id);
    expect(list.text).not.toContain(sub.keys.auth);

    expect((await t.call(ep.unsubscribe, { as: me, params: { id: first.parsed.data.id } })).status).toBe(204);
    expect((await t.call(ep.devices, { as: me })).parsed.data).toEqual([]);
  });

  it("answers 404 for another user's device and for one that does not exist, and leaves the other's device alone", async () => {
    const { deviceId } = await doctorWithDevice();
    const other = await t.session();
    const answer = await t.call(ep.unsubscribe, { as: other, params: { id: deviceId }, locale: 'en' });
    expect(answer.status).toBe(404);
    expect((await t.call(ep.unsubscribe, { as: other, params: { id: 999_999_999 } })).status).toBe(404);
    expect(await t.db.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.id, deviceId))).toHaveLength(1);
    expect((await t.call(ep.devices, { as: other })).parsed.data).toEqual([]);
  });

  it('refuses endpoints the server must not call (422 on endpoint), in the caller\'s language', async () => {
    const me = await t.session();
    const keys = service.subscription().keys;
    const cases: [string, string][] = [
      ['https://10.0.0.7/push/x', 'The push address points to a private or local network and cannot be used.'],
      ['https://169.254.169.254/latest/meta-data', 'The push address points to a private or local network and cannot be used.'],
      ['https://[fd00::1]/push/x', 'The push address points to a private or local network and cannot be used.'],
      ['https://[::1]:8443/push/x', 'The push address points to a private or local network and cannot be used.'],
      ['https://localhost/push/x', 'The push address points to a private or local network and cannot be used.'],
      ['https://metadata.google.internal/computeMetadata/v1', 'The push address points to a private or local network and cannot be used.'],
      ['http://192.168.1.10/push/x', 'The push address must be an https address of a public push service.'],
      ['http://localhost:9000/push/x', 'The push address must be an https address of a public push service.'],
      ['file:///etc/passwd', 'Invalid link.'],
    ];
    for (const [endpoint, message] of cases) {
      const answer = await subscribe(me, { endpoint, keys });
      expect([endpoint, answer.status, answer.validation.errors]).toEqual([endpoint, 422, { endpoint: [message] }]);
    }
    const norwegian = await t.call(ep.subscribe, { as: me, body: { endpoint: 'https://10.0.0.7/x', keys } });
    expect(norwegian.validation.errors).toEqual({ endpoint: ['Push-adressen peker til et privat eller lokalt nett og kan ikke brukes.'] });
    // Keys: the wrong length, and 65 bytes that are not a point of P-256.
    const bad = await subscribe(me, { endpoint: `${service.origin}/push/x`, keys: { p256dh: 'AAAA', auth: keys.auth } });
    expect(bad.validation.errors).toEqual({ 'keys.p256dh': ['Invalid key in the push subscription.'] });
    const offCurve = await subscribe(me, { endpoint: `${service.origin}/push/x`, keys: { p256dh: `B${'A'.repeat(86)}`, auth: keys.auth } });
    expect(offCurve.validation.errors).toEqual({ 'keys.p256dh': ['Invalid key in the push subscription.'] });
    const noBody = await t.call(ep.subscribe, { as: me, body: invalid({}), locale: 'en' });
    expect(noBody.status).toBe(422);
    expect(await t.db.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.user_id, me.user.id))).toEqual([]);
  });
});

describe('pushes', () => {
  it('a message to a doctor with push on makes exactly one push: who and what kind, no message text, signed and encrypted', async () => {
    const kari = await t.session({ firstName: 'Kari', lastName: 'Nordby' });
    const { me, sub, deviceId } = await doctorWithDevice();
    const conversationId = await write(kari, me, 'Pasienten i rom 12 har fått ny medisin');
    const [push, ...more] = await pushesTo(sub, 1);
    expect(more).toEqual([]);
    expect(service.received.filter((r) => r.subscription === sub.id)).toHaveLength(1);
    expect(push!.payload).toEqual({
      title: 'Ny melding fra Kari Nordby',
      body: '',
      tag: expect.stringMatching(/^entry-\d+$/) as string,
      url: `/messages/${conversationId}`,
      kind: 'chat_message',
    });
    expect(JSON.stringify(push!.payload)).not.toContain('Pasienten');
    expect(push!.headers).toEqual({ ttl: '86400', urgency: 'high', topic: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) as string, encoding: 'aes128gcm' });
    expect(push!.claims).toMatchObject({ aud: service.origin, sub: 'mailto:varsler@legenett.no' });
    expect(push!.vapidKey).toBe(t.app.get<AppConfig>(APP_CONFIG).push.vapidPublicKey);
    const [row] = await t.db.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.id, deviceId));
    expect(row!.last_used_at).not.toBeNull();
  });

  it('in English for an English reader; a second message in the conversation pushes again under the same topic and tag', async () => {
    const kari = await t.session({ firstName: 'Kari', lastName: 'Nordby' });
    const { me, sub } = await doctorWithDevice();
    await t.db.update(schema.users).set({ locale: 'en' }).where(eq(schema.users.id, me.user.id));
    const conversationId = await write(kari, me, 'Første');
    await pushesTo(sub, 1);
    await t.call(messageEndpoints.send, { as: kari, params: { id: conversationId }, body: { body: 'Andre' } });
    const pushes = await pushesTo(sub, 2);
    expect(pushes.map((p) => p.payload?.title)).toEqual(['New message from Kari Nordby', 'New message from Kari Nordby']);
    expect(pushes[1]!.headers.topic).toBe(pushes[0]!.headers.topic);
    expect(pushes[1]!.payload?.tag).toBe(pushes[0]!.payload?.tag);
  });

  it('shows the first words of the message only with the lock-screen preview on', async () => {
    const kari = await t.session({ firstName: 'Kari', lastName: 'Nordby' });
    const { me, sub } = await doctorWithDevice();
    const settings = await t.call(notificationPreferenceEndpoints.update, { as: me, body: { push_preview: true } });
    expect(settings.parsed.data.push_preview).toBe(true);
    await write(kari, me, 'Kan du ta vakta mi på lørdag? Jeg har fått et kurs i Bergen som varer hele helgen, og jeg trenger noen');
    const [push] = await pushesTo(sub, 1);
    expect(push!.payload?.body).toBe('Kan du ta vakta mi på lørdag? Jeg har fått et kurs i Bergen som varer hele…');
  });

  it('sends nothing when push is off for messages (the settings table), nor to a device of someone else', async () => {
    const kari = await t.session();
    const { me, sub } = await doctorWithDevice();
    const off = await t.call(notificationPreferenceEndpoints.update, { as: me, body: { channels: { messages: { push: false } } } });
    expect(off.parsed.data.categories.find((c) => c.category === 'messages')?.push).toEqual({ enabled: false, locked: false });
    await write(kari, me, 'Hei');
    await settleJobs(t);
    expect(service.received.filter((r) => r.subscription === sub.id)).toEqual([]);
  });

  it('quiet hours hold the push back to their end, and a night of messages on one conversation is one push then', async () => {
    const kari = await t.session({ firstName: 'Kari', lastName: 'Nordby' });
    const { me, sub, deviceId } = await doctorWithDevice();
    const hhmm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
    const quiet = { enabled: true, start: hhmm(new Date(Date.now() - 3_600_000)), end: hhmm(new Date(Date.now() + 3_600_000)) };
    expect((await t.call(notificationPreferenceEndpoints.update, { as: me, body: { quiet_hours: quiet } })).status).toBe(200);
    const conversationId = await write(kari, me, 'Første');
    await t.call(messageEndpoints.send, { as: kari, params: { id: conversationId }, body: { body: 'Andre' } });
    await settleJobs(t);
    const mine = and(eq(schema.jobOutbox.name, 'notifications.push'), sql`${schema.jobOutbox.payload}->>'subscription_id' = ${String(deviceId)}`);
    const jobs = await t.db.select().from(schema.jobOutbox).where(mine);
    expect(jobs).toHaveLength(1);
    const wait = jobs[0]!.next_attempt_at.getTime() - Date.now();
    expect(wait).toBeGreaterThan(55 * 60_000);
    expect(wait).toBeLessThanOrEqual(61 * 60_000);
    expect(service.received.filter((r) => r.subscription === sub.id)).toEqual([]);
    // The morning comes: one push, about the conversation as it is then.
    await t.db.update(schema.jobOutbox).set({ next_attempt_at: new Date() }).where(mine);
    const pushes = await pushesTo(sub, 1);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload?.title).toBe('Ny melding fra Kari Nordby');
  });

  it('a message deleted before its held push goes leaves the push without its text (in-app off, preview on)', async () => {
    const kari = await t.session({ firstName: 'Kari', lastName: 'Nordby' });
    const { me, sub, deviceId } = await doctorWithDevice();
    const hhmm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
    const quiet = { enabled: true, start: hhmm(new Date(Date.now() - 3_600_000)), end: hhmm(new Date(Date.now() + 3_600_000)) };
    const set = await t.call(notificationPreferenceEndpoints.update, { as: me, body: { quiet_hours: quiet, push_preview: true, channels: { messages: { in_app: false } } } });
    expect(set.status).toBe(200);
    const start = await t.call(messageEndpoints.start, { as: kari, body: { to_user_id: me.user.id, body: 'Pasient Ola Hansen, rom 12' } });
    const { conversation, message } = start.parsed.data;
    await settleJobs(t);
    const mine = and(eq(schema.jobOutbox.name, 'notifications.push'), sql`${schema.jobOutbox.payload}->>'subscription_id' = ${String(deviceId)}`);
    expect(JSON.stringify((await t.db.select().from(schema.jobOutbox).where(mine)).map((j) => j.payload))).toContain('Ola Hansen');
    expect((await t.call(messageEndpoints.remove, { as: kari, params: { id: conversation.id, messageId: message.id } })).status).toBe(200);
    expect(JSON.stringify((await t.db.select().from(schema.jobOutbox).where(mine)).map((j) => j.payload))).not.toContain('Ola Hansen');
    await t.db.update(schema.jobOutbox).set({ next_attempt_at: new Date() }).where(mine);
    const [push] = await pushesTo(sub, 1);
    expect(push!.payload).toMatchObject({ title: 'Ny melding fra Kari Nordby', body: '' });
  });

  it('a 410 from the push service removes the device', async () => {
    const kari = await t.session();
    const { me, sub, deviceId } = await doctorWithDevice();
    service.answer(sub, 410);
    await write(kari, me, 'Hei');
    for (let i = 0; i < 200 && service.received.filter((r) => r.subscription === sub.id).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await settleJobs(t);
    expect(service.received.filter((r) => r.subscription === sub.id).map((r) => r.status)).toEqual([410]);
    expect(await t.db.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.id, deviceId))).toEqual([]);
    expect((await t.call(ep.devices, { as: me })).parsed.data).toEqual([]);
  });

  it('after a 500 the push is tried again with back-off and delivered once', async () => {
    const kari = await t.session();
    const { me, sub, deviceId } = await doctorWithDevice();
    service.answer(sub, 500);
    await write(kari, me, 'Hei');
    const delivered = await pushesTo(sub, 1);
    expect(service.received.filter((r) => r.subscription === sub.id).map((r) => r.status)).toEqual([500, 201]);
    expect(delivered).toHaveLength(1);
    const [job] = await t.db
      .select()
      .from(schema.jobOutbox)
      .where(and(eq(schema.jobOutbox.name, 'notifications.push'), sql`${schema.jobOutbox.payload}->>'subscription_id' = ${String(deviceId)}`));
    expect(job!.ran_at).not.toBeNull();
  });
});
