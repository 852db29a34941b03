import { createDatabase, type Database, runMigrations } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { seedDatabase } from '../index';

export interface BulkJobsOptions {
  /** How many jobs to add (default 100 000). */
  count?: number;
  /** Rows per INSERT ... SELECT generate_series batch. */
  batch?: number;
  log?: (msg: string) => void;
}

/**
 * Adds `count` synthetic jobs for performance measurements: spread over every county, job category
 * and workplace type, one or two specialities each, ~70 % current, ~20 % past the deadline, ~10 %
 * closed, publishing dates over the last two years, Norwegian words in titles and descriptions so
 * full-text search has something to find. Needs reference data and at least one user (the demo seed).
 */
export async function bulkJobs(db: Database, options: BulkJobsOptions = {}): Promise<number> {
  const count = options.count ?? 100_000;
  const batch = options.batch ?? 10_000;
  const log = options.log ?? (() => undefined);
  let done = 0;
  while (done < count) {
    const n = Math.min(batch, count - done);
    await db.execute(sql`
      with ref as (
        select
          (select array_agg(id order by id) from counties) as counties,
          (select array_agg(id order by id) from job_categories) as categories,
          (select array_agg(id order by id) from users) as users
      ),
      words as (
        select array['kardiologi','fastlege','anestesi','psykiatri','kirurgi','barnelege','legevakt','radiologi',
                     'onkologi','geriatri','nevrologi','ortopedi','vikariat','overlege','turnuslege','allmennpraksis'] as w,
               array['Helse Bergen','Legesenteret Nord','Sykehuset Innlandet','Akershus universitetssykehus',
                     'Helse Stavanger','Finnmarkssykehuset','Bodø legesenter','Oslo kommune'] as c
      )
      insert into jobs (title, job_category_id, position_type, description, workplace_type, postal_code, city_area,
                        county_id, contact_person, application_deadline, published_at, company_name, user_id, status,
                        closed_at, views_count)
      select
        initcap(words.w[1 + (g % 16)]) || ' – ' || words.w[1 + ((g / 16) % 16)] || ' ' || g,
        ref.categories[1 + (g % greatest(1, cardinality(ref.categories)))],
        (array['full_time','substitute','asap'])[1 + (g % 3)],
        'Vi søker lege innen ' || words.w[1 + ((g / 7) % 16)] || ' og ' || words.w[1 + ((g / 3) % 16)] ||
          '. Gode kolleger, variert arbeid og faglig utvikling.',
        (array['hospital','general_practice','other'])[1 + (g % 3)],
        lpad(((g * 37) % 10000)::text, 4, '0'),
        'Område ' || (g % 50),
        ref.counties[1 + (g % greatest(1, cardinality(ref.counties)))],
        'Kontakt ' || g,
        case when g % 10 in (1, 2) then current_date - (1 + g % 300) else current_date + (1 + g % 120) end,
        now() - make_interval(mins => (g * 7) % (60 * 24 * 730)),
        words.c[1 + (g % 8)],
        ref.users[1 + (g % greatest(1, cardinality(ref.users)))],
        case when g % 10 = 3 then 'closed' else 'published' end,
        case when g % 10 = 3 then now() - interval '1 day' else null end,
        g % 200
      from generate_series(${done + 1}::int, ${done + n}::int) as g, ref, words
    `);
    done += n;
    log(`jobs: ${done}/${count}`);
  }
  // One or two specialities per bulk job (those without any yet).
  await db.execute(sql`
    with s as (select array_agg(id order by id) as ids from specialties)
    insert into job_specialties (job_id, specialty_id)
    select j.id, s.ids[1 + (j.id % cardinality(s.ids))] from jobs j, s
    where cardinality(s.ids) > 0 and not exists (select 1 from job_specialties x where x.job_id = j.id)
    union
    select j.id, s.ids[1 + ((j.id / 3) % cardinality(s.ids))] from jobs j, s
    where cardinality(s.ids) > 0 and j.id % 2 = 0 and not exists (select 1 from job_specialties x where x.job_id = j.id)
    on conflict do nothing
  `);
  await db.execute(sql`analyze jobs`);
  await db.execute(sql`analyze job_specialties`);
  log('job specialities added, tables analysed');
  return count;
}

/** `DATABASE_URL=... node seed/dist/bulk/jobs.js [count]`: migrate, seed reference and demo data, add bulk jobs. */
async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is not set, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch_jobs node seed/dist/bulk/jobs.js 100000');
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
    await bulkJobs(handle.db, { count, log });
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
