import { type Database } from '@legenett/db';
import { type SQL, sql } from 'drizzle-orm';
import { type BulkLog, inBatches, runBulkCli } from './cli';

export interface BulkPostsOptions {
  /** How many users to add (default 30 000). */
  users?: number;
  /** How many posts to add (default 1 000 000). */
  posts?: number;
  /** How many partner companies to add (default 300). */
  companies?: number;
  /** The demo account whose feed is made realistic (default lege@demo.no). */
  viewer?: string;
  log?: BulkLog;
}

/** Bulk users are `bulk-<n>@bulk.legenett.no`, slug `bulk-<n>`; bulk companies `bulk-firma-<n>`. */
const USER_EMAIL = 'bulk-%@bulk.legenett.no';
/** The first this many bulk users are the "popular" ones: a third of all follows point at them. */
const POPULAR = 1000;
const TWO_YEARS_S = 730 * 86_400;

/** Every bulk user id, ascending: `ids.ids[1..n]` inside a statement. */
const bulkUserIds = sql`(select array_agg(id order by id) as ids from users where email like ${USER_EMAIL})`;
/** A well-mixed, deterministic, non-negative int from an integer expression. */
const mix = (expr: SQL) => sql`(abs(hashint4(${expr})::bigint) % 2147483647)::int`;

/**
 * Adds a social network for feed measurements: `users` approved doctors (all with the demo password,
 * hashed once by the demo seed and copied), `companies` published companies, ~100 follows per user
 * (50–150, a third of them towards 1 000 popular users) and 0–5 company follows each, the viewer
 * (lege@demo.no) following 200 bulk users and 10 companies, then `posts` posts written in time order
 * over the last two years (96 % by users, skewed towards an active tenth, 4 % by companies), ~3 %
 * archived, like and comment counters, ~20 % with one or two images and ~3 % with a PDF (storage
 * keys only: the files are not written), real like rows on an eighth of the posts and on a third of
 * the viewer's feed. Needs the demo seed. Ends with VACUUM ANALYZE so plans and index-only scans are
 * those of a settled database.
 */
