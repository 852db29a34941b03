import {
  courseEndpoints,
  encodeTimeIdCursor,
  type Endpoint,
  jobEndpoints,
  messageEndpoints as ep,
  type MessageReport,
  notificationEndpoints,
  notificationMessage,
  notificationPreferenceEndpoints,
  postEndpoints,
  translate,
} from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { type Caller, invalid, type Upload } from '../../../test/call';
import { insertCourse } from '../../../test/courses';
import { fileRows } from '../../../test/files';
import { settleJobs } from '../../../test/jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A valid made-up fødselsnummer (1 January 1990, check digits computed by hand). */
const FNR = '01019012480';

const png = async (): Promise<Upload> => ({
  buffer: await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer(),
  name: 'photo.png',
});

async function start(from: Caller, to: number, body = 'Hei, kollega!') {
  const res = await t.call(ep.start, { as: from, body: { to_user_id: to, body } });
  expect(res.status).toBe(201);
  return res.parsed.data;
}

async function send(from: Caller, id: number, body: string, extra: { reply_to_id?: number; files?: Upload[] } = {}) {
  const res = await t.call(ep.send, {
    as: from,
    params: { id },
    body: { body, ...(extra.reply_to_id === undefined ? {} : { reply_to_id: extra.reply_to_id }) },
    ...(extra.files ? { files: { 'files[]': extra.files } } : {}),
  });
  expect(res.status).toBe(201);
  return res.parsed.data;
}

const history = async (as: Caller, id: number, query: { before?: number; after?: number; limit?: number } = {}) =>
  (await t.call(ep.history, { as, params: { id }, query })).parsed;

const unread = async (as: Caller) => (await t.call(ep.unread, { as })).parsed.data;

describe('one-to-one conversations', () => {
  it('starts a conversation, opens the same one again, and keeps one order by sequence', async () => {
    const a = await t.session({ firstName: 'Anne' });
    const b = await t.session({ firstName: 'Bjørn' });
    const first = await start(a, b.user.id, 'Hei Bjørn');
    expect(first.conversation).toMatchObject({ kind: 'direct', my_state: 'active', last_seq: 1, unread_count: 0, can_write: true });
    expect(first.conversation.title).toContain('Bjørn');
    expect(first.message).toMatchObject({ seq: 1, body: 'Hei Bjørn', is_mine: true, edited: false, deleted: false, can_edit: true });

    // Starting again, from either side, opens the same conversation.
    const again = await start(b, a.user.id, 'Hei Anne');
    expect(again.conversation.id).toBe(first.conversation.id);
    expect(again.message.seq).toBe(2);

    const reply = await send(a, first.conversation.id, 'Svar på det', { reply_to_id: again.message.id });
    expect(reply.reply_to).toMatchObject({ id: again.message.id, excerpt: 'Hei Anne', deleted: false });

    const page = await history(b, first.conversation.id);
    expect(page.data.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(page.data.map((m) => m.is_mine)).toEqual([false, true, false]);
    expect(page.meta).toEqual({ has_more: false, last_seq: 3 });

    // Keyset both ways: older with `before`, catch-up with `after`.
    expect((await history(b, first.conversation.id, { limit: 2 })).data.map((m) => m.seq)).toEqual([2, 3]);
    const older = await history(b, first.conversation.id, { before: 2, limit: 2 });
    expect(older.data.map((m) => m.seq)).toEqual([1]);
    expect(older.meta.has_more).toBe(false);
    expect((await history(b, first.conversation.id, { after: 1 })).data.map((m) => m.seq)).toEqual([2, 3]);

    // Inboxes: newest activity first, the other's name as the title.
    const inbox = (await t.call(ep.inbox, { as: b })).parsed;
    expect(inbox.data[0]).toMatchObject({ id: first.conversation.id, unread_count: 1, last_message: { seq: 3, excerpt: 'Svar på det' } });
  });

  it('counts unread messages, marks read (never backwards) and shows seen marks to the others', async () => {
    const a = await t.session();
    const b = await t.session();
    const { conversation } = await start(a, b.user.id, 'En');
    await send(a, conversation.id, 'To');
    await send(a, conversation.id, 'Tre');
    expect(await unread(b)).toEqual({ unread_total: 3, requests: 0 });
    expect(await unread(a)).toEqual({ unread_total: 0, requests: 0 });

    const read = await t.call(ep.read, { as: b, params: { id: conversation.id }, body: { seq: 2 } });
    expect(read.parsed.data).toEqual({ unread_total: 1, requests: 0 });
    await t.call(ep.read, { as: b, params: { id: conversation.id }, body: { seq: 1 } });
    await t.call(ep.read, { as: b, params: { id: conversation.id }, body: { seq: 999 } });
    expect(await unread(b)).toEqual({ unread_total: 0, requests: 0 });
    const seen = (await t.call(ep.show, { as: a, params: { id: conversation.id } })).parsed.data;
    expect(seen.participants.find((p) => !p.is_me)).toMatchObject({ id: b.user.id, last_read_seq: 3 });

    const unreadOnly = (await t.call(ep.inbox, { as: b, query: { filter: 'unread' } })).parsed.data.map((c) => c.id);
    expect(unreadOnly).not.toContain(conversation.id);
  });

  it('pages the inbox by keyset on last activity', async () => {
    const me = await t.session();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const other = await t.session();
      ids.push((await start(me, other.user.id, `Nr ${i}`)).conversation.id);
    }
    const first = (await t.call(ep.inbox, { as: me, query: { limit: 2 } })).parsed;
    expect(first.data.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    expect(first.meta.next_cursor).not.toBeNull();
    const second = (await t.call(ep.inbox, { as: me, query: { limit: 2, cursor: first.meta.next_cursor! } })).parsed;
    expect(second.data.map((c) => c.id)).toEqual([ids[0]]);
    expect(second.meta.next_cursor).toBeNull();
    const bad = await t.call(ep.inbox, { as: me, query: invalid({ cursor: 'not-a-cursor' }), locale: 'en' });
    expect(bad.status).toBe(422);
    expect(bad.validation.errors.cursor).toBeDefined();
  });

  it('gives every message of concurrent senders its own sequence number, in one order for all', async () => {
    const a = await t.session();
    const b = await t.session();
    const { conversation } = await start(a, b.user.id, 'Start');
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.call(ep.send, { as: i % 2 ? a : b, params: { id: conversation.id }, body: { body: `m${i}` } })),
    );
    expect(sent.every((r) => r.status === 201)).toBe(true);
    const seqs = sent.map((r) => r.parsed.data.seq).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
    const forA = (await history(a, conversation.id, { limit: 50 })).data.map((m) => m.id);
    const forB = (await history(b, conversation.id, { limit: 50 })).data.map((m) => m.id);
    expect(forA).toEqual(forB);
  });

  it('edits within 15 minutes only, deletes for everyone, and refuses others', async () => {
    const a = await t.session();
    const b = await t.session();
    const { conversation, message } = await start(a, b.user.id, 'Skrivefeil');
    const edited = await t.call(ep.edit, { as: a, params: { id: conversation.id, messageId: message.id }, body: { body: 'Rettet' } });
    expect(edited.parsed.data).toMatchObject({ body: 'Rettet', edited: true });
    const theirs = await t.call(ep.edit, { as: b, params: { id: conversation.id, messageId: message.id }, body: { body: 'x' } });
    expect([theirs.status, theirs.error.reason]).toEqual([403, 'not_owner']);
    const theirDelete = await t.call(ep.remove, { as: b, params: { id: conversation.id, messageId: message.id } });
    expect(theirDelete.status).toBe(403);

    await t.db.update(schema.messages).set({ created_at: new Date(Date.now() - 16 * 60 * 1000) }).where(eq(schema.messages.id, message.id));
    const late = await t.call(ep.edit, { as: a, params: { id: conversation.id, messageId: message.id }, body: { body: 'For sent' }, locale: 'en' });
    expect([late.status, late.error.message]).toEqual([409, 'Messages can only be edited in the first 15 minutes.']);

    const deleted = await t.call(ep.remove, { as: a, params: { id: conversation.id, messageId: message.id } });
    expect(deleted.parsed.data).toMatchObject({ deleted: true, body: '', can_edit: false });
    expect((await history(b, conversation.id)).data[0]).toMatchObject({ id: message.id, deleted: true, body: '' });
    const missing = await t.call(ep.edit, { as: a, params: { id: conversation.id, messageId: 999_999_999 }, body: { body: 'x' } });
    expect(missing.status).toBe(404);
  });

  it('stores attachments as members-only files and removes them with the message', async () => {
    const a = await t.session();
    const b = await t.session();
    const { conversation } = await start(a, b.user.id, 'Se bildet');
    const pdf: Upload = { buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), name: 'notat.pdf' };
    const msg = await send(a, conversation.id, '', { files: [await png(), pdf] });
    expect(msg.attachments.map((x) => x.kind)).toEqual(['image', 'document']);
    expect(msg.attachments[0]!.url).toMatch(/^\/api\/files\/.+\?expires=\d+&signature=/);
    const rows = await fileRows(t.db, msg.attachments[1]!.url);
    expect(rows.map((r) => r.kind)).toEqual(['message_document']);
    const fetched = await t.raw.get(msg.attachments[0]!.url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers['cache-control']).toContain('private');

    const bad = await t.call(ep.send, { as: a, params: { id: conversation.id }, body: { body: '' }, files: { 'files[]': [{ buffer: Buffer.from('nope'), name: 'x.png' }] } });
    expect(bad.status).toBe(422);
    const empty = await t.call(ep.send, { as: a, params: { id: conversation.id }, body: { body: '' }, locale: 'en' });
    expect([empty.status, empty.validation.errors.body]).toEqual([422, ['Write some text or attach a file.']]);

    await t.call(ep.remove, { as: a, params: { id: conversation.id, messageId: msg.id } });
    expect(await fileRows(t.db, msg.attachments[1]!.url)).toEqual([]);
  });
});

