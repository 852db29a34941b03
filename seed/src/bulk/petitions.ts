import { type Database, schema } from '@legenett/db';
import { logSigner, newLogSalt } from '@legenett/shared';
import { sql } from 'drizzle-orm';
import { type BulkLog, inBatches, runBulkCli } from './cli';

export interface BulkPetitionsOptions {
  /** How many petitions to add (default 1 000). */
  petitions?: number;
  /** How many signatures in all (default 300 000), spread unevenly over the published ones. */
  signatures?: number;
  log?: BulkLog;
}

const SIGNER_EMAIL = 'bulk-signer-%@bulk.legenett.no';
const ROWS = 2000;

/**
 * Synthetic petitions and signatures for performance measurements: ~10 % drafts, ~60 % active,
 * ~15 % past their end date (finished), ~10 % closed, ~5 % archived; signatures with their hash
 * chain links (computed here, as the API would have), professions, specialties and counties. The
 * signers are bulk accounts of their own, enough that no petition needs the same one twice.
 */
export async function bulkPetitions(db: Database, options: BulkPetitionsOptions = {}): Promise<number> {
  const count = options.petitions ?? 1000;
  const total = options.signatures ?? 300_000;
  const log = options.log ?? (() => undefined);

  const [before] = await db.select({ max: sql<number>`coalesce(max(${schema.petitions.id}), 0)::int` }).from(schema.petitions);
  await inBatches('petitions', count, 5000, log, (from, to) =>
    db.execute(sql`
      with ref as (
        select (select array_agg(id order by id) from users where deleted_at is null and status = 'approved') as users,
               (select array_agg(id order by id) from categories where type = 'petition') as categories
      ),
      words as (
        select array['fastleger','akuttkirurgi','arbeidstid','psykisk helse','legevakt','fødeavdeling','rus',
                     'eldreomsorg','journalsystem','turnus','spesialisering','ambulanse','sykehusstruktur','vaksiner'] as w,
               array['Helse- og omsorgsdepartementet','Helse Sør-Øst RHF','Helse Vest RHF','Helse Midt-Norge RHF',
                     'Helse Nord RHF','Oslo kommune','Stortinget','Helsedirektoratet'] as r
      )
      insert into petitions (title, summary, full_text, category_id, end_date, status, visibility, user_id,
                             signature_goal, recipient, published_at, closed_at, archived_at, created_at, updated_at)
      select
        'Opprop om ' || words.w[1 + g % 14] || ' nr. ' || g,
        'Vi ber om bedre vilkår for ' || words.w[1 + (g / 14) % 14] || '.',
        'Leger over hele landet ser at ' || words.w[1 + g % 14] || ' og ' || words.w[1 + (g / 3) % 14] ||
          ' trenger et løft. Vi krever handling nå.',
        ref.categories[1 + (g % greatest(1, cardinality(ref.categories)))],
        case when g % 20 between 12 and 14 then current_date - (1 + g % 200) else current_date + (1 + g % 90) end,
        case when g % 10 = 0 then 'draft' when g % 20 in (15, 16) then 'closed' else 'active' end,
        case when g % 20 = 17 then 'archived' else 'open' end,
        ref.users[1 + (g % greatest(1, cardinality(ref.users)))],
        case when g % 3 = 0 then 100 * (1 + g % 20) else null end,
        words.r[1 + g % 8],
        case when g % 10 = 0 then null else now() - make_interval(days => 1 + g % 300) end,
        case when g % 20 in (15, 16) then now() - interval '1 day' else null end,
        case when g % 20 = 17 then now() - interval '1 day' else null end,
        now() - make_interval(days => 2 + g % 300),
        now()
      from generate_series(${from}::int, ${to}::int) as g, ref, words
    `),
  );
  const created = await db
    .select({ id: schema.petitions.id, published_at: schema.petitions.published_at })
    .from(schema.petitions)
    .where(sql`${schema.petitions.id} > ${before?.max ?? 0} and ${schema.petitions.status} <> 'draft'`)
    .orderBy(schema.petitions.id);
  if (created.length === 0) return 0;

  // Uneven shares: petition i gets a weight of 1 + (i mod 7)², scaled to the total.
  const weights = created.map((_, i) => 1 + ((i % 7) * (i % 7)));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((w / sum) * total));
  shares[0]! += total - shares.reduce((a, b) => a + b, 0);
  const signersNeeded = shares.reduce((a, b) => Math.max(a, b), 0); // no spread: a million petitions overflow the stack

  await inBatches('signer accounts', signersNeeded, 5000, log, (from, to) =>
    db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, slug, status, locale, registered_via,
                         terms_accepted_at, no_sensitive_info_accepted_at, email_verified_at)
      select 'bulk-signer-' || g || '@bulk.legenett.no', null,
             (array['Kari','Ola','Ingrid','Lars','Sofie','Jonas','Nora','Emil','Hanne','Per'])[1 + g % 10],
             (array['Hansen','Johansen','Olsen','Larsen','Andersen','Pedersen','Nilsen','Berg','Haugen','Bakke'])[1 + (g / 10) % 10] || ' ' || g,
             'bulk-signer-' || g, 'approved', 'no', 'hpr_number', now(), now(), now()
      from generate_series(${from}::int, ${to}::int) as g
      on conflict do nothing
    `),
  );
  const signers = (
    await db.execute<{ id: number }>(sql`select id from users where email like ${SIGNER_EMAIL} order by id limit ${signersNeeded}`)
  ).rows.map((r) => Number(r.id));
  const ref = (
    await db.execute<{ specialties: number[] | null; counties: number[] | null }>(
      sql`select (select array_agg(id order by id) from specialties) as specialties, (select array_agg(id order by id) from counties) as counties`,
    )
  ).rows[0]!;
  const specialtyIds = ref.specialties ?? [];
  const countyIds = ref.counties ?? [];

  let written = 0;
  for (const [i, petition] of created.entries()) {
    const n = Math.min(shares[i]!, signers.length);
    // A petition without signatures keeps its zero counters (a million of them: no update each).
    if (n === 0) continue;
    const offset = (i * 7919) % signers.length;
    const start = (petition.published_at ?? new Date()).getTime();
    const span = Math.max(60_000, Date.now() - start);
    const entries: (typeof schema.petitionLogPending.$inferInsert)[] = [];
    const signatures: Omit<typeof schema.petitionSignatures.$inferInsert, 'log_entry_id'>[] = [];
    for (let k = 0; k < n; k += 1) {
      const userId = signers[(offset + k) % signers.length]!;
      const position = k + 1;
      // Front-loaded: most signatures come early in a petition's life.
      const at = new Date(start + Math.floor(span * (position / (n + 1)) ** 2));
      const salt = newLogSalt();
      const signature: Omit<typeof schema.petitionSignatures.$inferInsert, 'log_entry_id'> = {
        petition_id: petition.id,
        user_id: userId,
        anonymous: k % 4 === 3,
        profession: k % 20 === 0 ? 'other' : k % 6 === 0 ? 'student' : 'doctor',
        specialty_id: specialtyIds.length > 0 && k % 5 !== 0 ? specialtyIds[(userId * 31) % specialtyIds.length]! : null,
        county_id: countyIds.length > 0 && k % 9 !== 0 ? countyIds[(userId * 17) % countyIds.length]! : null,
        created_at: at,
        updated_at: at,
      };
      signatures.push(signature);
      entries.push({
        petition_id: petition.id,
        action: 'sign',
        signer: logSigner(salt, petition.id, userId),
        salt,
        created_at: at,
        profession: signature.profession,
        specialty_id: signature.specialty_id,
        county_id: signature.county_id,
        signed_day: new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(at),
      });
    }
    // Entries wait for the API's sequencer; its counter job adds them up into the counts.
    for (let from = 0; from < n; from += ROWS) {
      const ids = await db.insert(schema.petitionLogPending).values(entries.slice(from, from + ROWS)).returning({ id: schema.petitionLogPending.id });
      await db.insert(schema.petitionSignatures).values(signatures.slice(from, from + ROWS).map((sig, i) => ({ ...sig, log_entry_id: ids[i]!.id })));
    }
    written += n;
    if (i % 50 === 49 || i === created.length - 1) log(`signatures: ${written}/${total} (${i + 1}/${created.length} petitions)`);
  }
  await db.execute(sql`analyze petitions`);
  await db.execute(sql`analyze petition_signatures`);
  await db.execute(sql`analyze petition_log_pending`);
  return written;
}

if (require.main === module) {
  runBulkCli({
    script: 'petitions',
    counts: [
      { name: 'petitions', default: 1000 },
      { name: 'signatures', default: 300_000 },
    ],
    run: (db, [petitions, signatures], log) => bulkPetitions(db, { petitions, signatures, log }),
  });
}
