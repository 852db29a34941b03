import { mentionEndpoints as ep, messageEndpoints, postEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp, type UserSession, uniqueToken } from '../../../test/app';
import { createCompany, tokenFor } from '../../../test/auth';
import { type Caller, invalid } from '../../../test/call';
import { settleJobs } from '../../../test/jobs';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = uniqueToken();
});
afterAll(async () => {
  await t.close();
});

const mention = (u: UserSession) => `@[${u.user.id}]`;

async function post(as: Caller, body: string) {
  const res = await t.call(postEndpoints.create, { as, body: { body } });
  expect(res.status).toBe(201);
  return res.parsed.data;
}

async function mentionsOf(userId: number) {
  return t.db
    .select()
    .from(schema.notifications)
    .where(and(eq(schema.notifications.user_id, userId), eq(schema.notifications.kind, 'mention')));
}

describe('the people picker', () => {
  it('answers 401 to anonymous callers and 403 to accounts that are not approved', async () => {
    expect((await t.call(ep.people, { as: null, query: { search: 'ka' } })).status).toBe(401);
    const waiting = await t.session({ status: 'awaiting_approval', approvedHrp: 0 });
    const res = await t.call(ep.people, { as: waiting, query: { search: 'ka' } });
    expect([res.status, res.error.reason]).toEqual([403, 'account_not_approved']);
  });

  it('finds approved members by the start of their first or last name, not the caller, nobody hidden', async () => {
    const me = await t.session({ firstName: `Kari${token}`, lastName: 'Nordby' });
    const found = await t.session({ firstName: 'Ola', lastName: `Kari${token}sen` });
    const byFirst = await t.session({ firstName: `Kari${token}ne`, lastName: 'Hansen' });
    const blocked = await t.session({ firstName: `Kari${token}ta`, lastName: 'Berg', status: 'blocked' });
    const waiting = await t.session({ firstName: `Kari${token}na`, lastName: 'Dahl', status: 'awaiting_approval' });
    const inside = await t.session({ firstName: 'Per', lastName: `Ekari${token}` });
    const res = await t.call(ep.people, { as: me, query: { search: `KARI${token}` } });
    expect(res.status).toBe(200);
    const ids = res.parsed.data.map((p) => p.id);
    expect(ids.sort()).toEqual([found.user.id, byFirst.user.id].sort());
    for (const hidden of [me, blocked, waiting, inside]) expect(ids).not.toContain(hidden.user.id);
  });

  it('answers 422 for a search too short or too long, and takes % and _ literally', async () => {
    const me = await t.session();
    expect((await t.call(ep.people, { as: me, query: { search: 'k' }, locale: 'en' })).status).toBe(422);
    expect((await t.call(ep.people, { as: me, query: invalid({ search: 'x'.repeat(101) }) })).status).toBe(422);
    expect((await t.call(ep.people, { as: me, query: invalid({}) })).status).toBe(422);
    const res = await t.call(ep.people, { as: me, query: { search: '%_' } });
    expect(res.parsed.data).toEqual([]);
  });
});

