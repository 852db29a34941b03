import { guardSweepEndpoints as ep, NATIONAL_ID_RULES_VERSION } from '@legenett/contracts';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { invalid } from '../../../test/call';
import { JobQueue } from '../../common/queue';
import { GuardSweepService } from './guard-sweep.service';

/** Issue 38's example, 15 March 1984, valid by today's rule. */
const NUMBER = '15038410099';
/** The same number as text copied from a patient record writes it: a non-breaking space inside. */
const WITH_NBSP = '150384\u00a010099';

let t: TestApp;
let service: GuardSweepService;
beforeAll(async () => {
  t = await createTestApp();
  service = t.app.get(GuardSweepService);
});
afterAll(async () => {
  await t.close();
});

/** Runs the sweep an administrator starts, through the queue, and waits for it. */
async function sweepAsAdmin(admin: Awaited<ReturnType<TestApp['session']>>) {
  const res = await t.call(ep.startSweep, { as: admin });
  expect(res.status).toBe(202);
  await t.app.get(JobQueue).onIdle();
  const latest = (await t.call(ep.latestSweep, { as: admin })).parsed.data;
  expect(latest).toMatchObject({ id: res.parsed.data.id, status: 'done' });
  return latest!;
}

async function openFindings(admin: Awaited<ReturnType<TestApp['session']>>) {
  const all = [];
  for (let page = 1; ; page++) {
    const res = await t.call(ep.findings, { as: admin, query: { status: 'open', page, per_page: 50 } });
    expect(res.status).toBe(200);
    all.push(...res.parsed.data);
    if (page >= res.parsed.meta.last_page) return all;
  }
}

