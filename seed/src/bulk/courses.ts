import { type Database } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { type BulkLog, inBatches, runBulkCli } from './cli';

/**
 * Adds synthetic courses, subscriptions and view records for performance measurements
 * (docs/courses.md): every type, ~85 % approved (the rest draft, submitted, rejected, cancelled),
 * starts spread from two years back to one year ahead (so every tab is large), a county and city,
 * one speciality each; two webinars in three with a video link (a recording); sign-ups over approved courses; viewings over courses that have started.
 * Needs reference data and users (the demo seed).
 */
export async function bulkCourses(db: Database, counts: { courses: number; subscriptions: number; views: number }, log: BulkLog): Promise<void> {
  await inBatches('courses', counts.courses, 10_000, log, (from, to) =>
    db.execute(sql`
      with ref as (
        select
          (select array_agg(id order by id) from cities) as cities,
          (select array_agg(county_id order by id) from cities) as city_counties,
          (select array_agg(id order by id) from categories where type = 'course') as categories,
          (select array_agg(id order by id) from users) as users
      ),
      words as (
        select array['hjertesvikt','diabetes','astma','antibiotika','ultralyd','akuttmedisin','psykiatri','geriatri',
                     'smertebehandling','vaksiner','hudkirurgi','ernæring','søvn','demens','KOLS','graviditet'] as w
      ),
      g as (
        select g, (array[30, 60, 90, 120])[1 + (g % 4)] as duration,
          date_trunc('minute', now()) - interval '730 days' + make_interval(mins => (g * 997) % (60 * 24 * 1095)) as start_at
        from generate_series(${from}::int, ${to}::int) as g
      )
      insert into courses (type, title, description, target, category_id, county_id, city_id, start_at, duration_minutes, ends_at,
                           subscription_deadline, host_name, status, user_id, max_attendees, sponsor_name, food_served,
                           credit_hours, submitted_at, reviewed_at, video_link)
      select
        (array['webinar','webinar','course','lunch_meeting','small_group'])[1 + (g % 5)],
        initcap(words.w[1 + (g % 16)]) || ' i praksis ' || g,
        'Oppdatering om ' || words.w[1 + ((g / 16) % 16)] || ' og ' || words.w[1 + ((g / 3) % 16)] || ' for leger.',
        'Leger',
        ref.categories[1 + (g % greatest(1, cardinality(ref.categories)))],
        ref.city_counties[1 + (g % cardinality(ref.cities))],
        ref.cities[1 + (g % cardinality(ref.cities))],
        g.start_at, g.duration, g.start_at + make_interval(mins => g.duration),
        g.start_at - interval '1 hour',
        'Foreleser ' || (g % 500),
        case when g % 20 = 1 then 'draft' when g % 20 = 2 then 'submitted' when g % 20 = 3 then 'rejected'
             when g % 20 = 4 then 'cancelled' else 'approved' end,
        ref.users[1 + (g % cardinality(ref.users))],
        case when g % 5 in (3, 4) then 8 + (g % 20) else null end,
        case when g % 5 = 3 then 'Firma ' || (g % 40) || ' AS' else null end,
        g % 5 = 3,
        case when g % 5 in (2, 4) then 1 + (g % 6) else null end,
        case when g % 20 = 1 then null else g.start_at - interval '30 days' end,
        case when g % 20 in (0, 3, 4) or g % 20 > 4 then g.start_at - interval '29 days' else null end,
        -- Two webinars in three have something to play (the "TV" tab lists those).
        case when g % 5 in (0, 1) and g % 3 <> 0 then 'https://video.example.no/webinar/' || g else null end
      from g, ref, words`),
  );
  await db.execute(sql`
    with s as (select array_agg(id order by id) as ids from specialties)
    insert into course_specialties (course_id, specialty_id)
    select c.id, s.ids[1 + (c.id % cardinality(s.ids))] from courses c, s
    where cardinality(s.ids) > 0 and not exists (select 1 from course_specialties x where x.course_id = c.id)
    on conflict do nothing`);
  log('course specialities added');

  // Sign-ups: users spread over approved courses without a seat limit (one per user and course), counted after.
  await inBatches('course subscriptions', counts.subscriptions, 50_000, log, (from, to) =>
    db.execute(sql`
      with c as (select array_agg(id order by id) as ids from courses where status = 'approved' and max_attendees is null),
           u as (select array_agg(id order by id) as ids from users)
      insert into course_subscriptions (course_id, user_id, status)
      select c.ids[1 + (g % cardinality(c.ids))], u.ids[1 + ((g / cardinality(c.ids)) % cardinality(u.ids))], 'attending'
      from generate_series(${from}::int, ${to}::int) as g, c, u
      on conflict do nothing`),
  );
  await db.execute(sql`
    update courses c set attendees_count = x.n
    from (select course_id, count(*)::int as n from course_subscriptions where status = 'attending' group by course_id) x
    where x.course_id = c.id`);

  // Viewings of approved courses that have started: live during the event, some replays after.
  await inBatches('course view records', counts.views, 100_000, log, (from, to) =>
    db.execute(sql`
      with c as (select array_agg(id order by id) as ids from courses where status = 'approved' and start_at < now()),
           u as (select array_agg(id order by id) as ids from users)
      insert into course_view_records (course_id, user_id, entered_at, left_at)
      select k.id, u.ids[1 + (g % cardinality(u.ids))],
        k.start_at + make_interval(mins => (g % k.duration_minutes) + case when g % 7 = 0 then k.duration_minutes + 60 else 0 end),
        k.start_at + make_interval(mins => (g % k.duration_minutes) + case when g % 7 = 0 then k.duration_minutes + 60 else 0 end)
                   + make_interval(mins => 1 + (g % 45))
      from generate_series(${from}::int, ${to}::int) as g, c, u,
        lateral (select id, start_at, duration_minutes from courses where id = c.ids[1 + (g % cardinality(c.ids))]) k`),
  );
  for (const table of ['courses', 'course_specialties', 'course_subscriptions', 'course_view_records']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  log('courses, subscriptions and view records added, tables analysed');
}

if (require.main === module) {
  runBulkCli({
    script: 'courses',
    counts: [
      { name: 'courses', default: 50_000 },
      { name: 'subscriptions', default: 500_000 },
      { name: 'views', default: 2_000_000 },
    ],
    run: (db, [courses, subscriptions, views], log) =>
      bulkCourses(db, { courses: courses!, subscriptions: subscriptions!, views: views! }, log),
  });
}
