import { type Locale, PRODUCT_SORTS } from '@legenett/contracts';
import { createDatabase, type DatabaseHandle, schema } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { createUser } from '../../../test/auth';
import { readTestDatabase } from '../../../test/test-database';
import { type Slice } from '../../common/lists';
import { MarketplaceRepository } from './marketplace.repository';

/**
 * Marketplace pages without a search run as statements prepared per shape
 * (`MarketplaceRepository.pageQuery`). On one pooled connection, with PostgreSQL forced onto the
 * generic plan, every shape (status, order, reading direction, page size, first or later page,
 * locale) must answer what the same page built per request answers.
 */

let handle: DatabaseHandle;
let repository: MarketplaceRepository;

beforeAll(async () => {
  handle = createDatabase(readTestDatabase().url, { max: 1, idleTimeoutMillis: 0 });
  repository = new MarketplaceRepository(handle.db);
  const db = handle.db;
  const seller = await createUser(db, { prefix: 'marketp' });
  const token = Math.random().toString(36).slice(2, 8);
  const [category] = await db
    .insert(schema.categories)
    .values({ code: `mp-${token}`, type: 'product', name: { no: `Utstyr ${token}`, en: `Equipment ${token}` } })
    .returning({ id: schema.categories.id });
  const base = Date.now() - 40 * 60_000;
  // Prices repeat (the id decides), some without a category, both statuses (14 sold out).
  await db.insert(schema.products).values(
    Array.from({ length: 40 }, (_, i) => ({
      title: `Produkt ${token} ${i}`,
      description: 'Brukt, pent',
      price_nok: 100 + (i % 7) * 50,
      user_id: seller.id,
      category_id: i % 4 === 0 ? null : category!.id,
      status: i % 3 === 0 ? 2 : 1,
      created_at: new Date(base + Math.floor(i / 2) * 60_000),
    })),
  );
  await db.execute(sql`set plan_cache_mode = force_generic_plan`);
});

afterAll(async () => {
  await handle.close();
});

const SLICES: Slice[] = [
  { offset: 0, limit: 10, fromEnd: false },
  { offset: 10, limit: 7, fromEnd: false },
  { offset: 0, limit: 10, fromEnd: true },
  { offset: 3, limit: 5, fromEnd: true },
];

describe('the prepared marketplace pages', () => {
  it('answer every shape exactly as the per-request statement does, twice over on one connection', async () => {
    let compared = 0;
    for (let round = 0; round < 2; round += 1) {
      for (const locale of ['no', 'en'] as Locale[]) {
        for (const status of [1, 2, 'all'] as const) {
          for (const sort of PRODUCT_SORTS) {
            for (const direction of ['asc', 'desc'] as const) {
              const query = { status, sort, direction, search: undefined };
              for (const slice of SLICES) {
                const prepared = await repository.slice(query, locale, slice);
                const built = await repository['sliceQuery'](query, locale, slice, slice.offset).execute();
                expect(prepared).toEqual(built);
                expect(prepared.length).toBeGreaterThan(0);
                compared += 1;
              }
            }
          }
        }
      }
    }
    expect(compared).toBe(2 * 2 * 3 * 3 * 2 * SLICES.length);
    // They ran as prepared statements on this connection (recent/old share no direction in the key).
    const { rows } = await handle.pool.query<{ n: string }>(
      "select count(*) as n from pg_prepared_statements where name like 'marketplace_page_%'",
    );
    expect(Number(rows[0]!.n)).toBe(2 * 3 * (2 + 1 + 1) * SLICES.length);
  });
});