describe('the sweep of content written before', () => {
  it('finds numbers planted in old posts, petitions and messages, lists them masked with where/who/when/link, and a re-run adds nothing', async () => {
    const token = uniqueToken();
    const admin = await t.session({ roles: ['admin'] });
    const author = await t.session({ firstName: `Skriver${token}` });
    const written = new Date('2024-02-03T10:00:00Z');
    const post = await t.db.execute<{ id: string }>(sql`
      insert into posts (slug, author_user_id, body, created_at) values (${`p-${token}`}, ${author.user.id}, ${`Pasient ${NUMBER} ringte`}, ${written})
      returning id`);
    const petition = await t.db.execute<{ id: number }>(sql`
      insert into petitions (title, summary, user_id, status, created_at) values (${`Opprop ${token}`}, ${`Gjelder ${WITH_NBSP}.`}, ${author.user.id}, 'active', ${written})
      returning id`);
    const conversation = await t.db.execute<{ id: string }>(sql`
      insert into conversations (kind, title, created_by_user_id) values ('group', ${`Gruppe ${token}`}, ${author.user.id}) returning id`);
    const message = await t.db.execute<{ id: string }>(sql`
      insert into messages (conversation_id, seq, sender_user_id, body, created_at)
      values (${conversation.rows[0]!.id}, 1, ${author.user.id}, ${`Hemmelig: ${NUMBER}`}, ${written}) returning id`);
    const postId = Number(post.rows[0]!.id);
    const petitionId = petition.rows[0]!.id;
    const messageId = Number(message.rows[0]!.id);

    const sweep = await sweepAsAdmin(admin);
    expect(sweep.reason).toBe('manual');
    expect(sweep.rules_version).toBe(NATIONAL_ID_RULES_VERSION);
    expect(sweep.scanned).toBeGreaterThanOrEqual(3);

    const mine = (await openFindings(admin)).filter((f) => f.author?.id === author.user.id);
    expect(mine.map((f) => `${f.source}.${f.field}`).sort()).toEqual(['message.body', 'petition.summary', 'post.body']);
    const onPost = mine.find((f) => f.source === 'post')!;
    expect(onPost).toMatchObject({
      content_id: postId,
      link: `/post/${postId}`,
      masked: '******-***99',
      author: { type: 'user', id: author.user.id, slug: author.user.slug },
      content_created_at: written.toISOString(),
      status: 'open',
    });
    expect(mine.find((f) => f.source === 'petition')).toMatchObject({ content_id: petitionId, link: `/petitions/details/${petitionId}` });
    // A private message: who and when, never a link into the conversation.
    expect(mine.find((f) => f.source === 'message')).toMatchObject({ content_id: messageId, link: null });
    // The number itself is nowhere in the answer, nor in the table.
    const listed = JSON.stringify(await openFindings(admin));
    expect(listed).not.toContain(NUMBER);
    expect(listed).not.toContain('150384');
    const stored = await t.db.execute(sql`select * from guard_findings`);
    expect(JSON.stringify(stored.rows)).not.toContain('150384');

    // A second run finds the same: no duplicate.
    const again = await sweepAsAdmin(admin);
    expect(again.id).not.toBe(sweep.id);
    expect(again.found).toBe(0);
    const mineAgain = (await openFindings(admin)).filter((f) => f.author?.id === author.user.id);
    expect(mineAgain.map((f) => f.id).sort()).toEqual(mine.map((f) => f.id).sort());
  });

  it('lets an administrator mark a finding handled; one marked removed that is still there is opened again', async () => {
    const token = uniqueToken();
    const admin = await t.session({ roles: ['admin'] });
    const author = await t.session();
    await t.db.execute(sql`insert into posts (slug, author_user_id, body) values (${`q-${token}`}, ${author.user.id}, ${`Nr ${NUMBER}`})`);
    await t.db.execute(sql`insert into post_comments (post_id, author_user_id, body)
      select id, ${author.user.id}, ${`og ${WITH_NBSP}`} from posts where slug = ${`q-${token}`}`);
    await sweepAsAdmin(admin);
    const [onPost, onComment] = ['post', 'comment'].map((s) => (async () => (await openFindings(admin)).find((f) => f.author?.id === author.user.id && f.source === s)!)());
    const post = (await onPost)!;
    const comment = (await onComment)!;

    const removed = await t.call(ep.decideFinding, { as: admin, params: { id: post.id }, body: { decision: 'removed' } });
    expect(removed.status).toBe(200);
    expect(removed.parsed.data).toMatchObject({ status: 'removed', handled_by: { id: admin.user.id } });
    const notNumber = await t.call(ep.decideFinding, { as: admin, params: { id: comment.id }, body: { decision: 'not_a_number' } });
    expect(notNumber.parsed.data.status).toBe('not_a_number');
    const handled = (await t.call(ep.findings, { as: admin, query: { status: 'not_a_number', per_page: 50 } })).parsed.data;
    expect(handled.map((f) => f.id)).toContain(comment.id);

    // The post still holds the number: the next run opens its finding again; the comment stays decided.
    await sweepAsAdmin(admin);
    const open = (await openFindings(admin)).filter((f) => f.author?.id === author.user.id);
    expect(open.map((f) => f.id)).toEqual([post.id]);
    expect(open[0]!.handled_by).toBeNull();
  });

  it('refuses the anonymous (401) and members who are no administrators (403); an unknown finding is 404; a bad decision 422', async () => {
    const member = await t.session();
    const admin = await t.session({ roles: ['admin'] });
    expect((await t.call(ep.findings, { as: null })).status).toBe(401);
    expect((await t.call(ep.latestSweep, { as: null })).status).toBe(401);
    expect((await t.call(ep.startSweep, { as: null })).status).toBe(401);
    expect((await t.call(ep.decideFinding, { as: null, params: { id: 1 }, body: { decision: 'removed' } })).status).toBe(401);
    for (const res of [
      await t.call(ep.findings, { as: member }),
      await t.call(ep.latestSweep, { as: member }),
      await t.call(ep.startSweep, { as: member }),
      await t.call(ep.decideFinding, { as: member, params: { id: 1 }, body: { decision: 'removed' } }),
    ]) {
      expect(res.status).toBe(403);
    }
    const missing = await t.call(ep.decideFinding, { as: admin, params: { id: 999_999_999 }, body: { decision: 'removed' } });
    expect(missing.status).toBe(404);
    const bad = await t.call(ep.decideFinding, { as: admin, params: { id: 1 }, body: invalid({ decision: 'deleted' }), locale: 'en' });
    expect(bad.status).toBe(422);
    expect(bad.validation?.errors.decision).toBeDefined();
  });

  it('sweeps in keyset batches and resumes a run left midway where it stopped', async () => {
    const token = uniqueToken();
    const author = await t.session();
    for (let i = 0; i < 5; i++) {
      await t.db.execute(sql`insert into posts (slug, author_user_id, body) values (${`b${i}-${token}`}, ${author.user.id}, ${`Nr ${NUMBER} (${i})`})`);
    }
    // A run a killed worker left 'running', its cursor in the middle of the posts.
    const [{ id: middle }] = (await t.db.execute<{ id: string }>(sql`select id from posts where slug = ${`b2-${token}`}`)).rows as [{ id: string }];
    const left = await t.db.execute<{ id: string }>(sql`
      insert into guard_sweeps (reason, rules_version, status, cursor_source, cursor_id) values ('manual', ${NATIONAL_ID_RULES_VERSION}, 'running', 'post', ${middle}) returning id`);
    const done = await service.run(Number(left.rows[0]!.id), { batchSize: 2 });
    expect(done?.status).toBe('done');
    const found = await t.db.execute<{ content_id: string }>(sql`
      select content_id from guard_findings where source = 'post' and author_user_id = ${author.user.id} order by content_id`);
    // Only the posts after the cursor: the run went on from where it was.
    expect(found.rows.map((r) => Number(r.content_id))).toEqual(
      (await t.db.execute<{ id: string }>(sql`select id from posts where author_user_id = ${author.user.id} and id > ${middle} order by id`)).rows.map((r) => Number(r.id)),
    );
    // A finished run is not run again.
    expect(await service.run(Number(left.rows[0]!.id))).toBeNull();
  });
});

