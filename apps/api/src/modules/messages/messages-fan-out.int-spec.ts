import { messageEndpoints as ep, notificationPreferenceEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { settleJobs } from '../../../test/jobs';

/**
 * A group message tells its members through one notification job (issue 40): one outbox row for
 * the whole group, whose handler writes every member's bell entry by one statement, each member's
 * own rules applied (muted, in-app off). Counted in rows, not in time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { jobOutbox, notifications, notificationGroups } = schema;

/** The notification jobs about this conversation, of one job name or the other. */
const notificationJobs = (conversationId: number) =>
  t.db
    .select()
    .from(jobOutbox)
    .where(
      and(
        inArray(jobOutbox.name, ['notifications.create', 'notifications.create-many']),
        sql`${jobOutbox.payload}->>'entity_type' = 'conversation'`,
        sql`(${jobOutbox.payload}->>'entity_id')::int = ${conversationId}`,
      ),
    );

/** The bell's members (one row per notification) about message `seq` of the conversation, by recipient. */
const bellRowsOf = async (conversationId: number, seq: number) => {
  const rows = await t.db
    .select({ user_id: notifications.user_id })
    .from(notifications)
    .where(and(eq(notifications.kind, 'chat_message'), eq(notifications.entity_id, conversationId), sql`(${notifications.data}->>'seq')::int = ${seq}`));
  return rows.map((r) => r.user_id).sort((a, b) => a - b);
};

it('a message to a group of 20 is one outbox row; every member gets one bell entry, a muted member and one with the bell off none', async () => {
  const owner = await t.session({ firstName: 'Gro' });
  const members = await Promise.all(Array.from({ length: 19 }, () => t.session()));
  const ids = members.map((m) => m.user.id).sort((a, b) => a - b);
  const created = await t.call(ep.createGroup, { as: owner, body: { title: 'Hele avdelingen', user_ids: ids, body: 'Velkommen' } });
  expect(created.status).toBe(201);
  const conversation = created.parsed.data.conversation;
  expect(conversation.participants).toHaveLength(20);

  // The first message: one job naming the 19 others.
  const first = await notificationJobs(conversation.id);
  expect(first).toHaveLength(1);
  expect(first[0]!.name).toBe('notifications.create-many');
  expect((first[0]!.payload as { user_ids: number[] }).user_ids.sort((a, b) => a - b)).toEqual(ids);
  await settleJobs(t);
  expect(await bellRowsOf(conversation.id, 1)).toEqual(ids);

  // One member mutes the group, another turns the bell off for messages.
  const [muted, bellOff] = [members[0]!, members[1]!];
  expect((await t.call(ep.settings, { as: muted, params: { id: conversation.id }, body: { muted: true } })).status).toBe(200);
  expect((await t.call(notificationPreferenceEndpoints.update, { as: bellOff, body: { channels: { messages: { in_app: false } } } })).status).toBe(200);
  expect((await t.call(ep.send, { as: owner, params: { id: conversation.id }, body: { body: 'Møte kl. 8' } })).status).toBe(201);

  const jobs = await notificationJobs(conversation.id);
  expect(jobs).toHaveLength(2);
  const second = jobs.find((j) => j.id !== first[0]!.id)!;
  // The muted member is not among the recipients; the one with the bell off is (their settings are read when the job runs).
  expect((second.payload as { user_ids: number[] }).user_ids.sort((a, b) => a - b)).toEqual(ids.filter((id) => id !== muted.user.id));
  await settleJobs(t);

  const told = ids.filter((id) => id !== muted.user.id && id !== bellOff.user.id);
  expect(await bellRowsOf(conversation.id, 2)).toEqual(told);
  // Still one entry per member and conversation (grouped), its newest message shown, two unread for those told twice.
  const entries = await t.db
    .select({ user_id: notificationGroups.user_id, unread: notificationGroups.unread_count, data: notificationGroups.data, actor_count: notificationGroups.actor_count })
    .from(notificationGroups)
    .where(and(eq(notificationGroups.kind, 'chat_message'), eq(notificationGroups.entity_id, conversation.id)));
  expect(entries.map((e) => e.user_id).sort((a, b) => a - b)).toEqual(ids);
  for (const e of entries) {
    if (e.user_id === muted.user.id || e.user_id === bellOff.user.id) {
      expect(e).toMatchObject({ unread: 1, data: { seq: 1 } });
    } else {
      expect(e).toMatchObject({ unread: 2, actor_count: 1, data: { seq: 2, excerpt: 'Møte kl. 8', request: 0 } });
    }
  }
  expect(await bellRowsOf(conversation.id, 1)).toEqual(ids);
});

it('a one-to-one message stays one ordinary notifications.create job', async () => {
  const a = await t.session();
  const b = await t.session();
  const started = await t.call(ep.start, { as: a, body: { to_user_id: b.user.id, body: 'Hei' } });
  const jobs = await notificationJobs(started.parsed.data.conversation.id);
  expect(jobs.map((j) => [j.name, (j.payload as { user_id: number }).user_id])).toEqual([['notifications.create', b.user.id]]);
  await settleJobs(t);
  expect(await bellRowsOf(started.parsed.data.conversation.id, 1)).toEqual([b.user.id]);
});
