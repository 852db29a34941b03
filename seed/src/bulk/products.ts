import { createDatabase, type Database, runMigrations } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { seedDatabase } from '../index';

export interface BulkProductsOptions {
  /** How many products to add (default 100 000). */
  count?: number;
  /** Rows per INSERT ... SELECT generate_series batch. */
  batch?: number;
  log?: (msg: string) => void;
}

/**
 * Adds `count` synthetic marketplace products for performance measurements: prices from 0 to
 * 50 000 kr, ~75 % in stock, created over the last two years, spread over every product category and
 * user, Norwegian words in titles, manufacturers and descriptions so full-text search has something to
 * find, and one to three image rows on two products of three (storage keys only: the files are not
 * written). Needs reference data and at least one user (the demo seed).
 */
export async function bulkProducts(db: Database, options: BulkProductsOptions = {}): Promise<number> {
  const count = options.count ?? 100_000;
  const batch = options.batch ?? 10_000;
  const log = options.log ?? (() => undefined);
  let done = 0;
  while (done < count) {
    const n = Math.min(batch, count - done);
    await db.execute(sql`
      with ref as (
        select
          (select array_agg(id order by id) from categories where type = 'product') as categories,
          (select array_agg(id order by id) from users) as users
      ),
      words as (
        select array['stetoskop','ultralyd','blodtrykksmåler','otoskop','undersøkelsesbenk','defibrillator','pulsoksymeter',
                     'termometer','oftalmoskop','lærebok','operasjonslampe','sterilisator','EKG-apparat','spirometer',
                     'kontorstol','mikroskop'] as w,
               array['Philips','Omron','Littmann','Welch Allyn','GE Healthcare','Siemens','Heine','Riester'] as m
      )
      insert into products (title, description, price_nok, manufacturer, category_id, status, user_id, views_count, created_at, updated_at)
      select
        initcap(words.w[1 + (g % 16)]) || ' ' || (array['pent brukt','som ny','ubrukt','demomodell'])[1 + ((g / 16) % 4)] || ' ' || g,
        'Selger ' || words.w[1 + (g % 16)] || ' fra ' || words.m[1 + (g % 8)] || '. Passer for ' ||
          words.w[1 + ((g / 5) % 16)] || ' og ' || words.w[1 + ((g / 3) % 16)] || '. Kan hentes eller sendes.',
        (g::bigint * 7919) % 50001, -- bigint: g * 7919 leaves int range past 271 000 rows
        words.m[1 + (g % 8)],
        case when cardinality(ref.categories) > 0 then ref.categories[1 + (g % cardinality(ref.categories))] end,
        case when g % 4 = 0 then 2 else 1 end,
        ref.users[1 + (g % greatest(1, cardinality(ref.users)))],
        g % 300,
        now() - make_interval(mins => (g * 13) % (60 * 24 * 730)),
        now() - make_interval(mins => (g * 13) % (60 * 24 * 730))
      from generate_series(${done + 1}::int, ${done + n}::int) as g, ref, words
    `);
    done += n;
    log(`products: ${done}/${count}`);
  }
  // One to three image rows on two of three products without images: a stored_files row per size
  // (detail `lg` the main one, list `sm` its variant), the image row pointing at the main one.
  await db.execute(sql`
    with wanted as (
      select p.id as product_id, p.user_id, k, 'images/bulk-' || p.id || '-' || k || '-lg.webp' as main_key
      from products p
      cross join generate_series(0, 2) as k
      where p.id % 3 <> 0 and k <= p.id % 3
        and not exists (select 1 from product_images i where i.product_id = p.id)
    ), main as (
      insert into stored_files (storage_key, kind, content_type, size_bytes, width, height, owner_user_id, variant)
      select main_key, 'product_image', 'image/webp', 120000, 1600, 1200, user_id, 'lg' from wanted
      returning id, storage_key, owner_user_id
    ), small as (
      insert into stored_files (storage_key, kind, content_type, size_bytes, width, height, owner_user_id, original_id, variant)
      select replace(storage_key, '-lg.webp', '-sm.webp'), 'product_image', 'image/webp', 12000, 480, 360, owner_user_id, id, 'sm' from main
    )
    insert into product_images (product_id, file_id, position)
    select w.product_id, m.id, w.k from wanted w join main m on m.storage_key = w.main_key
  `);
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze product_images`);
  await db.execute(sql`analyze stored_files`);
  log('product images added, tables analysed');
  return count;
}

/** `DATABASE_URL=... node seed/dist/bulk/products.js [count]`: migrate, seed reference and demo data, add bulk products. */
async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is not set, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch_products node seed/dist/bulk/products.js 100000');
    return 1;
  }
  const count = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(count) || count < 1) {
    console.error('count must be a positive whole number');
    return 1;
  }
  const handle = createDatabase(url, { max: 2 });
  const log = (msg: string) => console.log(`[bulk] ${msg}`);
  try {
    await runMigrations(handle.db);
    await seedDatabase(handle.db, { demo: true, log });
    await bulkProducts(handle.db, { count, log });
    return 0;
  } finally {
    await handle.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error('[bulk] failed:', err instanceof Error ? (err.stack ?? err.message) : err);
      process.exitCode = 1;
    },
  );
}