describe('mentions in posts and comments', () => {
  it('stores a mention by user id, renders it with the profile, and notifies the person once', async () => {
    const author = await t.session();
    const kari = await t.session({ firstName: 'Kari', lastName: `Nordby ${token}` });
    const created = await post(author, `Takk til ${mention(kari)} for hjelpen! ${mention(kari)}`);
    expect(created.body).toContain(mention(kari));
    expect(created.mentions).toEqual([{ id: kari.user.id, slug: kari.user.slug, first_name: 'Kari', last_name: `Nordby ${token}` }]);
    await settleJobs(t);
    const notes = await mentionsOf(kari.user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ actor_user_id: author.user.id, entity_type: 'post', entity_id: created.id });
    expect(notes[0]!.data).toMatchObject({ post_slug: created.slug });

    // Editing the text and keeping the mention tells nobody again; a new mention is told.
    const other = await t.session();
    const edited = await t.call(postEndpoints.update, { as: author, params: { id: created.id }, body: { body: `Takk ${mention(kari)} og ${mention(other)}` } });
    expect(edited.status).toBe(200);
    expect(edited.parsed.data.mentions?.map((m) => m.id)).toEqual([kari.user.id, other.user.id]);
    await settleJobs(t);
    expect(await mentionsOf(kari.user.id)).toHaveLength(1);
    expect(await mentionsOf(other.user.id)).toHaveLength(1);
    // Removed from the text: the link goes.
    const removed = await t.call(postEndpoints.update, { as: author, params: { id: created.id }, body: { body: `Takk ${mention(other)}` } });
    expect(removed.parsed.data.mentions?.map((m) => m.id)).toEqual([other.user.id]);
  });

  it('notifies a person mentioned in a comment, with the comment', async () => {
    const author = await t.session();
    const commenter = await t.session();
    const kari = await t.session();
    const p = await post(author, 'Spørsmål om vaktordning');
    const res = await t.call(postEndpoints.addComment, { as: commenter, params: { id: p.id }, body: { text: `Hva mener du, ${mention(kari)}?` } });
    expect(res.status).toBe(201);
    expect(res.parsed.data.mentions?.map((m) => m.id)).toEqual([kari.user.id]);
    await settleJobs(t);
    const [note] = await mentionsOf(kari.user.id);
    expect(note).toMatchObject({ entity_type: 'post_comment', entity_id: res.parsed.data.id, actor_user_id: commenter.user.id });
    const list = await t.call(postEndpoints.comments, { as: author, params: { id: p.id } });
    expect(list.parsed.data[0]!.mentions?.map((m) => m.id)).toEqual([kari.user.id]);
  });

  it('notifies nobody who may not see the post, nor the author about themselves, nor unknown ids', async () => {
    const author = await t.session();
    const waiting = await t.session({ status: 'awaiting_approval', approvedHrp: 0 });
    const blocked = await t.session({ status: 'blocked' });
    const inReview = await t.session({ status: 'in_review' });
    const created = await post(author, `${mention(author)} ${mention(waiting)} ${mention(inReview)} ${mention(blocked)} @[2000000000] @[0]`);
    // Only approved members resolve (issue 37): awaiting approval, in review, blocked and unknown ids stay text.
    expect(created.mentions ?? []).toEqual([]);
    expect(await t.db.select().from(schema.postMentions).where(eq(schema.postMentions.post_id, created.id))).toEqual([]);
    await settleJobs(t);
    for (const u of [author, waiting, inReview, blocked]) expect(await mentionsOf(u.user.id)).toHaveLength(0);
    // Someone approved when mentioned and put in review later no longer shows by name.
    const later = await t.session();
    const second = await post(author, `Hei ${mention(later)}`);
    expect(second.mentions?.map((m) => m.id)).toEqual([later.user.id]);
    await t.db.update(schema.users).set({ status: 'in_review' }).where(eq(schema.users.id, later.user.id));
    const shown = await t.call(postEndpoints.show, { as: author, params: { id: second.id } });
    expect(shown.parsed.data.mentions ?? []).toEqual([]);
  });

  it("does not notify someone who blocked the writer (the messages' block), in a post or a comment; unblocked, it does again", async () => {
    const author = await t.session();
    const kari = await t.session();
    const ola = await t.session();
    expect((await t.call(messageEndpoints.block, { as: kari, params: { userId: author.user.id } })).status).toBe(204);
    const p = await post(author, `Hei ${mention(kari)} og ${mention(ola)}`);
    // The mention stays in the text and renders; only the bell stays quiet.
    expect(p.mentions?.map((m) => m.id)).toEqual([kari.user.id, ola.user.id]);
    const comment = await t.call(postEndpoints.addComment, { as: author, params: { id: p.id }, body: { text: `Igjen, ${mention(kari)}` } });
    expect(comment.status).toBe(201);
    await settleJobs(t);
    expect(await mentionsOf(kari.user.id)).toHaveLength(0);
    expect(await mentionsOf(ola.user.id)).toHaveLength(1);
    // Kari's block is hers: Kari mentioning the author still reaches the author.
    await post(kari, `Til ${mention(author)}`);
    await settleJobs(t);
    expect(await mentionsOf(author.user.id)).toHaveLength(1);

    expect((await t.call(messageEndpoints.unblock, { as: kari, params: { userId: author.user.id } })).status).toBe(204);
    await post(author, `Nå går det, ${mention(kari)}`);
    await settleJobs(t);
    expect(await mentionsOf(kari.user.id)).toHaveLength(1);
  });

  it("notifies nobody about an archived post, nor a non-manager about an unpublished company's post", async () => {
    const author = await t.session();
    const kari = await t.session();
    const p = await post(author, 'Utkast');
    expect((await t.call(postEndpoints.archiveUserPost, { as: author, params: { slug: p.slug }, body: { archive: 'archive' } })).status).toBe(200);
    expect((await t.call(postEndpoints.update, { as: author, params: { id: p.id }, body: { body: `Hei ${mention(kari)}` } })).status).toBe(200);

    const manager = await t.session();
    const colleague = await t.session();
    const company = await createCompany(t.db, { managers: [manager.user.id, colleague.user.id], published: false });
    const asCompany = await tokenFor(t, manager.user, { actAs: company.id });
    const companyPost = await post(asCompany, `Nyhet for ${mention(kari)} og ${mention(colleague)}`);
    expect(companyPost.company?.id).toBe(company.id);
    await settleJobs(t);
    expect(await mentionsOf(kari.user.id)).toHaveLength(0);
    // A fellow manager sees the unpublished company's posts.
    expect(await mentionsOf(colleague.user.id)).toHaveLength(1);
  });
});
