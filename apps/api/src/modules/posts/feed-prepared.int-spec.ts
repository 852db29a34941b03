import { type FeedCursor } from '@legenett/contracts';
import { createDatabase, type DatabaseHandle, schema } from '@legenett/db';
import { eq, sql } from 'drizzle-orm';
import { createCompany, createUser, type TestUser } from '../../../test/auth';
import { readTestDatabase } from '../../../test/test-database';
import { type PostRow, PostsRepository } from './posts.repository';

/**
 * The feed runs as statements prepared per shape with the viewer as a placeholder
 * (`PostsRepository.feedPage`). On one pooled connection, used by two viewers in turn and with
 * PostgreSQL forced onto the generic plan, every page must equal the same page built per request
 * with the values in it: what the viewer may see (follows, blocked members, unpublished companies)
 * and what is theirs (`liked_by_me`, a share's original of a company only they manage).
 */

let handle: DatabaseHandle;
let repository: PostsRepository;
let viewerA: TestUser;
let viewerB: TestUser;
const postIds = new Map<string, number>();

/** The same page built per request, values in the statement (the builder the prepared shapes use). */
const perRequest = (viewerId: number, cursor: FeedCursor | null, limit: number): Promise<PostRow[]> =>
  repository['feedQuery'](viewerId, cursor, limit).execute();

beforeAll(async () => {
  // One connection, kept: both viewers use the statements it prepared.
  handle = createDatabase(readTestDatabase().url, { max: 1, idleTimeoutMillis: 0 });
  repository = new PostsRepository(handle.db);
  const db = handle.db;
  viewerA = await createUser(db, { prefix: 'feedp-a' });
  viewerB = await createUser(db, { prefix: 'feedp-b' });
  const writer = await createUser(db, { prefix: 'feedp-writer' });
  const other = await createUser(db, { prefix: 'feedp-other' });
  const blocked = await createUser(db, { prefix: 'feedp-blocked', status: 'blocked' });
  const published = await createCompany(db, { managers: [writer.id] });
  // Unpublished: its posts (and shares of them) are only for its manager, viewer A.
  const hidden = await createCompany(db, { managers: [viewerA.id], published: false });
  await db.insert(schema.userFollows).values([
    { follower_id: viewerA.id, followed_user_id: writer.id },
    { follower_id: viewerA.id, followed_user_id: other.id },
    { follower_id: viewerA.id, followed_user_id: blocked.id },
    { follower_id: viewerB.id, followed_user_id: writer.id },
    { follower_id: viewerB.id, followed_user_id: blocked.id },
  ]);
  await db.insert(schema.partnerCompanyFollowers).values([
    { partner_company_id: published.id, user_id: viewerA.id },
    { partner_company_id: hidden.id, user_id: viewerA.id },
    { partner_company_id: published.id, user_id: viewerB.id },
    { partner_company_id: hidden.id, user_id: viewerB.id },
  ]);
  const base = Date.now() - 60 * 60_000;
  const owners: [string, { author_user_id: number | null; partner_company_id: number | null; by: number }][] = [
    ['writer1', { author_user_id: writer.id, partner_company_id: null, by: writer.id }],
    ['hidden1', { author_user_id: null, partner_company_id: hidden.id, by: viewerA.id }],
    ['other1', { author_user_id: other.id, partner_company_id: null, by: other.id }],
    ['blocked1', { author_user_id: blocked.id, partner_company_id: null, by: blocked.id }],
    ['a1', { author_user_id: viewerA.id, partner_company_id: null, by: viewerA.id }],
    ['b1', { author_user_id: viewerB.id, partner_company_id: null, by: viewerB.id }],
    ['company1', { author_user_id: null, partner_company_id: published.id, by: writer.id }],
    ['writer2', { author_user_id: writer.id, partner_company_id: null, by: writer.id }],
    ['a2', { author_user_id: viewerA.id, partner_company_id: null, by: viewerA.id }],
    ['b2', { author_user_id: viewerB.id, partner_company_id: null, by: viewerB.id }],
    ['company2', { author_user_id: null, partner_company_id: published.id, by: writer.id }],
    ['writer3', { author_user_id: writer.id, partner_company_id: null, by: writer.id }],
  ];
  for (const [i, [key, o]] of owners.entries()) {
    const at = new Date(base + i * 60_000);
    const [row] = await db
      .insert(schema.posts)
      .values({
        slug: `feedp-${viewerA.id}-${key}`,
        body: `Innlegg ${key}`,
        author_user_id: o.author_user_id,
        partner_company_id: o.partner_company_id,
        created_by_user_id: o.by,
        likes_count: i % 3,
        created_at: at,
        updated_at: at,
      })
      .returning({ id: schema.posts.id });
    postIds.set(key, row!.id);
  }
  // The writer shares the hidden company's post (A sees the original, B "no longer available").
  await db
    .update(schema.posts)
    .set({ shared_post_id: postIds.get('hidden1')!, is_share: true })
    .where(eq(schema.posts.id, postIds.get('writer3')!));
  // Each viewer likes different posts.
  const like = (user: TestUser, ...keys: string[]) => keys.map((k) => ({ post_id: postIds.get(k)!, user_id: user.id }));
  await db.insert(schema.postLikes).values([
    ...like(viewerA, 'writer1', 'company1', 'writer3'),
    ...like(viewerB, 'writer2', 'company2', 'b1'),
  ]);
  // The generic plan from the first run on: the placeholders are all the statement gets.
  await db.execute(sql`set plan_cache_mode = force_generic_plan`);
});

