import { randomUUID } from 'node:crypto';
import { messageEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp, type UserSession } from '../../../test/app';
import { invalid } from '../../../test/call';
import { settleJobs } from '../../../test/jobs';

/**
 * The offline message queue's server side (issue 41): a message carries the client's idempotency key
 * (`client_key`, a UUID), and sending it again, after a lost answer or from the queue when the
 * connection returns, answers the first message instead of making a second one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function conversationOf(a: UserSession, b: UserSession): Promise<number> {
  const res = await t.call(ep.start, { as: a, body: { to_user_id: b.user.id, body: 'Hei' } });
  expect(res.status).toBe(201);
  return res.parsed.data.conversation.id;
}

const send = (as: UserSession, id: number, body: string, client_key?: string) =>
  t.call(ep.send, { as, params: { id }, body: { body, ...(client_key ? { client_key } : {}) }, locale: 'en' });

const rowsOf = (id: number) => t.db.select().from(schema.messages).where(eq(schema.messages.conversation_id, id));

it('a message sent twice with the same key is one message, one notification', async () => {
  const a = await t.session();
  const b = await t.session();
  const id = await conversationOf(a, b);
  const key = randomUUID();
  const first = await send(a, id, 'Skrevet uten nett', key);
  const again = await send(a, id, 'Skrevet uten nett', key);
  expect(first.status).toBe(201);
  expect(again.status).toBe(201);
  expect(again.parsed.data).toEqual(first.parsed.data);
  expect((await rowsOf(id)).map((m) => m.body)).toEqual(['Hei', 'Skrevet uten nett']);
  await settleJobs(t);
  const [group] = await t.db
    .select()
    .from(schema.notificationGroups)
    .where(and(eq(schema.notificationGroups.user_id, b.user.id), eq(schema.notificationGroups.entity_id, id)));
  expect(group!.notification_count).toBe(2);
});

it('the same key sent at once from several requests still makes one message', async () => {
  const a = await t.session();
  const b = await t.session();
  const id = await conversationOf(a, b);
  const key = randomUUID();
  const answers = await Promise.all([1, 2, 3, 4].map(() => send(a, id, 'Samtidig', key)));
  expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
  expect(new Set(answers.map((r) => r.parsed.data.id)).size).toBe(1);
  expect((await rowsOf(id)).filter((m) => m.body === 'Samtidig')).toHaveLength(1);
});

it('a key is the sender\'s in one conversation: other messages, senders and conversations are apart; without a key every send is new', async () => {
  const a = await t.session();
  const b = await t.session();
  const c = await t.session();
  const ab = await conversationOf(a, b);
  const ac = await conversationOf(a, c);
  const key = randomUUID();
  const one = await send(a, ab, 'En', key);
  const other = await send(a, ac, 'En', key);
  const reply = await send(b, ab, 'Svar', key);
  expect(new Set([one.parsed.data.id, other.parsed.data.id, reply.parsed.data.id]).size).toBe(3);
  await send(a, ab, 'Uten nøkkel');
  await send(a, ab, 'Uten nøkkel');
  expect((await rowsOf(ab)).filter((m) => m.body === 'Uten nøkkel')).toHaveLength(2);
  // Someone outside the conversation learns nothing through a key: 404 as always.
  const outsider = await t.session();
  expect((await send(outsider, ab, 'En', key)).status).toBe(404);
});

it('a key that is not a UUID is 422 on client_key', async () => {
  const a = await t.session();
  const b = await t.session();
  const id = await conversationOf(a, b);
  const res = await t.call(ep.send, { as: a, params: { id }, body: invalid({ body: 'Hei', client_key: 'abc' }), locale: 'en' });
  expect(res.status).toBe(422);
  expect(Object.keys(res.validation.errors)).toEqual(['client_key']);
});
