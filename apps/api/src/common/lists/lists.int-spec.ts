import { jobEndpoints, type PageMeta, productEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, uniqueToken, type UserSession } from '../../../test/app';

const { jobs, products, listVersions, storedFiles } = schema;

let t: TestApp;
let me: UserSession;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  me = await t.session();
  userId = me.user.id;
});
afterAll(async () => {
  await t.close();
});

const version = async (name: string) =>
  (await t.db.select({ v: listVersions.version }).from(listVersions).where(eq(listVersions.name, name)))[0]
    ?.v ?? 0;

/** The ids and meta of one page (the call parses the answer with the endpoint's contract). */
const ids = ({ data, meta }: { data: { id: number }[]; meta: PageMeta }) => ({
  ids: data.map((r) => r.id),
  meta,
});
const board = async (query: { search: string; per_page?: number; page?: number; show_old?: boolean }) =>
  ids((await t.call(jobEndpoints.list, { as: me, query })).parsed);
const archivedJobs = async (query: { search: string }) =>
  ids((await t.call(jobEndpoints.archived, { as: me, query })).parsed);
const marketplace = async (query: { search: string; per_page: number; page?: number }) =>
  ids((await t.call(productEndpoints.list, { as: me, query })).parsed);

/** Jobs written straight to the database, as a migration, a script or another replica would. */
async function insertJobs(word: string, n: number, deadline: string) {
  const rows = await t.db
    .insert(jobs)
    .values(
      Array.from({ length: n }, (_, i) => ({
        title: `Overlege ${word} ${i}`,
        position_type: 'full_time' as const,
        application_deadline: deadline,
        company_name: 'Listetest AS',
        user_id: userId,
        published_at: new Date(Date.now() - (n - i) * 60_000),
      })),
    )
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

describe('list versions (the triggers behind cached counts)', () => {
  it('rise on writes that change a list, not on a page view or a new logo', async () => {
    const [id] = await insertJobs(`v${uniqueToken()}`, 1, '2999-01-01');
    const [logo] = await t.db
      .insert(storedFiles)
      .values({
        storage_key: `job-logos/${uniqueToken()}.webp`,
        kind: 'job_logo',
        content_type: 'image/webp',
        owner_user_id: userId,
      })
      .returning({ id: storedFiles.id });
    const before = await version('jobs');
    await t.db
      .update(jobs)
      .set({ views_count: sql`${jobs.views_count} + 1`, updated_at: new Date() })
      .where(eq(jobs.id, id!));
    await t.db
      .update(jobs)
      .set({ company_logo_file_id: logo!.id, updated_at: new Date() })
      .where(eq(jobs.id, id!));
    expect(await version('jobs')).toBe(before);
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, id!));
    expect(await version('jobs')).toBeGreaterThan(before);
  });
});

describe('cached counts stay exact', () => {
  it('the jobs board follows writes made outside the API, and deep pages read from the end agree', async () => {
    const word = `liste${uniqueToken()}`;
    const current = await insertJobs(word, 13, '2999-01-01');
    const first = await board({ search: word, per_page: 5 });
    expect(first.meta).toEqual({ current_page: 1, last_page: 4, per_page: 5, total: 20 });
    expect(first.ids).toEqual(current.slice(-5).reverse());
    // Page 3 of 13 (the back half) is read from the end; same rows as reading from the start.
    expect((await board({ search: word, per_page: 5, page: 3 })).ids).toEqual(current.slice(0, 3).reverse());

    await t.db
      .update(jobs)
      .set({ status: 'closed' })
      .where(inArray(jobs.id, current.slice(0, 2)));
    const archived = await archivedJobs({ search: word });
    expect(archived.meta.total).toBe(2);
    const old = await board({ search: word, per_page: 5, show_old: true });
    expect(old.meta.current_page).toBe(3);
    expect(old.ids).toEqual([current[2]!, current[1]!, current[0]!]);

    await insertJobs(word, 9, '2999-01-01');
    expect((await board({ search: word, per_page: 5 })).meta.total).toBe(30);
    await t.db.delete(jobs).where(inArray(jobs.id, current));
    expect((await board({ search: word, per_page: 5 })).meta.total).toBe(10);
    expect((await archivedJobs({ search: word })).meta.total).toBe(0);
  });

  it('the marketplace follows writes, and every page agrees with a plain read', async () => {
    const word = `marked${uniqueToken()}`;
    const ids = (
      await t.db
        .insert(products)
        .values(
          Array.from({ length: 7 }, (_, i) => ({
            title: `Stetoskop ${word}`,
            price_nok: 100 + i,
            user_id: userId,
          })),
        )
        .returning({ id: products.id })
    ).map((r) => r.id);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await marketplace({ search: word, per_page: 3, page }));
    expect(pages.map((p) => p.meta.total)).toEqual([7, 7, 7]);
    expect(pages.flatMap((p) => p.ids)).toEqual(ids);
    await t.db.delete(products).where(eq(products.id, ids[0]!));
    expect((await marketplace({ search: word, per_page: 3 })).meta.total).toBe(6);
  });

  it('deep pages start from bookmarks and agree with the plain order (ties, microseconds)', async () => {
    const word = `dyp${uniqueToken()}`;
    // 2 500 current jobs; three share each timestamp, a microsecond apart, so ids break the ties
    // and a bookmark rounded to milliseconds would skip or repeat rows.
    await t.db.execute(sql`
      insert into ${jobs} (title, position_type, application_deadline, company_name, user_id, published_at)
      select ${`Lege ${word} `} || g, 'full_time', '2999-01-01', 'Listetest AS', ${userId}, now() - interval '1 hour' - (g / 3) * interval '1 microsecond'
      from generate_series(1, 2500) g`);
    const ordered = (
      await t.db.execute<{ id: number }>(
        sql`select id from ${jobs} where title like ${`Lege ${word} %`} order by published_at desc, id desc`,
      )
    ).rows.map((r) => Number(r.id));
    expect(ordered).toHaveLength(2500);
    // page 21 starts at 1000 (a bookmark from the start), page 30 at 1450 (from the end, 1000 from it).
    for (const page of [20, 21, 22, 30, 41, 50]) {
      const got = await board({ search: word, per_page: 50, page });
      expect(got.ids).toEqual(ordered.slice((page - 1) * 50, page * 50));
    }
  });
});