afterAll(async () => {
  await handle.close();
});

/** Every page of a viewer's feed, `limit` at a time, read with `read` (`limit + 1` rows, as readKeyset asks). */
async function allPages(read: typeof perRequest, viewerId: number, limit: number): Promise<PostRow[][]> {
  const pages: PostRow[][] = [];
  let cursor: FeedCursor | null = null;
  for (;;) {
    const rows = await read(viewerId, cursor, limit + 1);
    pages.push(rows);
    if (rows.length <= limit) return pages;
    const last = rows[limit - 1]!;
    cursor = { created_at: last.cursor_ts, id: last.id };
  }
}

const feedOf = (viewerId: number, cursor: FeedCursor | null, limit: number) => repository.feed(viewerId, cursor, limit);

describe('the prepared feed', () => {
  it('answers each of two viewers on one connection exactly what the per-request statement answers', async () => {
    // Alternating viewers, more than five runs per statement: the plan cache is in use throughout.
    for (const viewer of [viewerA, viewerB, viewerA, viewerB, viewerA, viewerB, viewerA, viewerB]) {
      expect(await allPages(feedOf, viewer.id, 3)).toEqual(await allPages(perRequest, viewer.id, 3));
      expect(await feedOf(viewer.id, null, 21)).toEqual(await perRequest(viewer.id, null, 21));
    }
    // The statements really were prepared on this connection (first pages and cursor pages).
    const { rows } = await handle.pool.query<{ name: string; generic_plans: string }>(
      "select name, generic_plans from pg_prepared_statements where name like 'posts_feed_%' order by name",
    );
    expect(rows.map((r) => r.name)).toEqual(['posts_feed_21_0', 'posts_feed_4_0', 'posts_feed_4_1']);
    expect(rows.every((r) => Number(r.generic_plans) >= 8)).toBe(true);
  });

  it('keeps each viewer their own likes, visibility and shared originals', async () => {
    const byKey = (rows: PostRow[]) => new Map(rows.map((r) => [[...postIds].find(([, id]) => id === r.id)![0], r]));
    const a = byKey(await feedOf(viewerA.id, null, 20));
    const b = byKey(await feedOf(viewerB.id, null, 20));
    const a2 = byKey(await feedOf(viewerA.id, null, 20));

    expect([...a.keys()].sort()).toEqual(['a1', 'a2', 'company1', 'company2', 'hidden1', 'other1', 'writer1', 'writer2', 'writer3'].sort());
    // B follows neither `other` nor may see the unpublished company; nobody sees the blocked member.
    expect([...b.keys()].sort()).toEqual(['b1', 'b2', 'company1', 'company2', 'writer1', 'writer2', 'writer3'].sort());

    const liked = (m: Map<string, PostRow>) => [...m].filter(([, r]) => r.liked_by_me).map(([k]) => k).sort();
    expect(liked(a)).toEqual(['company1', 'writer1', 'writer3']);
    expect(liked(b)).toEqual(['b1', 'company2', 'writer2']);
    expect(a2).toEqual(a); // B's run in between left A's answer as it was

    expect(a.get('writer3')!.shared_post?.id).toBe(postIds.get('hidden1'));
    expect(b.get('writer3')!.is_share).toBe(true);
    expect(b.get('writer3')!.shared_post).toBeNull();
  });
});
