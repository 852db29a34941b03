import { type Database } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { type BulkLog, inBatches, runBulkCli } from './cli';

/**
 * Synthetic videos and audio tracks for performance measurements (docs/media.md): spread over every
 * video / audio category, publishing times over the last three years, ~4 % drafts (not published)
 * and ~1 % scheduled for later, ~80 % open to all health personnel, ~15 % for doctors only, ~5 %
 * for one speciality; every item plays an external https link (no files are written), every third
 * has a duration. Needs reference data (the demo seed). Ends with ANALYZE.
 */
export async function bulkMedia(
  db: Database,
  counts: { videos: number; audio: number },
  log: BulkLog,
): Promise<void> {
  for (const [table, type, count] of [
    ['videos', 'video', counts.videos],
    ['audio_tracks', 'audio', counts.audio],
  ] as const) {
    await inBatches(table, count, 20_000, log, (from, to) =>
      db.execute(sql`
        with ref as (
          select (select array_agg(id order by id) from categories where type = ${type}) as categories,
                 (select array_agg(id order by id) from specialties) as specialties
        ),
        words as (
          select array['hjertesvikt','diabetes','astma','antibiotika','ultralyd','akuttmedisin','psykiatri','geriatri',
                       'smertebehandling','vaksiner','hudkirurgi','ernæring','søvn','demens','KOLS','graviditet'] as w
        )
        insert into ${sql.identifier(table)} (title, description, category_id, url, duration_seconds, access_level,
                                             specialty_ids, published_at)
        select
          initcap(words.w[1 + (g % 16)]) || ': ' || words.w[1 + ((g / 16) % 16)] || ' ' || g,
          'Foredrag om ' || words.w[1 + ((g / 7) % 16)] || ' og ' || words.w[1 + ((g / 3) % 16)] || ' for leger.',
          ref.categories[1 + (g % greatest(1, cardinality(ref.categories)))],
          'https://media.example.no/' || ${type} || '/' || g,
          case when g % 3 = 0 then 300 + (g % 3600) end,
          case when g % 20 = 7 then 'specialties' when g % 20 in (3, 13, 17) then 'doctors' else 'all' end,
          case when g % 20 = 7 and cardinality(ref.specialties) > 0
               then array[ref.specialties[1 + (g % cardinality(ref.specialties))]] else '{}'::integer[] end,
          case when g % 25 = 11 then null
               when g % 100 = 42 then now() + make_interval(days => 1 + g % 30)
               else now() - make_interval(mins => (g * 37) % (60 * 24 * 1095)) end
        from generate_series(${from}::int, ${to}::int) as g, ref, words`),
    );
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
  log('videos and audio tracks added, tables analysed');
}

if (require.main === module) {
  runBulkCli({
    script: 'media',
    counts: [
      { name: 'videos', default: 100_000 },
      { name: 'audio', default: 10_000 },
    ],
    run: (db, [videos, audio], log) => bulkMedia(db, { videos: videos!, audio: audio! }, log),
  });
}
