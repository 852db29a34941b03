import { Injectable } from '@nestjs/common';
import { type SignerProfession } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { logSigner, newLogSalt } from '@legenett/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../database/database-errors';
import { InjectDatabase } from '../../database/database.module';
import { anonymousReleaseUpTo, type PendingAnonymousEntry } from './petition-statistics';

const { petitions, petitionSignatures, userInfo, userSpecialties, petitionLogEntries: entries, petitionLogPending: pending, petitionLogCheckpoints: checkpoints, petitionLogCursors: cursors, petitionStatCounts: stats, petitionCountCorrections: corrections } = schema;

/** The counter job runs once across replicas: whoever holds this advisory lock (per transaction). */
export const COUNTER_LOCK = 0x7065_7432; // "pet2"
/** Entries folded by one counter batch at most. */
export const COUNT_BATCH = 50_000;

/**
 * Adds entries (rows with `d`: +1 a signature, -1 a withdrawal) to the statistics: the profession,
 * specialty and county splits and the daily curve.
 */
const addToStats = (rows: SQL) => sql`
  insert into ${stats} (petition_id, dimension, key, count)
  select petition_id, dimension, key, sum(d)::int from (
    select petition_id, 'profession' as dimension, profession as key, d from (${rows}) b
    union all select petition_id, 'specialty', coalesce(specialty_id::text, 'none'), d from (${rows}) b
    union all select petition_id, 'county', coalesce(county_id::text, 'none'), d from (${rows}) b
    union all select petition_id, 'day', signed_day::text, d from (${rows}) b
  ) x group by 1, 2, 3
  on conflict (petition_id, dimension, key) do update set count = ${stats.count} + excluded.count`;

/** An entry's time as the leaf text has it (milliseconds), taken when the statement runs. */
const NOW_MS = sql`date_trunc('milliseconds', clock_timestamp())`;

/**
 * The petition row, shared-locked, when it takes signatures `today` (null: always, account erasure).
 * FOR KEY SHARE: signers never wait for each other (nor for the counter job's updates); a transition
 * that takes the row FOR UPDATE (close, the text lock, delivery) waits for the signatures in flight,
 * and a signature arriving meanwhile waits for it and then re-reads the state.
 */
function sharedIfActive(petitionId: number, today: string | null) {
  const active = today === null ? sql`` : sql` and status = 'active' and visibility = 'open' and end_date >= ${today}::date`;
  return sql`select id, signatures_count from ${petitions} where id = ${petitionId}${active} for key share`;
}

/** One signature asked for (`signMany`): the account, how it is counted, the Oslo day of the request. */
export interface SignRequest {
  petitionId: number;
  userId: number;
  anonymous: boolean;
  profession: SignerProfession;
  today: string;
}

/** What one signature came to: stored (with what the receipt needs), signed already, or not signable now. */
export type SignOutcome =
  | { kind: 'signed'; entryId: number; signer: string; salt: string; createdAt: Date; signaturesCount: number }
  | { kind: 'duplicate' }
  | { kind: 'closed' };

/** An array parameter of numbers, booleans or plain tokens (hex, enum values): nothing to quote. */
const pgArray = (xs: readonly (number | string | boolean)[]): string => `{${xs.join(',')}}`;

export type CountedPetition = {
  id: number;
  user_id: number;
  title: string;
  was: number;
  now: number;
};