describe('who may write to whom: requests, decline, block', () => {
  it('a first message from outside the circle is a request: accepted, it opens', async () => {
    const a = await t.session();
    const b = await t.session();
    await t.call(ep.updateSettings, { as: b, body: { who_can_message: 'mutual' } });
    const { conversation } = await start(a, b.user.id, 'Kan vi snakke?');
    expect(await unread(b)).toEqual({ unread_total: 0, requests: 1 });
    const requests = (await t.call(ep.inbox, { as: b, query: { filter: 'requests' } })).parsed.data;
    expect(requests.map((c) => [c.id, c.my_state, c.is_request])).toEqual([[conversation.id, 'request', true]]);
    // "All" lists it too, marked, so the list agrees with the header's count (issue 37).
    const all = (await t.call(ep.inbox, { as: b })).parsed.data;
    expect(all.filter((c) => c.is_request).map((c) => c.id)).toEqual([conversation.id]);
    expect((await t.call(ep.inbox, { as: b, query: { filter: 'unread' } })).parsed.data.map((c) => c.id)).not.toContain(conversation.id);
    // Reading a request tells the sender nothing, and it still waits for an answer: it still counts.
    await t.call(ep.read, { as: b, params: { id: conversation.id }, body: { seq: 1 } });
    expect(await unread(b)).toEqual({ unread_total: 0, requests: 1 });
    const senderView = (await t.call(ep.show, { as: a, params: { id: conversation.id } })).parsed.data;
    expect(senderView.participants.find((p) => !p.is_me)).toMatchObject({ state: 'request', last_read_seq: 0 });

    const accepted = await t.call(ep.decide, { as: b, params: { id: conversation.id }, body: { decision: 'accept' } });
    expect(accepted.parsed.data).toEqual({ state: 'active' });
    expect(await unread(b)).toEqual({ unread_total: 0, requests: 0 });
    expect((await t.call(ep.inbox, { as: b })).parsed.data.find((c) => c.id === conversation.id)).toMatchObject({ my_state: 'active', is_request: false });
    const twice = await t.call(ep.decide, { as: b, params: { id: conversation.id }, body: { decision: 'accept' } });
    expect(twice.status).toBe(409);
  });

  it('mutual followers and verified health personnel write straight in; a student without confirmed status asks', async () => {
    const a = await t.session();
    const b = await t.session();
    await t.call(ep.updateSettings, { as: b, body: { who_can_message: 'mutual' } });
    await t.db.insert(schema.userFollows).values([
      { follower_id: a.user.id, followed_user_id: b.user.id },
      { follower_id: b.user.id, followed_user_id: a.user.id },
    ]);
    expect((await start(a, b.user.id)).conversation.participants.find((p) => !p.is_me)?.state).toBe('active');
    const unconfirmed = await t.session({ approvedHrp: 1 });
    const c = await t.session();
    expect((await start(unconfirmed, c.user.id)).conversation.participants.find((p) => !p.is_me)?.state).toBe('request');
  });

  it('declining hides it from the recipient only; the sender is not told', async () => {
    const a = await t.session();
    const b = await t.session({ approvedHrp: 2 });
    await t.call(ep.updateSettings, { as: b, body: { who_can_message: 'mutual' } });
    const { conversation } = await start(a, b.user.id);
    expect((await t.call(ep.decide, { as: b, params: { id: conversation.id }, body: { decision: 'decline' } })).parsed.data).toEqual({ state: 'declined' });
    expect((await t.call(ep.show, { as: b, params: { id: conversation.id } })).status).toBe(404);
    expect(await unread(b)).toEqual({ unread_total: 0, requests: 0 });
    // The sender still writes, and sees nothing different.
    await send(a, conversation.id, 'Hallo?');
    expect((await t.call(ep.show, { as: a, params: { id: conversation.id } })).parsed.data.my_state).toBe('active');
    expect(await unread(b)).toEqual({ unread_total: 0, requests: 0 });
  });

  it('blocking: the blocked person cannot deliver, start again or add them to a group', async () => {
    const a = await t.session();
    const b = await t.session();
    await t.call(ep.updateSettings, { as: b, body: { who_can_message: 'mutual' } });
    const { conversation } = await start(a, b.user.id);
    await t.call(ep.decide, { as: b, params: { id: conversation.id }, body: { decision: 'block' } });
    expect((await t.call(ep.blocks, { as: b })).parsed.data.map((x) => x.id)).toEqual([a.user.id]);
    const again = await t.call(ep.start, { as: a, body: { to_user_id: b.user.id, body: 'Hei igjen' }, locale: 'en' });
    expect([again.status, again.error.message]).toEqual([403, 'The message cannot be delivered.']);
    const inThread = await t.call(ep.send, { as: a, params: { id: conversation.id }, body: { body: 'Hei' } });
    expect(inThread.status).toBe(403);
    const group = await t.call(ep.createGroup, { as: a, body: { title: 'Vakt', user_ids: [b.user.id], body: 'Hei alle' }, locale: 'en' });
    expect([group.status, group.validation.errors.user_ids]).toEqual([422, ['Cannot be added to a group by you.']]);
    await t.call(ep.unblock, { as: b, params: { userId: a.user.id } });
    expect((await t.call(ep.blocks, { as: b })).parsed.data).toEqual([]);
  });

  it('"nobody" refuses new conversations with the same answer as a block', async () => {
    const a = await t.session();
    const b = await t.session();
    await t.call(ep.updateSettings, { as: b, body: { who_can_message: 'nobody' } });
    expect((await t.call(ep.mySettings, { as: b })).parsed.data).toEqual({ who_can_message: 'nobody', suspended_until: null });
    const res = await t.call(ep.start, { as: a, body: { to_user_id: b.user.id, body: 'Hei' } });
    expect(res.status).toBe(403);
  });

  it('refuses writing to oneself, to unknown people and with bad input (422, never 5xx)', async () => {
    const a = await t.session();
    const self = await t.call(ep.start, { as: a, body: { to_user_id: a.user.id, body: 'Hei' } });
    expect([self.status, Object.keys(self.validation.errors)]).toEqual([422, ['to_user_id']]);
    const unknown = await t.call(ep.start, { as: a, body: { to_user_id: 2_000_000_000, body: 'Hei' } });
    expect(unknown.status).toBe(422);
    const pending = await createUser(t.db, { status: 'awaiting_approval' });
    expect((await t.call(ep.start, { as: a, body: { to_user_id: pending.id, body: 'Hei' } })).status).toBe(422);
    const tooLong = await t.call(ep.start, { as: a, body: { to_user_id: pending.id, body: 'x'.repeat(5001) } });
    expect(tooLong.status).toBe(422);
    const both = await t.call(ep.start, { as: a, body: invalid({ to_user_id: 1, to_company_id: 1, body: 'x' }) });
    expect(both.status).toBe(422);
    const wrongType = await t.call(ep.read, { as: a, params: { id: 1 }, body: invalid({ seq: 'abc' }) });
    expect(wrongType.status).toBe(422);
  });
});