export async function bulkPosts(db: Database, options: BulkPostsOptions = {}): Promise<void> {
  const userCount = options.users ?? 30_000;
  const postCount = options.posts ?? 1_000_000;
  const companyCount = options.companies ?? 300;
  const viewer = options.viewer ?? 'lege@demo.no';
  const log = options.log ?? (() => undefined);
  // A run token keeps post slugs unique when the generator runs twice on one database.
  const run = Date.now().toString(36);

  const [pw] = (await db.execute<{ hash: string | null }>(sql`select password_hash as hash from users where email = ${viewer}`)).rows;
  if (!pw?.hash) throw new Error(`${viewer} is missing: the demo seed must run first`);

  await inBatches('users', userCount, 10_000, log, (from, to) =>
    db.execute(sql`
      with words as (
        select array['Anne','Ole','Kari','Lars','Ingrid','Per','Marit','Jon','Silje','Hans','Nora','Erik','Ida','Knut',
                     'Hilde','Thomas','Sofie','Magnus','Eva','Bjørn','Maja','Sindre','Ragnhild','Eirik'] as f,
               array['Hansen','Johansen','Olsen','Larsen','Andersen','Pedersen','Nilsen','Kristiansen','Jensen','Karlsen',
                     'Johnsen','Pettersen','Eriksen','Berg','Haugen','Hagen','Johannessen','Andreassen','Jacobsen','Dahl',
                     'Jørgensen','Halvorsen','Henriksen','Lund','Sørensen','Strand','Moen','Solberg','Bakken','Kristoffersen'] as l
      )
      insert into users (email, password_hash, first_name, last_name, slug, status, locale, registered_via,
                         terms_accepted_at, no_sensitive_info_accepted_at, email_verified_at, created_at, updated_at)
      select 'bulk-' || g || '@bulk.legenett.no', ${pw.hash}, words.f[1 + g % 24], words.l[1 + (g / 24) % 30], 'bulk-' || g,
             case when g % 97 = 0 then 'in_review' else 'approved' end, 'no', 'hpr_number', t.at, t.at, t.at, t.at, t.at
      from generate_series(${from}::int, ${to}::int) as g, words,
           lateral (select now() - make_interval(secs => ${TWO_YEARS_S} + g % ${TWO_YEARS_S / 2})) as t(at)
      on conflict do nothing
    `),
  );
  await db.execute(sql`
    insert into user_info (user_id, approved_hrp, hpr_verified)
    select id, 2, true from users where email like ${USER_EMAIL}
    on conflict do nothing
  `);
  await db.execute(sql`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from users u, roles r where u.email like ${USER_EMAIL} and r.code = 'doctor'
    on conflict do nothing
  `);

  await db.execute(sql`
    insert into partner_companies (slug, name, description, is_published, is_comments_allowed, created_at, updated_at)
    select 'bulk-firma-' || g,
           (array['Helse','Medi','Lege','Klinikk','Fysio','Farma','Diagnostikk','Omsorg'])[1 + g % 8] || ' ' ||
             (array['Nord','Sør','Vest','Øst','Midt','Fjord','Vidde','Kyst'])[1 + (g / 8) % 8] || ' ' || g || ' AS',
           'Bedriftsside for benchmark.', true, g % 10 <> 0, now() - interval '800 days', now() - interval '800 days'
    from generate_series(1, ${companyCount}::int) as g
    on conflict do nothing
  `);
  log(`users and companies: ${userCount} users, ${companyCount} companies`);

  // ~100 follows per user (50–150); every third towards the popular users.
  await inBatches('user follows (followers)', userCount, 3_000, log, (from, to) =>
    db.execute(sql`
      with b as ${bulkUserIds}
      insert into user_follows (follower_id, followed_user_id, created_at, updated_at)
      select b.ids[i], b.ids[1 + x.k], x.at, x.at
      from b, generate_series(${from}::int, ${to}::int) as i,
           lateral generate_series(1, 50 + (${mix(sql`i`)} % 101)::int) as j,
           lateral (select case when j % 3 = 0 then ${mix(sql`i * 1000 + j`)} % ${POPULAR}
                                else ${mix(sql`i * 1000 + j`)} % cardinality(b.ids) end as k,
                           now() - make_interval(secs => ${mix(sql`i * 7 + j`)} % ${TWO_YEARS_S}) as at) as x
      where i <= cardinality(b.ids) and b.ids[1 + x.k] <> b.ids[i]
      on conflict do nothing
    `),
  );
  // 0–5 companies per user, among every published company (demo ones too).
  await db.execute(sql`
    with b as ${bulkUserIds},
         c as (select array_agg(id order by id) as ids from partner_companies where is_published and deleted_at is null)
    insert into partner_company_followers (partner_company_id, user_id)
    select c.ids[1 + ${mix(sql`i * 10 + j`)} % cardinality(c.ids)], b.ids[i]
    from b, c, generate_series(1, cardinality(b.ids)) as i, lateral generate_series(1, (i % 6)::int) as j
    on conflict do nothing
  `);

  // The viewer: 200 bulk users (distinct: 149 * j < 30 000) and 10 bulk companies.
  await db.execute(sql`
    with b as ${bulkUserIds}, v as (select id from users where email = ${viewer})
    insert into user_follows (follower_id, followed_user_id)
    select v.id, b.ids[1 + (j * 149) % cardinality(b.ids)] from b, v, generate_series(1, least(200, cardinality(b.ids))) as j
    on conflict do nothing
  `);
  await db.execute(sql`
    insert into partner_company_followers (partner_company_id, user_id)
    select c.id, v.id from partner_companies c, (select id from users where email = ${viewer}) v
    where c.slug in (select 'bulk-firma-' || g from generate_series(1, 10) as g)
    on conflict do nothing
  `);
  await db.execute(sql`
    update partner_companies c set followers_count = f.n
    from (select partner_company_id, count(*)::int as n from partner_company_followers group by partner_company_id) f
    where f.partner_company_id = c.id and c.followers_count <> f.n
  `);
  log('follows added');

  // Posts in time order (post g of n written at now() - 2 years * (n - g) / n, give or take an hour).
  await inBatches('posts', postCount, 50_000, log, (from, to) =>
    db.execute(sql`
      with b as ${bulkUserIds},
           c as (select array_agg(id order by id) as ids from partner_companies where slug like 'bulk-firma-%'),
           words as (
             select array['fastlege','legevakt','kardiologi','anestesi','psykiatri','kirurgi','barnelege','radiologi',
                          'onkologi','geriatri','nevrologi','ortopedi','turnus','overlege','allmennpraksis','forskning'] as w
           )
      insert into posts (slug, author_user_id, partner_company_id, created_by_user_id, body, archived_at,
                         likes_count, comments_count, shares_count, created_at, updated_at)
      select 'bulk-' || ${run} || '-' || g, a.user_id, a.company_id, a.user_id,
             'Innlegg ' || g || ' om ' || words.w[1 + h % 16] || ' og ' || words.w[1 + (h / 16) % 16] ||
               '. Erfaringer fra ' || words.w[1 + (h / 256) % 16] || ', del gjerne tanker i kommentarfeltet.',
             case when g % 33 = 0 then t.at + interval '30 days' end,
             case when h % 10 = 0 then (h / 10) % 250 else h % 8 end,
             case when h % 4 = 0 then (h / 4) % 30 else 0 end,
             case when h % 50 = 0 then h % 5 else 0 end,
             t.at, t.at
      from generate_series(${from}::int, ${to}::int) as g, b, c, words,
           lateral (select ${mix(sql`g`)} as h) as hh(h),
           lateral (select case when g % 25 = 0 and cardinality(c.ids) > 0 then null
                                when h % 10 < 3 then b.ids[1 + (h / 10) % least(3000, cardinality(b.ids))]
                                else b.ids[1 + (h / 10) % cardinality(b.ids)] end as user_id,
                           case when g % 25 = 0 and cardinality(c.ids) > 0 then c.ids[1 + (h / 7) % cardinality(c.ids)] end as company_id) as a,
           lateral (select now() - make_interval(secs => ${TWO_YEARS_S}::float8 * (${postCount} - g) / ${postCount} + h % 3600)) as t(at)
    `),
  );

  // Attachments: one or two images on every fifth post, a PDF on every 37th (stored_files rows only:
  // an image is its `lg` main row and `sm` variant, the attachment points at the main row).
  await db.execute(sql`
    with wanted as (
      select p.id as post_id, 'image' as kind, coalesce(p.created_by_user_id, p.author_user_id) as owner,
             'posts/bulk-' || p.id || '-' || k || '-lg.webp' as main_key, null as original_name, k as position
      from posts p cross join generate_series(0, 1) as k
      where p.slug like ${`bulk-${run}-%`} and p.id % 5 = 0 and k <= (p.id / 5) % 2
      union all
      select p.id, 'document', coalesce(p.created_by_user_id, p.author_user_id), 'posts/bulk-' || p.id || '.pdf', 'veileder-' || p.id || '.pdf', 2
      from posts p where p.slug like ${`bulk-${run}-%`} and p.id % 37 = 0
    ), main as (
      insert into stored_files (storage_key, kind, content_type, size_bytes, width, height, original_name, owner_user_id, variant)
      select main_key,
             case when kind = 'image' then 'post_image' else 'post_document' end,
             case when kind = 'image' then 'image/webp' else 'application/pdf' end,
             case when kind = 'image' then 120000 else 250000 end,
             case when kind = 'image' then 1600 end, case when kind = 'image' then 1200 end,
             original_name, owner, case when kind = 'image' then 'lg' end
      from wanted
      returning id, storage_key, kind, owner_user_id
    ), small as (
      insert into stored_files (storage_key, kind, content_type, size_bytes, width, height, owner_user_id, original_id, variant)
      select replace(storage_key, '-lg.webp', '-sm.webp'), 'post_image', 'image/webp', 12000, 480, 360, owner_user_id, id, 'sm'
      from main where kind = 'post_image'
    )
    insert into post_attachments (post_id, kind, file_id, position)
    select w.post_id, w.kind, m.id, w.position from wanted w join main m on m.storage_key = w.main_key
  `);
  log('attachments added');

  // Like rows: one to three likers on every eighth post, and the viewer on a third of its feed.
  await db.execute(sql`
    with b as ${bulkUserIds}
    insert into post_likes (post_id, user_id, created_at, updated_at)
    select p.id, b.ids[1 + ${mix(sql`(p.id % 1000000)::int * 4 + k`)} % cardinality(b.ids)], p.created_at, p.created_at
    from posts p, b, generate_series(1, 3) as k
    where p.slug like ${`bulk-${run}-%`} and p.id % 8 = 0 and k <= 1 + p.id % 3
    on conflict do nothing
  `);
  await db.execute(sql`
    insert into post_likes (post_id, user_id)
    select p.id, v.id from (select id from users where email = ${viewer}) v
    join user_follows f on f.follower_id = v.id
    join posts p on p.author_user_id = f.followed_user_id
    where p.id % 3 = 0
    on conflict do nothing
  `);
  log('likes added');

  for (const table of ['users', 'user_info', 'user_roles', 'partner_companies', 'user_follows', 'partner_company_followers', 'posts', 'post_attachments', 'post_likes']) {
    await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  }
  log('tables vacuumed and analysed');
}

if (require.main === module) {
  runBulkCli({
    script: 'posts',
    counts: [
      { name: 'users', default: 30_000 },
      { name: 'posts', default: 1_000_000 },
    ],
    run: (db, [users, posts], log) => bulkPosts(db, { users, posts, log }),
  });
}