/** Signing, withdrawing and the counts (docs/petitions.md, "Signatures"). */
@Injectable()
export class PetitionSignaturesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * Signs with one statement, the whole request's work in the database: it checks that the petition
   * takes signatures (shared lock, `sharedIfActive`), reads the signer's first specialty and county
   * for the statistics, queues the log entry (`petition_log_pending`) and inserts the signature, and answers the petition's shown count;
   * no petition row is written. `closed` when the petition does not take signatures now (the caller
   * reads why); the same account twice fails on the unique index (`petition_signatures_petition_user_uq`),
   * inserts nothing and answers `duplicate`. The service uses it for a request alone after its batch
   * (`signMany`) failed.
   */
  async sign(input: SignRequest): Promise<SignOutcome> {
    const salt = newLogSalt();
    type Row = { id: string; signer: string; created_at: Date; signatures_count: number };
    let rows: Row[];
    try {
      ({ rows } = await this.db.execute<Row>(sql`
      with p as (${sharedIfActive(input.petitionId, input.today)}),
      u as (
        select (select min(${userSpecialties.specialty_id}) from ${userSpecialties} where ${userSpecialties.user_id} = ${input.userId}) as specialty_id,
          (select ${userInfo.county_id} from ${userInfo} where ${userInfo.user_id} = ${input.userId}) as county_id
      ),
      e as (
        insert into ${pending} (petition_id, action, signer, salt, created_at, profession, specialty_id, county_id, signed_day, anonymous)
        select p.id, 'sign', ${logSigner(salt, input.petitionId, input.userId)}, ${salt}, ${NOW_MS}, ${input.profession},
          u.specialty_id, u.county_id, (clock_timestamp() at time zone 'Europe/Oslo')::date, ${input.anonymous}
        from p, u returning id, signer, created_at, specialty_id, county_id
      ),
      s as (
        insert into ${petitionSignatures} (petition_id, user_id, anonymous, profession, specialty_id, county_id, log_entry_id, created_at, updated_at)
        select ${input.petitionId}, ${input.userId}, ${input.anonymous}, ${input.profession}, e.specialty_id, e.county_id, e.id, e.created_at, e.created_at
        from e
      )
      select e.id, e.signer, e.created_at, p.signatures_count from e, p`));
    } catch (err) {
      if (isUniqueViolation(err, 'petition_signatures_petition_user_uq')) return { kind: 'duplicate' };
      throw err;
    }
    const row = rows[0];
    return row
      ? { kind: 'signed', entryId: Number(row.id), signer: row.signer, salt, createdAt: new Date(row.created_at), signaturesCount: Number(row.signatures_count) }
      : { kind: 'closed' };
  }

  /**
   * Signs a batch in one statement and one commit (group commit: `Batcher` in the service), the
   * set-based twin of `sign`: the petitions that take signatures on each request's day (shared lock),
   * each signer's first specialty and county, then the signatures with `on conflict (petition_id,
   * user_id) do nothing` (the unique index decides per row; an account that signed already, or in a
   * transaction still open, gets no row) and a log entry for each signature stored, under the entry
   * id drawn for it beforehand, so a refused row leaves no entry. One outcome per request, in order.
   * Requests of one account on one petition must not share a batch (the queue keeps them apart).
   */
  async signMany(requests: readonly SignRequest[]): Promise<SignOutcome[]> {
    if (requests.length === 0) return [];
    const salts = requests.map(() => newLogSalt());
    const signers = requests.map((r, n) => logSigner(salts[n]!, r.petitionId, r.userId));
    const col = (f: (r: SignRequest) => number | string | boolean) => pgArray(requests.map(f));
    const result = await this.db.execute<{ n: string; entry_id: string; created_at: Date; signatures_count: number; signed: boolean }>(sql`
      with i as (
        select * from unnest(${col((r) => r.petitionId)}::int[], ${col((r) => r.userId)}::int[], ${col((r) => r.anonymous)}::boolean[],
          ${col((r) => r.profession)}::text[], ${col((r) => r.today)}::date[], ${pgArray(salts)}::text[],
          ${pgArray(signers)}::text[])
          with ordinality as i(petition_id, user_id, anonymous, profession, today, salt, signer, n)
      ),
      p as (
        select id, signatures_count, end_date from ${petitions}
        where id in (select petition_id from i) and status = 'active' and visibility = 'open'
        order by id for key share
      ),
      c as materialized (
        select i.n, i.petition_id, i.user_id, i.anonymous, i.profession, i.salt, i.signer, p.signatures_count,
          nextval('petition_log_entries_id_seq') as entry_id, ${NOW_MS} as created_at,
          (clock_timestamp() at time zone 'Europe/Oslo')::date as signed_day,
          (select min(${userSpecialties.specialty_id}) from ${userSpecialties} where ${userSpecialties.user_id} = i.user_id) as specialty_id,
          (select ${userInfo.county_id} from ${userInfo} where ${userInfo.user_id} = i.user_id) as county_id
        from i join p on p.id = i.petition_id and p.end_date >= i.today
        order by i.n
      ),
      s as (
        insert into ${petitionSignatures} (petition_id, user_id, anonymous, profession, specialty_id, county_id, log_entry_id, created_at, updated_at)
        select petition_id, user_id, anonymous, profession, specialty_id, county_id, entry_id, created_at, created_at from c order by n
        on conflict (petition_id, user_id) do nothing
        returning log_entry_id
      ),
      e as (
        insert into ${pending} (id, petition_id, action, signer, salt, created_at, profession, specialty_id, county_id, signed_day, anonymous)
        select c.entry_id, c.petition_id, 'sign', c.signer, c.salt, c.created_at, c.profession, c.specialty_id, c.county_id, c.signed_day, c.anonymous
        from c join s on s.log_entry_id = c.entry_id order by c.entry_id
        returning id
      )
      select c.n, c.entry_id, c.created_at, c.signatures_count, e.id is not null as signed from c left join e on e.id = c.entry_id`);
    const byN = new Map(result.rows.map((row) => [Number(row.n), row]));
    return requests.map((_, i): SignOutcome => {
      const row = byN.get(i + 1);
      if (!row) return { kind: 'closed' };
      if (!row.signed) return { kind: 'duplicate' };
      return {
        kind: 'signed',
        entryId: Number(row.entry_id),
        signer: signers[i]!,
        salt: salts[i]!,
        createdAt: new Date(row.created_at),
        signaturesCount: Number(row.signatures_count),
      };
    });
  }

  /**
   * Withdraws in one statement: deletes the signature and queues a withdrawal entry with the same
   * signer, salt and statistics as the signature's entry (in the log, or still waiting). False when there was no signature (or the petition takes none now).
   */
  async withdraw(petitionId: number, userId: number, today: string | null, tx?: Transaction): Promise<boolean> {
    const result = await (tx ?? this.db).execute<{ id: string }>(sql`
      with p as (${sharedIfActive(petitionId, today)}),
      d as (delete from ${petitionSignatures} s using p where s.petition_id = p.id and s.user_id = ${userId} returning s.log_entry_id),
      w as (
        insert into ${pending} (petition_id, action, signer, salt, created_at, profession, specialty_id, county_id, signed_day, anonymous)
        select e.petition_id, 'withdraw', e.signer, e.salt, ${NOW_MS}, e.profession, e.specialty_id, e.county_id, e.signed_day, e.anonymous
        from d join (
          select id, petition_id, signer, salt, profession, specialty_id, county_id, signed_day, anonymous from ${entries}
          union all select id, petition_id, signer, salt, profession, specialty_id, county_id, signed_day, anonymous from ${pending}
        ) e on e.id = d.log_entry_id
        returning id
      )
      select id from w`);
    return result.rows.length > 0;
  }

  async signature(petitionId: number, userId: number) {
    const [row] = await this.db
      .select({ entry_id: petitionSignatures.log_entry_id, anonymous: petitionSignatures.anonymous, signed_at: petitionSignatures.created_at, signatures_count: petitions.signatures_count })
      .from(petitionSignatures)
      .innerJoin(petitions, eq(petitions.id, petitionSignatures.petition_id))
      .where(and(eq(petitionSignatures.petition_id, petitionId), eq(petitionSignatures.user_id, userId)));
    return row ?? null;
  }

  /**
   * The counter job's batch, once across replicas (advisory lock): folds the entries from the
   * cursor up to the latest checkpoint (at most COUNT_BATCH) into each petition's count, log length
   * and statistics, one update per petition, and moves the cursor, all in one transaction. A petition
   * whose count reaches its goal freezes its delivered snapshot at this checkpoint. Null when another
   * replica holds the job; else the petitions whose count changed (for the milestone notices, in `tx`).
   */
  async fold(work: (tx: Transaction, counted: CountedPetition[]) => Promise<void>): Promise<{ from: number; to: number; petitions: CountedPetition[] } | null> {
    return this.db.transaction(async (tx) => {
      const got = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${COUNTER_LOCK}) as ok`);
      if (!got.rows[0]?.ok) return null;
      await tx.insert(cursors).values({ name: 'counts', position: 0 }).onConflictDoNothing();
      const [cursor] = await tx.select({ position: cursors.position }).from(cursors).where(eq(cursors.name, 'counts'));
      const [latest] = await tx.select({ size: sql<number>`coalesce(max(${checkpoints.tree_size}), 0)`.mapWith(Number) }).from(checkpoints);
      const from = cursor!.position;
      const to = Math.min(latest!.size, from + COUNT_BATCH);
      if (to <= from) return { from, to: from, petitions: [] };
      const batch = sql`select b.*, case when b.action = 'sign' then 1 else -1 end as d from ${entries} b
        where b.leaf_index >= ${from} and b.leaf_index < ${to} and exists (select 1 from ${petitions} x where x.id = b.petition_id)`;
      const counted = await tx.execute<CountedPetition>(sql`
        with per as (select petition_id, sum(d)::int as d, count(*)::int as n from (${batch}) b group by petition_id),
        old as (select p.id, p.signatures_count from ${petitions} p join per on per.petition_id = p.id)
        update ${petitions} p set signatures_count = p.signatures_count + per.d, log_length = p.log_length + per.n,
          delivered_at = case when p.delivered_at is null and p.signature_goal is not null and p.signatures_count + per.d >= p.signature_goal then now() else p.delivered_at end,
          delivered_count = case when p.delivered_at is null and p.signature_goal is not null and p.signatures_count + per.d >= p.signature_goal then p.signatures_count + per.d else p.delivered_count end,
          delivered_tree_size = case when p.delivered_at is null and p.signature_goal is not null and p.signatures_count + per.d >= p.signature_goal then ${to}::bigint else p.delivered_tree_size end
        from per, old where p.id = per.petition_id and old.id = p.id
        returning p.id, p.user_id, p.title, old.signatures_count as was, p.signatures_count as now`);
      // Named entries enter the statistics at once (the name is public on the list); anonymous ones in
      // batches of five signers (docs/petitions.md, "Statistics and privacy").
      await tx.execute(addToStats(sql`select * from (${batch}) n where not n.anonymous`));
      await this.releaseAnonymous(tx, from, to);
      await tx.update(cursors).set({ position: to, updated_at: new Date() }).where(eq(cursors.name, 'counts'));
      await work(tx, counted.rows);
      return { from, to, petitions: counted.rows };
    });
  }

  /**
   * The anonymous half of a counter batch: for each petition with anonymous entries in [from, to),
   * reads the anonymous entries the statistics do not hold yet (from its `stats_anonymous_upto`, in
   * log order) and adds the longest prefix holding five signers or more (`anonymousReleaseUpTo`).
   */
  private async releaseAnonymous(tx: Transaction, from: number, to: number): Promise<void> {
    const pending = await tx.execute<{ petition_id: number; leaf_index: string; action: 'sign' | 'withdraw'; signer: string }>(sql`
      select e.petition_id, e.leaf_index, e.action, e.signer
      from ${entries} e join ${petitions} p on p.id = e.petition_id
      where e.anonymous and e.leaf_index >= p.stats_anonymous_upto and e.leaf_index < ${to}
        and e.petition_id in (select a.petition_id from ${entries} a where a.anonymous and a.leaf_index >= ${from} and a.leaf_index < ${to})
      order by e.petition_id, e.leaf_index`);
    const byPetition = new Map<number, PendingAnonymousEntry[]>();
    for (const row of pending.rows) {
      const list = byPetition.get(row.petition_id) ?? [];
      list.push({ leaf_index: Number(row.leaf_index), action: row.action, signer: row.signer });
      byPetition.set(row.petition_id, list);
    }
    const released = [...byPetition].flatMap(([petitionId, list]) => {
      const upTo = anonymousReleaseUpTo(list);
      return upTo === null ? [] : [sql`(${petitionId}::int, ${upTo}::bigint)`];
    });
    if (released.length === 0) return;
    const upTo = sql`(values ${sql.join(released, sql`, `)}) r(petition_id, upto)`;
    await tx.execute(
      addToStats(sql`select e.*, case when e.action = 'sign' then 1 else -1 end as d
        from ${entries} e join ${upTo} on r.petition_id = e.petition_id join ${petitions} p on p.id = e.petition_id
        where e.anonymous and e.leaf_index >= p.stats_anonymous_upto and e.leaf_index < r.upto`),
    );
    await tx.execute(sql`update ${petitions} p set stats_anonymous_upto = r.upto from ${upTo} where p.id = r.petition_id`);
  }

  /**
   * Recounts every petition from the log up to the counter's cursor (under the counter's lock, so
   * the cursor stands still) and sets right what differs, writing each correction to
   * petition_count_corrections. Answers the corrections made and the petitions recounted.
   */
  async reconcile(source: string): Promise<{ corrections: number; petitions: number }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${COUNTER_LOCK})`);
      const [cursor] = await tx.select({ position: cursors.position }).from(cursors).where(eq(cursors.name, 'counts'));
      const upTo = cursor?.position ?? 0;
      const truth = sql`select e.*, case when e.action = 'sign' then 1 else -1 end as d from ${entries} e
        where e.leaf_index < ${upTo} and exists (select 1 from ${petitions} x where x.id = e.petition_id)`;
      const fixedCounts = await tx.execute<{ id: number }>(sql`
        with t as (select petition_id, sum(d)::int as c, count(*)::int as n from (${truth}) e group by petition_id),
        wrong as (
          select p.id, p.signatures_count as was_c, coalesce(t.c, 0) as now_c, p.log_length as was_n, coalesce(t.n, 0) as now_n
          from ${petitions} p left join t on t.petition_id = p.id
          where p.signatures_count <> coalesce(t.c, 0) or p.log_length <> coalesce(t.n, 0)
        ),
        logged as (
          insert into ${corrections} (petition_id, field, was, now, source)
          select id, 'signatures_count', was_c, now_c, ${source} from wrong where was_c <> now_c
          union all select id, 'log_length', was_n, now_n, ${source} from wrong where was_n <> now_n
          returning 1
        )
        update ${petitions} p set signatures_count = w.now_c, log_length = w.now_n from wrong w where p.id = w.id returning p.id`);
      // The statistics hold the named entries and the anonymous ones released so far (in batches of five).
      const inStats = sql`select e.* from (${truth}) e join ${petitions} x on x.id = e.petition_id
        where not e.anonymous or e.leaf_index < x.stats_anonymous_upto`;
      const fixedStats = await tx.execute<{ petition_id: number }>(sql`
        with t as (
          select petition_id, dimension, key, sum(d)::int as c from (
            select petition_id, 'profession' as dimension, profession as key, d from (${inStats}) e
            union all select petition_id, 'specialty', coalesce(specialty_id::text, 'none'), d from (${inStats}) e
            union all select petition_id, 'county', coalesce(county_id::text, 'none'), d from (${inStats}) e
            union all select petition_id, 'day', signed_day::text, d from (${inStats}) e
          ) x group by 1, 2, 3
        ),
        wrong as (
          select coalesce(t.petition_id, s.petition_id) as petition_id, coalesce(t.dimension, s.dimension) as dimension,
            coalesce(t.key, s.key) as key, coalesce(s.count, 0) as was, coalesce(t.c, 0) as now
          from t full join ${stats} s on s.petition_id = t.petition_id and s.dimension = t.dimension and s.key = t.key
          where coalesce(s.count, 0) <> coalesce(t.c, 0)
        ),
        logged as (
          insert into ${corrections} (petition_id, field, was, now, source)
          select petition_id, dimension || ':' || key, was, now, ${source} from wrong returning 1
        )
        insert into ${stats} (petition_id, dimension, key, count)
        select petition_id, dimension, key, now from wrong
        on conflict (petition_id, dimension, key) do update set count = excluded.count
        returning petition_id`);
      const recounted = await tx.execute<{ n: number }>(sql`select count(distinct petition_id)::int as n from ${entries} where leaf_index < ${upTo}`);
      return { corrections: fixedCounts.rows.length + fixedStats.rows.length, petitions: recounted.rows[0]?.n ?? 0 };
    });
  }
}