describe('the patient-data guard (fødselsnummer and D-numbers)', () => {
  it('refuses a message, a post and a comment holding a valid number, in both languages; lets others pass', async () => {
    const a = await t.session();
    const b = await t.session();
    const no = await t.call(ep.start, { as: a, body: { to_user_id: b.user.id, body: `Pasient ${FNR} trenger time` } });
    expect(no.status).toBe(422);
    expect(no.validation.errors.body?.[0]).toContain('fødselsnummer');
    const en = await t.call(ep.start, { as: a, body: { to_user_id: b.user.id, body: `Pasient 010190 12480` }, locale: 'en' });
    expect(en.validation.errors.body?.[0]).toMatch(/^This looks like a national identity number/);

    const { conversation } = await start(a, b.user.id, 'Ring meg på 22 22 22 22 eller 12345678901');
    const edit = await t.call(ep.edit, { as: a, params: { id: conversation.id, messageId: (await history(a, conversation.id)).data[0]!.id }, body: { body: FNR } });
    expect(edit.status).toBe(422);

    const post = await t.call(postEndpoints.create, { as: a, body: { body: `D-nummer 41019012393` } });
    expect([post.status, Object.keys(post.validation.errors)]).toEqual([422, ['body']]);
    const ok = await t.call(postEndpoints.create, { as: a, body: { body: 'Ingen pasientdata her' } });
    expect(ok.status).toBe(201);
    const comment = await t.call(postEndpoints.addComment, { as: b, params: { id: ok.parsed.data.id }, body: { text: `fnr ${FNR}` } });
    expect([comment.status, Object.keys(comment.validation.errors)]).toEqual([422, ['text']]);
    const update = await t.call(postEndpoints.update, { as: a, params: { id: ok.parsed.data.id }, body: { body: FNR } });
    expect(update.status).toBe(422);
  });
});

describe('groups', () => {
  it('the creator adds and removes people, anyone leaves, and the size is capped', async () => {
    const owner = await t.session();
    const [b, c, d] = [await t.session(), await t.session(), await t.session()];
    const created = await t.call(ep.createGroup, { as: owner, body: { title: 'Vaktgruppen', user_ids: [b.user.id, c.user.id, b.user.id], body: 'Velkommen' } });
    expect(created.status).toBe(201);
    const group = created.parsed.data.conversation;
    expect(group).toMatchObject({ kind: 'group', title: 'Vaktgruppen', is_creator: true });
    expect(group.participants).toHaveLength(3);

    const notCreator = await t.call(ep.addParticipants, { as: b, params: { id: group.id }, body: { user_ids: [d.user.id] } });
    expect([notCreator.status, notCreator.error.reason]).toEqual([403, 'not_owner']);
    const added = await t.call(ep.addParticipants, { as: owner, params: { id: group.id }, body: { user_ids: [d.user.id] } });
    expect(added.parsed.data.participants).toHaveLength(4);

    const removed = await t.call(ep.removeParticipant, { as: owner, params: { id: group.id, userId: c.user.id } });
    expect(removed.parsed.data.participants.map((p) => p.id)).not.toContain(c.user.id);
    expect((await t.call(ep.history, { as: c, params: { id: group.id } })).status).toBe(404);
    expect((await t.call(ep.removeParticipant, { as: owner, params: { id: group.id, userId: c.user.id } })).status).toBe(404);

    expect((await t.call(ep.leave, { as: b, params: { id: group.id } })).status).toBe(204);
    expect((await t.call(ep.send, { as: b, params: { id: group.id }, body: { body: 'Hei' } })).status).toBe(404);
    await send(d, group.id, 'Takk for invitasjonen');

    const many = await Promise.all(Array.from({ length: 19 }, () => createUser(t.db)));
    const full = await t.call(ep.addParticipants, { as: owner, params: { id: group.id }, body: { user_ids: many.map((u) => u.id) }, locale: 'en' });
    expect([full.status, full.validation.errors.user_ids]).toEqual([422, ['A group can have at most 20 participants.']]);

    const direct = await start(owner, b.user.id);
    expect((await t.call(ep.leave, { as: owner, params: { id: direct.conversation.id } })).status).toBe(409);
  });
});

describe('companies: writing to a company page, answering in business mode', () => {
  it("a member's message reaches the company's managers, who answer as the company", async () => {
    const member = await t.session();
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const res = await t.call(ep.start, { as: member, body: { to_company_id: company.id, body: 'Har dere ledige stillinger?' } });
    expect(res.status).toBe(201);
    const conversation = res.parsed.data.conversation;
    expect(conversation.title).toBe(company.name);

    const asCompany = await tokenFor(t, manager, { actAs: company.id });
    const inbox = (await t.call(ep.inbox, { as: asCompany })).parsed.data;
    expect(inbox.map((c) => c.id)).toEqual([conversation.id]);
    const answer = await send(asCompany, conversation.id, 'Ja, se jobbsidene våre');
    expect(answer.sender).toMatchObject({ type: 'company', id: company.id, name: company.name });
    expect(answer.is_mine).toBe(true);
    // The manager's own inbox does not hold the company's conversation.
    const personal = await tokenFor(t, manager);
    expect((await t.call(ep.show, { as: personal, params: { id: conversation.id } })).status).toBe(404);
    const mine = (await history(member, conversation.id)).data;
    expect(mine[1]).toMatchObject({ is_mine: false, sender: { type: 'company' } });
  });
});