describe('a change of the guard rules', () => {
  it('makes a worker sweep at start-up when the stored rules version is older, and not again once swept', async () => {
    const token = uniqueToken();
    const author = await t.session();
    await t.db.execute(sql`insert into posts (slug, author_user_id, body) values (${`r-${token}`}, ${author.user.id}, ${`Nr ${WITH_NBSP}`})`);
    // Pretend every run so far was made with the rules before this version.
    await t.db.execute(sql`update guard_sweeps set rules_version = ${NATIONAL_ID_RULES_VERSION - 1}`);

    // A worker process (ROLE=all in tests) with the scheduled check on: its first tick comes at start-up.
    const worker = await createTestApp({ env: { GUARD_RULES_CHECK_MINUTES: '60' } });
    try {
      const queue = worker.app.get(JobQueue);
      const deadline = Date.now() + 30_000;
      let sweep: { reason: string; status: string; rules_version: number } | undefined;
      while (Date.now() < deadline) {
        await queue.onIdle();
        sweep = (await t.db.execute<{ reason: string; status: string; rules_version: number }>(sql`
          select reason, status, rules_version from guard_sweeps where reason = 'rules' order by id desc limit 1`)).rows[0];
        if (sweep?.status === 'done') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(sweep).toEqual({ reason: 'rules', status: 'done', rules_version: NATIONAL_ID_RULES_VERSION });
      const found = await t.db.execute(sql`select 1 from guard_findings where source = 'post' and author_user_id = ${author.user.id}`);
      expect(found.rows).toHaveLength(1);
      // Swept with today's rules: the next check queues nothing.
      expect(await worker.app.get(GuardSweepService).checkRules()).toBeNull();
    } finally {
      await worker.close();
    }
  });
});
