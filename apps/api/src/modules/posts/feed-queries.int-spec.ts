import { buildPath, postEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { Client } from 'pg';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createCompany, createUser, tokenFor, type TestUser } from '../../../test/auth';

/**
 * The feed answers with a fixed number of SQL statements whatever the page size: no per-post (N+1)
 * look-ups of authors, companies, attachments or likes.
 *
 * Counting: every statement of node-postgres goes through `Client.prototype.query` (pool.query checks
 * a client out and calls it; transactions call it on the checked-out client), so a spy there sees all
 * of them. Only the API's own pools are counted: their connections carry `application_name`
 * 'legenett-<role>' (the primary) or 'legenett-<role>-read' (a read replica) (DatabaseModule, since
 * the roles of issue 29: 'legenett-all' here); the test's fixture pool carries none.
 */

const APP_POOL = /^legenett-(all|api|worker)(-read)?$/;
const AUTHORS = 12;
const POSTS = 60;

let t: TestApp;
let viewer: TestUser;
let auth: string;
let querySpy: jest.SpyInstance;

type QueryArg = string | { text?: string } | undefined;
const textOf = (arg: QueryArg): string => (typeof arg === 'string' ? arg : (arg?.text ?? ''));
const isAppClient = (ctx: unknown): boolean =>
  APP_POOL.test((ctx as { connectionParameters?: { application_name?: string } } | undefined)?.connectionParameters?.application_name ?? '');

/** Runs one request and returns it with the SQL the API's pool sent while serving it. */
async function withQueries<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  querySpy.mockClear();
  const result = await fn();
  const statements = querySpy.mock.calls
    .map((args, i) => ({ sql: textOf(args[0] as QueryArg), ctx: querySpy.mock.contexts[i] }))
    .filter((c) => isAppClient(c.ctx))
    .map((c) => c.sql);
  return { result, statements };
}

async function feedPage(query: Record<string, string | number>) {
  const { result: res, statements } = await withQueries(() =>
    t.http.get(`/api${buildPath(ep.feed.path)}`).query(query).set('Authorization', auth).set('X-localization', 'en'),
  );
  expect(res.status).toBe(200);
  return { body: ep.feed.response.parse(res.body), statements };
}

beforeAll(async () => {
  // The job-outbox relay polls on the same pool; at its slowest it stays out of the counted requests.
  t = await createTestApp({ env: { OUTBOX_POLL_MS: '60000' } });
  querySpy = jest.spyOn(Client.prototype, 'query');

  viewer = await createUser(t.db, { prefix: 'feedq' });
  auth = bearer(await tokenFor(t, viewer));
  const authors: TestUser[] = [];
  for (let i = 0; i < AUTHORS; i += 1) authors.push(await createUser(t.db, { prefix: 'feedq-author' }));
  const company = await createCompany(t.db, { managers: [authors[0]!.id] });
  const stranger = await createUser(t.db, { prefix: 'feedq-stranger' });
  await t.db.insert(schema.userFollows).values(authors.map((a) => ({ follower_id: viewer.id, followed_user_id: a.id })));
  await t.db.insert(schema.partnerCompanyFollowers).values({ partner_company_id: company.id, user_id: viewer.id });

  // 60 posts a minute apart (pairs share a timestamp, so the id tie-break is used): by the 12 followed
  // users, the followed company, the viewer and a stranger, some archived.
  const base = Date.now() - POSTS * 60_000;
  const rows = Array.from({ length: POSTS }, (_, i) => {
    const owner = i % 10 === 9 ? 'company' : i % 10 === 8 ? 'viewer' : i % 15 === 7 ? 'stranger' : 'author';
    const userId = owner === 'viewer' ? viewer.id : owner === 'stranger' ? stranger.id : owner === 'author' ? authors[i % AUTHORS]!.id : null;
    const at = new Date(base + Math.floor(i / 2) * 60_000);
    return {
      slug: `feedq-${viewer.id}-${i}`,
      body: `Innlegg ${i}`,
      author_user_id: userId,
      partner_company_id: owner === 'company' ? company.id : null,
      created_by_user_id: userId ?? authors[0]!.id,
      archived_at: i % 13 === 0 ? new Date() : null,
      likes_count: i % 4,
      comments_count: i % 3,
      created_at: at,
      updated_at: at,
    };
  });
  const posts = await t.db.insert(schema.posts).values(rows).returning({ id: schema.posts.id });
  // Every sixth post shares the one before it (embedded with its writer and first image).
  for (const [i, { id }] of posts.entries()) {
    if (i % 6 === 5) await t.db.update(schema.posts).set({ shared_post_id: posts[i - 1]!.id, is_share: true }).where(eq(schema.posts.id, id));
  }
  // Images on most posts (one to three each, each with its small size), a PDF on some, likes by the viewer and by authors.
  const wanted = posts.flatMap(({ id }, i) => [
    ...Array.from({ length: i % 4 }, (_, k) => ({ post_id: id, kind: 'image' as const, key: `posts/feedq-${id}-${k}-lg.webp`, position: k })),
    ...(i % 5 === 0 ? [{ post_id: id, kind: 'document' as const, key: `posts/feedq-${id}.pdf`, position: 3 }] : []),
  ]);
  const files = await t.db
    .insert(schema.storedFiles)
    .values(
      wanted.map((a) => ({
        storage_key: a.key,
        kind: a.kind === 'image' ? ('post_image' as const) : ('post_document' as const),
        content_type: a.kind === 'image' ? 'image/webp' : 'application/pdf',
        original_name: a.kind === 'image' ? null : 'veileder.pdf',
        variant: a.kind === 'image' ? 'lg' : null,
      })),
    )
    .returning({ id: schema.storedFiles.id, key: schema.storedFiles.storage_key });
  const fileOf = new Map(files.map((f) => [f.key, f.id]));
  await t.db.insert(schema.storedFiles).values(
    wanted
      .filter((a) => a.kind === 'image')
      .map((a) => ({ storage_key: a.key.replace('-lg.', '-sm.'), kind: 'post_image' as const, content_type: 'image/webp', original_id: fileOf.get(a.key)!, variant: 'sm' })),
  );
  await t.db
    .insert(schema.postAttachments)
    .values(wanted.map((a) => ({ post_id: a.post_id, kind: a.kind, file_id: fileOf.get(a.key)!, position: a.position })));
  await t.db.insert(schema.postLikes).values(
    posts.flatMap(({ id }, i) => [
      ...(i % 2 === 0 ? [{ post_id: id, user_id: viewer.id }] : []),
      ...authors.slice(0, i % 4).map((a) => ({ post_id: id, user_id: a.id })),
    ]),
  );
});