describe('reports and moderation', () => {
  /** The moderation decisions a user was told about (their account_decision notifications). */
  const decisionsOf = (userId: number) =>
    t.db
      .select({ entity_type: schema.notifications.entity_type, entity_id: schema.notifications.entity_id, data: schema.notifications.data })
      .from(schema.notifications)
      .where(and(eq(schema.notifications.user_id, userId), eq(schema.notifications.kind, 'account_decision')));
  it("sends only the reported messages to the queue; suspending stops the sender's messages", async () => {
    const a = await t.session();
    const b = await t.session();
    const admin = await t.session({ roles: ['admin'] });
    const { conversation } = await start(a, b.user.id, 'Ubehagelig melding');
    const secret = await send(b, conversation.id, 'Dette er privat og skal ikke rapporteres');
    const bad = (await history(b, conversation.id)).data[0]!;
    const own = await t.call(ep.report, { as: b, params: { id: conversation.id }, body: { message_ids: [secret.id] } });
    expect(own.status).toBe(422);
    const other = await t.session();
    expect((await t.call(ep.report, { as: other, params: { id: conversation.id }, body: { message_ids: [bad.id] } })).status).toBe(404);
    expect((await t.call(ep.report, { as: b, params: { id: conversation.id }, body: { message_ids: [bad.id], reason: 'Trakassering' } })).status).toBe(204);

    expect((await t.call(ep.adminReports, { as: b })).status).toBe(403);
    const queue = (await t.call(ep.adminReports, { as: admin, query: { per_page: 50 } })).parsed;
    const report = queue.data.find((r) => r.reported?.id === a.user.id)!;
    expect(report).toMatchObject({ status: 'open', reason: 'Trakassering', reporter: { id: b.user.id } });
    expect(report.messages.map((m) => m.body)).toEqual(['Ubehagelig melding']);

    const decided = await t.call(ep.decideReport, { as: admin, params: { id: report.id }, body: { decision: 'suspend' } });
    expect(decided.parsed.data.status).toBe('suspended');
    expect((await t.call(ep.decideReport, { as: admin, params: { id: report.id }, body: { decision: 'dismiss' } })).status).toBe(409);
    expect((await t.call(ep.decideReport, { as: admin, params: { id: 999_999_999 }, body: { decision: 'dismiss' } })).status).toBe(404);
    const blocked = await t.call(ep.send, { as: a, params: { id: conversation.id }, body: { body: 'Hei' }, locale: 'en' });
    expect(blocked.status).toBe(403);
    expect(blocked.error.message).toMatch(/^An administrator has suspended your messages until \d{4}-\d{2}-\d{2}\.$/);
    // The sender is told, without the reporter's name; the reporter is told nothing.
    await settleJobs(t);
    expect(await decisionsOf(a.user.id)).toEqual([{ entity_type: null, entity_id: null, data: { decision: 'messaging_suspended', report_id: report.id, days: 7 } }]);
    expect(await decisionsOf(b.user.id)).toEqual([]);
  });

  it('a warning tells the sender; a dismissal tells nobody', async () => {
    const a = await t.session();
    const b = await t.session();
    const admin = await t.session({ roles: ['admin'] });
    const { conversation } = await start(a, b.user.id, 'Første melding');
    const first = (await history(b, conversation.id)).data[0]!;
    await t.call(ep.report, { as: b, params: { id: conversation.id }, body: { message_ids: [first.id] } });
    const second = await send(a, conversation.id, 'Andre melding');
    await t.call(ep.report, { as: b, params: { id: conversation.id }, body: { message_ids: [second.id] } });
    const open = (await t.call(ep.adminReports, { as: admin, query: { per_page: 50 } })).parsed.data.filter((r) => r.reported?.id === a.user.id);
    expect(open).toHaveLength(2);
    await t.call(ep.decideReport, { as: admin, params: { id: open[0]!.id }, body: { decision: 'dismiss' } });
    await settleJobs(t);
    expect(await decisionsOf(a.user.id)).toEqual([]);
    const warned = await t.call(ep.decideReport, { as: admin, params: { id: open[1]!.id }, body: { decision: 'warn' } });
    expect(warned.parsed.data.status).toBe('warned');
    await settleJobs(t);
    expect(await decisionsOf(a.user.id)).toEqual([{ entity_type: null, entity_id: null, data: { decision: 'messaging_warned', report_id: open[1]!.id, days: 7 } }]);
    // A warning does not stop messaging.
    expect((await t.call(ep.send, { as: a, params: { id: conversation.id }, body: { body: 'Unnskyld' } })).status).toBe(201);
  });

  it('names the administrator who decided, and lists every status under "all" (issue 42)', async () => {
    const a = await t.session();
    const b = await t.session();
    const admin = await t.session({ roles: ['admin'], firstName: 'Ingrid', lastName: 'Bakke' });
    const { conversation } = await start(a, b.user.id, 'Første');
    const first = (await history(b, conversation.id)).data[0]!;
    await t.call(ep.report, { as: b, params: { id: conversation.id }, body: { message_ids: [first.id] } });
    const second = await send(a, conversation.id, 'Andre');
    await t.call(ep.report, { as: b, params: { id: conversation.id }, body: { message_ids: [second.id] } });
    const mine = (rows: MessageReport[]) => rows.filter((r) => r.reported?.id === a.user.id);
    const open = mine((await t.call(ep.adminReports, { as: admin, query: { per_page: 50 } })).parsed.data);
    expect(open.map((r) => r.decided_by)).toEqual([null, null]);

    const warned = await t.call(ep.decideReport, { as: admin, params: { id: open[1]!.id }, body: { decision: 'warn' } });
    expect(warned.parsed.data.decided_by).toEqual({ id: admin.user.id, name: 'Ingrid Bakke' });
    const inWarned = mine((await t.call(ep.adminReports, { as: admin, query: { status: 'warned', per_page: 50 } })).parsed.data);
    expect(inWarned.map((r) => [r.id, r.decided_by?.name])).toEqual([[open[1]!.id, 'Ingrid Bakke']]);

    // "all": the open and the decided report together, newest first, each with its decider or none.
    const all = await t.call(ep.adminReports, { as: admin, query: { status: 'all', per_page: 50 } });
    expect(all.status).toBe(200);
    expect(mine(all.parsed.data).map((r) => [r.id, r.status, r.decided_by?.name ?? null])).toEqual([
      [open[0]!.id, 'open', null],
      [open[1]!.id, 'warned', 'Ingrid Bakke'],
    ]);
    expect(all.parsed.meta.total).toBeGreaterThanOrEqual(2);

    // A filter that is no status: 422 on the field, in the caller's language; not for a visitor or a member.
    const wrong = await t.call(ep.adminReports, { as: admin, query: { status: 'alle' } as never, locale: 'en' });
    expect(wrong.status).toBe(422);
    expect(wrong.validation.errors).toEqual({ status: ['Invalid choice.'] });
    expect((await t.call(ep.adminReports, { as: null, query: { status: 'all' } })).status).toBe(401);
    expect((await t.call(ep.adminReports, { as: b, query: { status: 'all' } })).status).toBe(403);
  });
});

describe('the bell and the e-mail', () => {
  /** The bell's entries (notification_groups): one per conversation, its latest message shown. */
  const bellOf = (userId: number) =>
    t.db
      .select()
      .from(schema.notificationGroups)
      .where(and(eq(schema.notificationGroups.user_id, userId), eq(schema.notificationGroups.kind, 'chat_message')));
  const mailsTo = (userId: number) =>
    t.db
      .select()
      .from(schema.outboxMessages)
      .where(and(eq(schema.outboxMessages.user_id, userId), eq(schema.outboxMessages.template, 'chat_unread')));
  /** The delayed e-mail jobs are due now, as if 15 minutes had passed. */
  const fifteenMinutesLater = () =>
    t.db.update(schema.jobOutbox).set({ next_attempt_at: new Date() }).where(and(eq(schema.jobOutbox.name, 'messages.unread-mail'), eq(schema.jobOutbox.status, 'pending')));

  it('one bell entry per conversation while unread, read with the conversation; muted ones stay quiet', async () => {
    const a = await t.session({ firstName: 'Astrid' });
    const b = await t.session();
    const { conversation } = await start(a, b.user.id, 'En');
    await send(a, conversation.id, 'To');
    await send(a, conversation.id, 'Tre');
    await settleJobs(t);
    const bell = await bellOf(b.user.id);
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ entity_type: 'conversation', entity_id: conversation.id, actor_user_id: a.user.id, data: { excerpt: 'Tre', seq: 3 } });
    expect(bell[0]!.unread_count).toBeGreaterThan(0);
    expect(await bellOf(a.user.id)).toEqual([]);

    await t.call(ep.read, { as: b, params: { id: conversation.id }, body: { seq: 3 } });
    expect((await bellOf(b.user.id))[0]!.unread_count).toBe(0);
    await send(a, conversation.id, 'Fire');
    await settleJobs(t);
    expect((await bellOf(b.user.id)).filter((n) => n.unread_count > 0)).toHaveLength(1);

    await t.call(ep.settings, { as: b, params: { id: conversation.id }, body: { muted: true } });
    await t.call(ep.read, { as: b, params: { id: conversation.id }, body: { seq: 4 } });
    await send(a, conversation.id, 'Fem');
    await settleJobs(t);
    expect((await bellOf(b.user.id)).filter((n) => n.unread_count > 0)).toHaveLength(0);
    expect(await unread(b)).toEqual({ unread_total: 0, requests: 0 });
  });

  it('e-mails once per unread stretch after 15 minutes, without the text; nothing when read in time', async () => {
    const a = await t.session({ firstName: 'Astrid', lastName: 'Lege' });
    const b = await t.session();
    const c = await t.session();
    const { conversation } = await start(a, b.user.id, 'Hemmelig innhold');
    await send(a, conversation.id, 'Mer');
    const other = await start(a, c.user.id, 'Hei C');
    await settleJobs(t);
    expect(await mailsTo(b.user.id)).toEqual([]);
    // C reads in time: no mail for C.
    await t.call(ep.read, { as: c, params: { id: other.conversation.id }, body: { seq: 1 } });
    await fifteenMinutesLater();
    await settleJobs(t);
    const mails = await mailsTo(b.user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Uleste meldinger fra Astrid Lege');
    expect(mails[0]!.body).toContain('har sendt deg 2 meldinger på Legenett');
    expect(mails[0]!.body).toContain(`/messages/${conversation.id}`);
    expect(mails[0]!.body).not.toContain('Hemmelig');
    expect(await mailsTo(c.user.id)).toEqual([]);
  });

  it("follows the notification settings' messages row: e-mail off sends nothing, on sends", async () => {
    const a = await t.session({ firstName: 'Astrid', lastName: 'Lege' });
    const off = await t.session();
    const on = await t.session();
    const settings = (as: Caller, body: object) => t.call(notificationPreferenceEndpoints.update, { as, body });
    expect((await settings(off, { channels: { messages: { email: false } } })).status).toBe(200);
    expect((await settings(on, { channels: { messages: { email: true } } })).status).toBe(200);
    const toOff = await start(a, off.user.id, 'Til en som ikke vil ha e-post');
    const toOn = await start(a, on.user.id, 'Til en som vil');
    await settleJobs(t);
    await fifteenMinutesLater();
    await settleJobs(t);
    expect(await mailsTo(off.user.id)).toEqual([]);
    const mails = await mailsTo(on.user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`/messages/${toOn.conversation.id}`);
    // The conversation itself is there, unread, for the one without e-mail.
    expect((await t.call(ep.show, { as: off, params: { id: toOff.conversation.id } })).parsed.data.unread_count).toBe(1);

    // Turned off while a mail waits: the waiting one is not sent either (asked when the job runs).
    await t.call(ep.read, { as: on, params: { id: toOn.conversation.id }, body: { seq: 1 } });
    await send(a, toOn.conversation.id, 'Enda en');
    await settleJobs(t);
    const waiting = await t.db
      .select()
      .from(schema.jobOutbox)
      .where(and(eq(schema.jobOutbox.name, 'messages.unread-mail'), eq(schema.jobOutbox.status, 'pending'), sql`${schema.jobOutbox.payload}->>'user_id' = ${String(on.user.id)}`));
    expect(waiting).toHaveLength(1);
    expect((await settings(on, { channels: { messages: { email: false } } })).status).toBe(200);
    await fifteenMinutesLater();
    await settleJobs(t);
    expect(await mailsTo(on.user.id)).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('answers 429 with the wait time after 30 messages a minute', async () => {
    const a = await t.session();
    const b = await t.session();
    const { conversation } = await start(a, b.user.id, '1');
    let last = 201;
    let retryAfter: string | undefined;
    for (let i = 0; i < 31 && last === 201; i++) {
      const res = await t.call(ep.send, { as: a, params: { id: conversation.id }, body: { body: `m${i}` } });
      last = res.status;
      retryAfter = res.headers['retry-after'] as string | undefined;
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('role matrix: every endpoint', () => {
  type Call = [Endpoint, { params?: Record<string, number>; body?: object; query?: object }];

  async function fixture() {
    const owner = await t.session();
    const peer = await t.session();
    const { conversation, message } = await start(owner, peer.user.id, 'Hei');
    const group = (await t.call(ep.createGroup, { as: owner, body: { title: 'G', user_ids: [peer.user.id], body: 'Hei' } })).parsed.data.conversation;
    const company = await createCompany(t.db, { managers: [] });
    const calls = (id: number, messageId: number, groupId: number): Call[] => [
      [ep.inbox, {}],
      [ep.unread, {}],
      [ep.start, { body: { to_user_id: peer.user.id, body: 'x' } }],
      [ep.createGroup, { body: { title: 'G', user_ids: [peer.user.id], body: 'x' } }],
      [ep.show, { params: { id } }],
      [ep.history, { params: { id } }],
      [ep.send, { params: { id }, body: { body: 'x' } }],
      [ep.edit, { params: { id, messageId }, body: { body: 'x' } }],
      [ep.remove, { params: { id, messageId } }],
      [ep.read, { params: { id }, body: { seq: 1 } }],
      [ep.decide, { params: { id }, body: { decision: 'accept' } }],
      [ep.settings, { params: { id }, body: { archived: true } }],
      [ep.addParticipants, { params: { id: groupId }, body: { user_ids: [peer.user.id] } }],
      [ep.removeParticipant, { params: { id: groupId, userId: peer.user.id } }],
      [ep.leave, { params: { id: groupId } }],
      [ep.report, { params: { id }, body: { message_ids: [messageId] } }],
      [ep.mySettings, {}],
      [ep.updateSettings, { body: { who_can_message: 'mutual' } }],
      [ep.blocks, {}],
      [ep.block, { params: { userId: peer.user.id } }],
      [ep.unblock, { params: { userId: peer.user.id } }],
      [ep.blockCompany, { params: { companyId: company.id } }],
      [ep.unblockCompany, { params: { companyId: company.id } }],
      [ep.adminReports, {}],
      [ep.decideReport, { params: { id: 1 }, body: { decision: 'dismiss' } }],
    ];
    return { owner, peer, conversation, message, group, calls };
  }

  const STATUS_ONLY = new Set<Endpoint>([ep.inbox, ep.unread, ep.show, ep.history, ep.read]);

  it('anonymous: 401 everywhere', async () => {
    const { conversation, message, group, calls } = await fixture();
    for (const [endpoint, opts] of calls(conversation.id, message.id, group.id)) {
      const res = await t.call(endpoint, { as: null, ...opts, locale: 'en' });
      expect([endpoint.method, endpoint.path, res.status]).toEqual([endpoint.method, endpoint.path, 401]);
    }
  });

  it.each([
    ['awaiting approval', 'awaiting_approval', 'account_not_approved'],
    ['in review', 'in_review', 'account_in_review'],
  ] as const)('%s: reads their (empty) inbox, writes nothing (403 %s)', async (_label, status, reason) => {
    const { conversation, message, group, calls } = await fixture();
    const caller = await t.session({ status, approvedHrp: 0 });
    for (const [endpoint, opts] of calls(conversation.id, message.id, group.id)) {
      const res = await t.call(endpoint, { as: caller, ...opts });
      if (endpoint === ep.inbox) expect(res.parsed).toEqual({ data: [], meta: { next_cursor: null } });
      else if (endpoint === ep.unread) expect(res.parsed).toEqual({ data: { unread_total: 0, requests: 0 } });
      else if (endpoint === ep.mySettings) expect(res.status).toBe(200);
      else if (STATUS_ONLY.has(endpoint)) expect([endpoint.path, res.status]).toEqual([endpoint.path, 404]);
      else if (endpoint === ep.adminReports || endpoint === ep.decideReport) expect(res.status).toBe(403);
      else expect([endpoint.method, endpoint.path, res.status, res.error.reason]).toEqual([endpoint.method, endpoint.path, 403, reason]);
    }
  });

  it.each([
    ['in review', 'in_review', 'account_in_review'],
    ['awaiting approval', 'awaiting_approval', 'account_not_approved'],
  ] as const)('a participant put %s: reads the conversation (can_write false), writes nothing (403 %s)', async (_label, status, reason) => {
    const { owner, peer, conversation, message } = await fixture();
    await t.db.update(schema.users).set({ status }).where(eq(schema.users.id, peer.user.id));
    const inbox = await t.call(ep.inbox, { as: peer });
    expect(inbox.parsed.data.map((c) => c.id)).toContain(conversation.id);
    const shown = await t.call(ep.show, { as: peer, params: { id: conversation.id } });
    expect([shown.status, shown.parsed.data.can_write]).toEqual([200, false]);
    expect((await t.call(ep.history, { as: peer, params: { id: conversation.id } })).parsed.data.map((m) => m.id)).toEqual([message.id]);
    expect((await t.call(ep.read, { as: peer, params: { id: conversation.id }, body: { seq: 1 } })).status).toBe(200);
    const sent = await t.call(ep.send, { as: peer, params: { id: conversation.id }, body: { body: 'Svar' } });
    expect([sent.status, sent.error.reason]).toEqual([403, reason]);
    const started = await t.call(ep.start, { as: peer, body: { to_user_id: owner.user.id, body: 'Hei' } });
    expect([started.status, started.error.reason]).toEqual([403, reason]);
    expect((await history(owner, conversation.id)).data).toHaveLength(1);
  });

  it('a blocked account: 403 account_blocked everywhere', async () => {
    const { conversation, message, group, calls } = await fixture();
    const caller = await t.session({ status: 'blocked' });
    for (const [endpoint, opts] of calls(conversation.id, message.id, group.id)) {
      const res = await t.call(endpoint, { as: caller, ...opts });
      expect([endpoint.path, res.status, res.error.reason]).toEqual([endpoint.path, 403, 'account_blocked']);
    }
  });

  it('a non-participant doctor and a student: 404 for every conversation, not found: 404, admin pages 403', async () => {
    const { conversation, message, group, calls } = await fixture();
    for (const caller of [await t.session(), await t.session({ roles: ['student'] })]) {
      for (const [endpoint, opts] of calls(conversation.id, message.id, group.id)) {
        if (!opts.params?.id || endpoint === ep.decideReport) continue;
        const res = await t.call(endpoint, { as: caller, ...opts });
        expect([endpoint.method, endpoint.path, res.status]).toEqual([endpoint.method, endpoint.path, 404]);
      }
      expect((await t.call(ep.adminReports, { as: caller })).error.reason).toBe('missing_permission');
    }
    const { owner } = await fixture();
    for (const [endpoint, opts] of calls(999_999_999, 999_999_999, 999_999_998)) {
      if (!opts.params?.id || endpoint === ep.decideReport) continue;
      const res = await t.call(endpoint, { as: owner, ...opts });
      expect([endpoint.method, endpoint.path, res.status]).toEqual([endpoint.method, endpoint.path, 404]);
    }
    const admin = await t.session({ roles: ['admin'] });
    expect((await t.call(ep.decideReport, { as: admin, params: { id: 999_999_999 }, body: { decision: 'dismiss' } })).status).toBe(404);
  });

  it('the blocked person: cannot deliver in the conversation, but reads it', async () => {
    const { owner, peer, conversation } = await fixture();
    await t.call(ep.block, { as: peer, params: { userId: owner.user.id } });
    expect((await t.call(ep.send, { as: owner, params: { id: conversation.id }, body: { body: 'x' } })).status).toBe(403);
    expect((await t.call(ep.history, { as: owner, params: { id: conversation.id } })).status).toBe(200);
    expect((await t.call(ep.block, { as: peer, params: { userId: 2_000_000_000 } })).status).toBe(404);
  });

  it('business mode: personal endpoints answer 403 business_profile_active; the company inbox is its own', async () => {
    const { conversation, message, group, calls } = await fixture();
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const asCompany = await tokenFor(t, manager, { actAs: company.id });
    const personal = new Set<Endpoint>([
      ep.createGroup,
      ep.addParticipants,
      ep.removeParticipant,
      ep.leave,
      ep.mySettings,
      ep.updateSettings,
      ep.blocks,
      ep.block,
      ep.unblock,
      ep.blockCompany,
      ep.unblockCompany,
    ]);
    for (const [endpoint, opts] of calls(conversation.id, message.id, group.id)) {
      const res = await t.call(endpoint, { as: asCompany, ...opts });
      if (personal.has(endpoint)) expect([endpoint.path, res.status, res.error.reason]).toEqual([endpoint.path, 403, 'business_profile_active']);
      else if (endpoint === ep.inbox) expect(res.body).toEqual({ data: [], meta: { next_cursor: null } });
      else if (endpoint === ep.unread) expect(res.status).toBe(200);
      else if (endpoint === ep.start) expect(res.status).toBe(201);
      else if (endpoint === ep.adminReports || endpoint === ep.decideReport) expect(res.status).toBe(403);
      else expect([endpoint.method, endpoint.path, res.status]).toEqual([endpoint.method, endpoint.path, 404]);
    }
  });
});

// ---------- issue 37: company conversations, honest counts and errors, the holes found by probing ----------

const bell = async (as: Caller) => (await t.call(notificationEndpoints.list, { as })).parsed.data;
const bellOf = async (as: Caller, conversationId: number) => (await bell(as)).find((n) => n.kind === 'chat_message' && n.entity_id === conversationId);

describe('a company writes first (issue 37)', () => {
  async function companyWrites(body = 'Hei fra oss') {
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'], firstName: 'Mangerud' });
    const company = await createCompany(t.db, { managers: [manager.id], name: `Demo Medisin ${uniqueToken()} AS` });
    const asCompany = await tokenFor(t, manager, { actAs: company.id });
    const member = await t.session();
    const res = await t.call(ep.start, { as: asCompany, body: { to_user_id: member.user.id, body } });
    expect(res.status).toBe(201);
    return { manager, company, asCompany, member, conversation: res.parsed.data.conversation };
  }

  it('is a request named by the company in the bell, listed under "all" with its mark and counted until answered', async () => {
    const { manager, company, member, conversation } = await companyWrites();
    await settleJobs(t);
    const entry = await bellOf(member, conversation.id);
    expect(entry).toMatchObject({ actor: null, partner_company_id: company.id, data: { company_name: company.name, request: 1 } });
    const { key, vars } = notificationMessage(entry!, 'someone');
    expect(translate('no', `notifications_ui.${key}`, vars)).toBe(`Ny melding fra ${company.name}`);
    expect(JSON.stringify(entry)).not.toContain(manager.firstName);

    const all = (await t.call(ep.inbox, { as: member })).parsed.data;
    expect(all.find((c) => c.id === conversation.id)).toMatchObject({ is_request: true, my_state: 'request', title: company.name });
    expect(await unread(member)).toEqual({ unread_total: 0, requests: 1 });
    await t.call(ep.read, { as: member, params: { id: conversation.id }, body: { seq: 1 } });
    expect(await unread(member)).toEqual({ unread_total: 0, requests: 1 });

    const accepted = await t.call(ep.decide, { as: member, params: { id: conversation.id }, body: { decision: 'accept' } });
    expect(accepted.parsed.data).toEqual({ state: 'active' });
    expect(await unread(member)).toEqual({ unread_total: 0, requests: 0 });
    expect((await t.call(ep.inbox, { as: member, query: { filter: 'requests' } })).parsed.data).toEqual([]);
    expect((await t.call(ep.show, { as: member, params: { id: conversation.id } })).parsed.data).toMatchObject({ my_state: 'active', is_request: false, can_write: true });
  });

  it('"block" on its request blocks the company: it cannot write again or start anew; listed with its name; unblocked, it writes again', async () => {
    const { company, asCompany, member, conversation } = await companyWrites();
    const blocked = await t.call(ep.decide, { as: member, params: { id: conversation.id }, body: { decision: 'block' } });
    expect(blocked.parsed.data).toEqual({ state: 'declined' });
    const rows = await t.db.select().from(schema.userCompanyBlocks).where(eq(schema.userCompanyBlocks.blocker_user_id, member.user.id));
    expect(rows.map((r) => r.blocked_company_id)).toEqual([company.id]);
    const list = (await t.call(ep.blocks, { as: member })).parsed.data;
    expect(list).toEqual([{ type: 'company', id: company.id, slug: company.slug, name: company.name, blocked_at: expect.any(String) as string }]);

    const again = await t.call(ep.send, { as: asCompany, params: { id: conversation.id }, body: { body: 'Hallo?' }, locale: 'en' });
    expect([again.status, again.error.message]).toEqual([403, 'The message cannot be delivered.']);
    const anew = await t.call(ep.start, { as: asCompany, body: { to_user_id: member.user.id, body: 'Hei igjen' } });
    expect(anew.status).toBe(403);
    // Another manager of the same company is the same company.
    const second = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    await t.db.insert(schema.partnerCompanyManagers).values({ partner_company_id: company.id, user_id: second.id });
    const asSecond = await tokenFor(t, second, { actAs: company.id });
    expect((await t.call(ep.start, { as: asSecond, body: { to_user_id: member.user.id, body: 'Hei' } })).status).toBe(403);

    expect((await t.call(ep.unblockCompany, { as: member, params: { companyId: company.id } })).status).toBe(204);
    expect((await t.call(ep.blocks, { as: member })).parsed.data).toEqual([]);
    expect((await t.call(ep.send, { as: asCompany, params: { id: conversation.id }, body: { body: 'Hallo igjen' } })).status).toBe(201);
  });

  it('blocks a company from its page too: 204, once; 404 for an unknown or unpublished company; a manager cannot block their own', async () => {
    const member = await t.session();
    const company = await createCompany(t.db, { managers: [] });
    expect((await t.call(ep.blockCompany, { as: member, params: { companyId: company.id } })).status).toBe(204);
    expect((await t.call(ep.blockCompany, { as: member, params: { companyId: company.id } })).status).toBe(204);
    expect((await t.call(ep.blocks, { as: member })).parsed.data.map((b) => [b.type, b.id])).toEqual([['company', company.id]]);
    expect((await t.call(ep.blockCompany, { as: member, params: { companyId: 2_000_000_000 } })).status).toBe(404);
    const hidden = await createCompany(t.db, { managers: [], published: false });
    expect((await t.call(ep.blockCompany, { as: member, params: { companyId: hidden.id } })).status).toBe(404);
    const own = await createCompany(t.db, { managers: [member.user.id] });
    const self = await t.call(ep.blockCompany, { as: member, params: { companyId: own.id }, locale: 'en' });
    expect([self.status, self.validation.errors.companyId]).toEqual([422, ['You cannot block yourself.']]);
    expect((await t.call(ep.blockCompany, { as: member, params: invalid({ companyId: 2 ** 31 }) })).status).toBe(422);
    // Users and companies in one list, newest first.
    const person = await t.session();
    await t.call(ep.block, { as: member, params: { userId: person.user.id } });
    expect((await t.call(ep.blocks, { as: member })).parsed.data.map((b) => b.type)).toEqual(['user', 'company']);
  });
});

describe('clear errors (issue 37)', () => {
  it('blocking oneself and a group of only oneself have their own messages, in both languages', async () => {
    const me = await t.session();
    for (const [locale, text] of [
      ['en', 'You cannot block yourself.'],
      ['no', 'Du kan ikke blokkere deg selv.'],
    ] as const) {
      const res = await t.call(ep.block, { as: me, params: { userId: me.user.id }, locale });
      expect([res.status, res.validation.errors.userId]).toEqual([422, [text]]);
    }
    for (const [locale, text] of [
      ['en', 'Choose at least one other person for the group.'],
      ['no', 'Velg minst én annen person til gruppen.'],
    ] as const) {
      const res = await t.call(ep.createGroup, { as: me, body: { title: 'Meg', user_ids: [me.user.id], body: 'Hei' }, locale });
      expect([res.status, res.validation.errors.user_ids]).toEqual([422, [text]]);
    }
  });

  it('a body sent as text/plain is 415 on JSON endpoints; JSON and multipart still pass', async () => {
    const a = await t.session();
    const b = await t.session();
    const { conversation } = await start(a, b.user.id);
    const plain = await t.raw
      .post(`/api/conversations/${conversation.id}/messages`)
      .set('Authorization', `Bearer ${a.accessToken}`)
      .set('X-localization', 'en')
      .set('Content-Type', 'text/plain')
      .send('Hei');
    expect([plain.status, (plain.body as { message: string }).message]).toEqual([415, 'The format of the request is not supported.']);
    const started = await t.raw
      .post('/api/conversations')
      .set('Authorization', `Bearer ${a.accessToken}`)
      .set('Content-Type', 'application/xml')
      .send(`<to_user_id>${b.user.id}</to_user_id>`);
    expect(started.status).toBe(415);
    await send(a, conversation.id, 'JSON går fint');
    await send(a, conversation.id, 'Med bilde', { files: [await png()] });
    expect((await history(a, conversation.id)).data).toHaveLength(3);
  });

  it('group titles follow the readable() rule: no right-to-left override, not only invisible characters', async () => {
    const me = await t.session();
    const other = await t.session();
    const rtl = await t.call(ep.createGroup, { as: me, body: { title: 'Vakt\u202Egnalp', user_ids: [other.user.id], body: 'Hei' }, locale: 'en' });
    expect([rtl.status, rtl.validation.errors.title]).toEqual([422, ['The text cannot contain characters that reverse the writing direction (such as U+202E).']]);
    const invisible = await t.call(ep.createGroup, { as: me, body: { title: '\u200B\u200B', user_ids: [other.user.id], body: 'Hei' }, locale: 'en' });
    expect([invisible.status, invisible.validation.errors.title]).toEqual([422, ['The text must contain visible characters.']]);
  });
});

describe('topics follow the visibility of GET /courses/:id and GET /jobs/:id (issue 37)', () => {
  it('a draft, submitted or rejected course and an unpublished job are 404 in the same words; visible ones open', async () => {
    const organiser = await t.session();
    const me = await t.session();
    for (const status of ['draft', 'submitted', 'rejected'] as const) {
      const course = await insertCourse(t.db, { userId: organiser.user.id, startOffset: 7 * 24 * 3600_000, status });
      const shown = await t.call(courseEndpoints.show, { as: me, params: { id: course.id }, locale: 'en' });
      const res = await t.call(ep.start, { as: me, body: { topic_type: 'course', topic_id: course.id, body: 'Hei' }, locale: 'en' });
      expect([res.status, res.error.message]).toEqual([404, shown.error.message]);
    }
    const [job] = await t.db
      .insert(schema.jobs)
      .values({
        title: `Skjult ${uniqueToken()}`,
        position_type: 'full_time',
        application_deadline: '2099-01-01',
        company_name: 'Firma',
        user_id: organiser.user.id,
        published_at: new Date(Date.now() + 5 * 24 * 3600_000),
      })
      .returning({ id: schema.jobs.id });
    const shownJob = await t.call(jobEndpoints.show, { as: me, params: { id: job!.id }, locale: 'en' });
    const res = await t.call(ep.start, { as: me, body: { topic_type: 'job', topic_id: job!.id, body: 'Hei' }, locale: 'en' });
    expect([res.status, res.error.message]).toEqual([404, shownJob.error.message]);
    expect(await t.db.select().from(schema.conversations).where(eq(schema.conversations.topic_id, job!.id))).toEqual([]);

    const open = await insertCourse(t.db, { userId: organiser.user.id, startOffset: 7 * 24 * 3600_000, status: 'approved' });
    const ok = await t.call(ep.start, { as: me, body: { topic_type: 'course', topic_id: open.id, body: 'Hei' } });
    expect([ok.status, ok.parsed.data.conversation.topic?.id]).toEqual([201, open.id]);
  });

  it('topic_id of 2^31 or more is 422, never 500', async () => {
    const me = await t.session();
    for (const id of [2 ** 31, 2 ** 53]) {
      const res = await t.call(ep.start, { as: me, body: invalid({ topic_type: 'job', topic_id: id, body: 'Hei' }) });
      expect(res.status).toBe(422);
    }
  });
});

describe('deleted and edited text leaves the bell (issue 37)', () => {
  it('an edit puts the new text in the bell entry and its members; a deletion removes it, also from the notification jobs', async () => {
    const a = await t.session();
    const b = await t.session();
    const { conversation, message } = await start(a, b.user.id, 'Pasient Kari, hemmelig');
    await settleJobs(t);
    expect((await bellOf(b, conversation.id))!.data.excerpt).toBe('Pasient Kari, hemmelig');

    expect((await t.call(ep.edit, { as: a, params: { id: conversation.id, messageId: message.id }, body: { body: 'Rettet tekst' } })).status).toBe(200);
    const edited = await bellOf(b, conversation.id);
    expect(edited!.data.excerpt).toBe('Rettet tekst');
    const members = (await t.call(notificationEndpoints.members, { as: b, params: { id: edited!.id } })).parsed.data;
    expect(JSON.stringify(members)).not.toContain('hemmelig');

    // A second message, deleted before its notification job has surely run.
    const second = await send(a, conversation.id, 'Fødselsnummer i klartekst');
    expect((await t.call(ep.remove, { as: a, params: { id: conversation.id, messageId: second.id } })).status).toBe(200);
    const jobs = await t.db.select().from(schema.jobOutbox).where(sql`${schema.jobOutbox.payload} @> ${JSON.stringify({ kind: 'chat_message', entity_id: conversation.id })}::jsonb`);
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(jobs.map((j) => j.payload))).not.toContain('klartekst');
    expect(JSON.stringify(jobs.map((j) => j.payload))).not.toContain('hemmelig');
    await settleJobs(t);
    const deleted = await bellOf(b, conversation.id);
    expect(deleted!.data).toMatchObject({ excerpt: '', deleted: 1, seq: 2 });
    const all = (await t.call(notificationEndpoints.members, { as: b, params: { id: deleted!.id } })).parsed.data;
    expect(JSON.stringify(all)).not.toContain('klartekst');
    const stored = await t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, b.user.id));
    expect(JSON.stringify(stored.map((n) => n.data))).not.toMatch(/klartekst|hemmelig/);
    // The rewrite again after the lease is waiting, and does the same from the message as it is.
    const again = await t.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.name, 'messages.rewrite-notifications'));
    expect(again.filter((j) => (j.payload as { conversation_id: number }).conversation_id === conversation.id)).toHaveLength(2);
  });
});

describe('the lesser findings (issue 37)', () => {
  it('a cursor of the year 0000 (or another date PostgreSQL refuses) is 422 on /conversations and /user-notifications', async () => {
    const me = await t.session();
    for (const at of ['0000-01-01T00:00:00Z', '2024-02-30T10:00:00Z', '2026-01-01T25:00:00Z', '0999-12-31T00:00:00Z']) {
      const cursor = encodeTimeIdCursor({ at, id: 1 });
      const inbox = await t.call(ep.inbox, { as: me, query: invalid({ cursor }), locale: 'en' });
      expect([at, inbox.status, Object.keys(inbox.validation.errors)]).toEqual([at, 422, ['cursor']]);
      const notes = await t.call(notificationEndpoints.list, { as: me, query: invalid({ cursor }) });
      expect([at, notes.status]).toEqual([at, 422]);
    }
    const fine = encodeTimeIdCursor({ at: '2026-01-01T10:00:00.123456Z', id: 1 });
    expect((await t.call(ep.inbox, { as: me, query: { cursor: fine } })).status).toBe(200);
  });

  it('the sender of a declined (or blocked) request sees nothing change: the title and the other person stay', async () => {
    for (const decision of ['decline', 'block'] as const) {
      const a = await t.session();
      const b = await t.session({ firstName: 'Berit' });
      await t.call(ep.updateSettings, { as: b, body: { who_can_message: 'mutual' } });
      const { conversation } = await start(a, b.user.id);
      const before = (await t.call(ep.show, { as: a, params: { id: conversation.id } })).parsed.data;
      await t.call(ep.decide, { as: b, params: { id: conversation.id }, body: { decision } });
      const after = (await t.call(ep.show, { as: a, params: { id: conversation.id } })).parsed.data;
      expect(after.title).toBe(before.title);
      expect(after.title).toContain('Berit');
      expect(after.participants).toEqual(before.participants);
      expect((await t.call(ep.inbox, { as: a })).parsed.data.find((c) => c.id === conversation.id)?.title).toBe(before.title);
    }
  });

  it('"nobody" governs new conversations only: an existing one goes on, a new one is refused', async () => {
    const a = await t.session();
    const b = await t.session();
    const c = await t.session();
    const { conversation } = await start(a, b.user.id);
    await t.call(ep.updateSettings, { as: b, body: { who_can_message: 'nobody' } });
    await send(a, conversation.id, 'Fortsatt her');
    expect((await start(a, b.user.id, 'Samme samtale')).conversation.id).toBe(conversation.id);
    const fresh = await t.call(ep.start, { as: c, body: { to_user_id: b.user.id, body: 'Hei' }, locale: 'en' });
    expect([fresh.status, fresh.error.message]).toEqual([403, 'The message cannot be delivered.']);
    const group = await t.call(ep.createGroup, { as: c, body: { title: 'G', user_ids: [b.user.id], body: 'Hei' } });
    expect(group.status).toBe(422);
  });

  it('reports: one open report per reporter and message (409), and at most 10 an hour (429)', async () => {
    const a = await t.session();
    const b = await t.session();
    const { conversation } = await start(b, a.user.id, 'En');
    const ids = [conversation.id];
    const msgs = [(await history(a, conversation.id)).data[0]!.id];
    for (let i = 0; i < 10; i += 1) msgs.push((await send(b, conversation.id, `Nr ${i}`)).id);
    const first = await t.call(ep.report, { as: a, params: { id: ids[0]! }, body: { message_ids: [msgs[0]!], reason: 'Plager' } });
    expect(first.status).toBe(204);
    const twice = await t.call(ep.report, { as: a, params: { id: ids[0]! }, body: { message_ids: [msgs[0]!, msgs[1]!] }, locale: 'en' });
    expect([twice.status, twice.error.message]).toEqual([409, 'You have already reported this message. An administrator is looking at it.']);
    // Other messages, one report each, up to the hour's limit.
    for (let i = 1; i < 10; i += 1) {
      expect((await t.call(ep.report, { as: a, params: { id: ids[0]! }, body: { message_ids: [msgs[i]!] } })).status).toBe(204);
    }
    const eleventh = await t.call(ep.report, { as: a, params: { id: ids[0]! }, body: { message_ids: [msgs[10]!] } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers['retry-after']).toBeDefined();
    const reports = await t.db.select().from(schema.messageReports).where(eq(schema.messageReports.reporter_user_id, a.user.id));
    expect(reports).toHaveLength(10);
  });
});