afterAll(async () => {
  querySpy.mockRestore();
  await t.close();
});

describe('GET /feed query count', () => {
  it('uses the same small number of statements for a page of 5, of 20 and for a later page', async () => {
    const small = await feedPage({ limit: 5 });
    const large = await feedPage({ limit: 20 });
    const next = await feedPage({ limit: 20, cursor: large.body.meta.next_cursor! });

    expect(small.body.data).toHaveLength(5);
    expect(large.body.data).toHaveLength(20);
    expect(next.body.data).toHaveLength(20);
    // The pages really carry what would tempt an N+1: several authors, a company, images, likes.
    const page = [...large.body.data, ...next.body.data];
    expect(new Set(page.map((p) => p.author?.id ?? `c${p.company!.id}`)).size).toBeGreaterThan(AUTHORS / 2);
    expect(page.some((p) => p.company !== null)).toBe(true);
    expect(page.filter((p) => p.attachments.length > 1).length).toBeGreaterThan(10);
    expect(page.some((p) => p.liked_by_me)).toBe(true);
    expect(page.some((p) => !p.liked_by_me)).toBe(true);
    expect(page.filter((p) => p.shared_post?.available && p.shared_post.image !== null).length).toBeGreaterThan(1);

    expect(large.statements.length).toBe(small.statements.length);
    expect(next.statements.length).toBe(small.statements.length);
    // Whole request (authentication included) stays a small constant (and is counted at all: a
    // spy that sees no statement would let any N+1 through) ...
    expect(small.statements.length).toBeGreaterThan(0);
    expect(small.statements.length).toBeLessThanOrEqual(5);
    // ... and the feed itself is two statements: the page (authors, companies, like state joined in)
    // and the attachments of all its posts in one `IN (...)`.
    const postStatements = large.statements.filter((s) => /"posts?_(attachments|likes)"|"posts"/.test(s));
    expect(postStatements).toHaveLength(2);
  });

  it('pages through the whole feed in order with no repeats, at the same cost per page', async () => {
    const seen: number[] = [];
    const counts = new Set<number>();
    let cursor: string | null = null;
    do {
      const { body, statements } = await feedPage(cursor ? { limit: 7, cursor } : { limit: 7 });
      seen.push(...body.data.map((p) => p.id));
      counts.add(statements.length);
      cursor = body.meta.next_cursor;
    } while (cursor);
    // 60 posts less the stranger's 4 and the 4 other archived ones; ids grow with created_at here.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(52);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(counts.size).toBe(1);
  });
});
