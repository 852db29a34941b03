import { Injectable } from '@nestjs/common';
import { type Database, schema, type Transaction } from '@legenett/db';
import { logEntryText } from '@legenett/shared';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { InjectDatabase } from '../../database/database.module';
import { append, type Hash, leafHash, type NodeId, type NodeSource, perfectNodes } from './petition-log.merkle';

const { petitionLogEntries: entries, petitionLogPending: pending, petitionLogNodes: nodes, petitionLogCheckpoints: checkpoints } = schema;

/** The sequencer runs once across replicas: whoever holds this advisory lock (per transaction). */
export const SEQUENCER_LOCK = 0x7065_7431; // "pet1"

export type CheckpointRow = typeof checkpoints.$inferSelect;
export type EntryRow = Pick<typeof entries.$inferSelect, 'id' | 'leaf_index' | 'petition_id' | 'action' | 'signer' | 'created_at'>;
/** An entry as the receipt reads it: in the log (its leaf index), or still waiting (null). */
export type ReceiptEntry = Omit<EntryRow, 'leaf_index'> & { leaf_index: number | null; salt: string };

/**
 * Stored subtrees at or above this level are kept in memory once a proof has read them: a perfect
 * subtree's hash never changes (the log only grows), and these few (n / 2^level of them) are the ones
 * every proof shares: the right edge of the tree and the upper siblings. A proof of a leaf in a log
 * of 1 000 000 then reads about 9 rows (the leaf and its siblings below this level) instead of ~28.
 */
export const CACHED_LEVEL = 8;
/** At most this many cached subtrees (~100 bytes each); beyond it the oldest go first. */
const NODE_CACHE_MAX = 100_000;

/** A PostgreSQL array literal of numbers or hex strings (one parameter, not a list of them). */
const pgArray = (xs: readonly (number | string)[]): string => `{${xs.join(',')}}`;

const ENTRY = {
  id: entries.id,
  leaf_index: entries.leaf_index,
  petition_id: entries.petition_id,
  action: entries.action,
  signer: entries.signer,
  created_at: entries.created_at,
};

/** The leaf hash of a stored entry (what the sequencer stored at level 0 for it). */
export const entryLeaf = (e: Pick<EntryRow, 'petition_id' | 'action' | 'signer' | 'created_at'>): Hash =>
  leafHash(Buffer.from(logEntryText({ petitionId: e.petition_id, action: e.action, signer: e.signer, createdAt: e.created_at }), 'utf8'));

/** The SQL of the signature log: entries, the stored subtrees, checkpoints (docs/petitions.md). */
@Injectable()
export class PetitionLogRepository {
  /** Proofs' stored subtrees at or above CACHED_LEVEL, by `level:index` (immutable once stored). */
  private readonly cache = new Map<string, Hash>();

  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * One sequencer batch, in one transaction under the sequencer's advisory lock: the oldest waiting
   * entries (at most `max`, in id order) move from `petition_log_pending` into the log with the next
   * leaf indexes (one insert each: the log is never updated), the subtrees they complete are stored
   * and a checkpoint of the new size is signed. `wait` blocks for the lock (a delivery needs its cut now);
   * otherwise null when another replica is sequencing. Answers the checkpoint (or null: nothing waited).
   */
  async sequence(
    max: number,
    sign: (size: number, root: Hash, at: Date) => { signature: string; key_id: string },
    wait: boolean,
  ): Promise<{ checkpoint: CheckpointRow | null; added: number } | null> {
    return this.db.transaction(async (tx) => {
      if (wait) await tx.execute(sql`select pg_advisory_xact_lock(${SEQUENCER_LOCK})`);
      else {
        const got = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${SEQUENCER_LOCK}) as ok`);
        if (!got.rows[0]?.ok) return null;
      }
      const waiting = await tx
        .select({ id: pending.id, petition_id: pending.petition_id, action: pending.action, signer: pending.signer, created_at: pending.created_at })
        .from(pending)
        .orderBy(asc(pending.id))
        .limit(max);
      if (waiting.length === 0) return { checkpoint: null, added: 0 };
      const [last] = await tx.select({ size: checkpoints.tree_size }).from(checkpoints).orderBy(desc(checkpoints.tree_size)).limit(1);
      const size = last?.size ?? 0;
      const edge = await this.nodes(perfectNodes(0, size), tx);
      const grown = append(size, waiting.map(entryLeaf), edge);
      await tx.execute(sql`
        with v as (select * from unnest(${pgArray(waiting.map((w) => w.id))}::bigint[], ${pgArray(waiting.map((_, i) => size + i))}::bigint[]) as v(id, leaf)),
        moved as (delete from ${pending} w using v where w.id = v.id returning w.*, v.leaf)
        insert into ${entries} (id, leaf_index, petition_id, action, signer, salt, created_at, profession, specialty_id, county_id, signed_day, anonymous)
        select id, leaf, petition_id, action, signer, salt, created_at, profession, specialty_id, county_id, signed_day, anonymous
        from moved order by leaf`);
      await tx.execute(sql`
        insert into ${nodes} (level, idx, hash)
        select level, idx, decode(h, 'hex') from unnest(${pgArray(grown.nodes.map((n) => n.level))}::smallint[],
          ${pgArray(grown.nodes.map((n) => n.index))}::bigint[], ${pgArray(grown.nodes.map((n) => n.hash.toString('hex')))}::text[]) as v(level, idx, h)`);
      const at = new Date();
      const signed = sign(grown.size, grown.root, at);
      const [checkpoint] = await tx
        .insert(checkpoints)
        .values({ tree_size: grown.size, root_hash: grown.root, created_at: at, ...signed })
        .returning();
      return { checkpoint: checkpoint!, added: waiting.length };
    });
  }

  /** The stored subtrees asked for, as a lookup that throws for a missing one (one query). */
  async nodes(ids: readonly NodeId[], tx?: Transaction): Promise<NodeSource> {
    return this.lookup(ids, new Map<string, Hash>(), tx);
  }

  /**
   * `nodes` for proofs: the subtrees at or above CACHED_LEVEL come from memory when read before (one
   * query for the rest, none when all are known). Not for `verify` or the sequencer, which read what
   * is stored now.
   */
  async proofNodes(ids: readonly NodeId[]): Promise<NodeSource> {
    const known = new Map<string, Hash>();
    const missing: NodeId[] = [];
    for (const id of ids) {
      const hit = id.level >= CACHED_LEVEL ? this.cache.get(`${id.level}:${id.index}`) : undefined;
      if (hit) known.set(`${id.level}:${id.index}`, hit);
      else missing.push(id);
    }
    return this.lookup(missing, known, undefined, (level, index, hash) => {
      if (level < CACHED_LEVEL) return;
      if (this.cache.size >= NODE_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(`${level}:${index}`, hash);
    });
  }

  private async lookup(ids: readonly NodeId[], found: Map<string, Hash>, tx?: Transaction, read?: (level: number, index: number, hash: Hash) => void): Promise<NodeSource> {
    if (ids.length > 0) {
      const rows = await (tx ?? this.db).execute<{ level: number; idx: string; hash: Buffer }>(sql`
        select n.level, n.idx, n.hash from ${nodes} n
        join unnest(${pgArray(ids.map((i) => i.level))}::smallint[], ${pgArray(ids.map((i) => i.index))}::bigint[]) as k(level, idx)
          on n.level = k.level and n.idx = k.idx`);
      for (const r of rows.rows) {
        found.set(`${r.level}:${r.idx}`, r.hash);
        read?.(r.level, Number(r.idx), r.hash);
      }
    }
    return (level, index) => {
      const hash = found.get(`${level}:${index}`);
      if (!hash) throw new Error(`petition log: node ${level}:${index} is not stored`);
      return hash;
    };
  }

  async latestCheckpoint(): Promise<CheckpointRow | null> {
    const [row] = await this.db.select().from(checkpoints).orderBy(desc(checkpoints.tree_size)).limit(1);
    return row ?? null;
  }

  async checkpointAt(size: number): Promise<CheckpointRow | null> {
    const [row] = await this.db.select().from(checkpoints).where(eq(checkpoints.tree_size, size));
    return row ?? null;
  }

  /**
   * An entry by id, still waiting for the sequencer (`leaf_index` null) or in the log. The queue is
   * read first: an entry leaves it only in the transaction that puts it into the log, so when the
   * queue no longer has it, the log's read (a later statement) has it.
   */
  async entry(id: number): Promise<ReceiptEntry | null> {
    const [waiting] = await this.db
      .select({ id: pending.id, petition_id: pending.petition_id, action: pending.action, signer: pending.signer, created_at: pending.created_at, salt: pending.salt })
      .from(pending)
      .where(eq(pending.id, id));
    if (waiting) return { ...waiting, leaf_index: null };
    const [logged] = await this.db
      .select({ ...ENTRY, salt: entries.salt })
      .from(entries)
      .where(eq(entries.id, id));
    return logged ?? null;
  }

  /** A petition's entries in the tree of `size`, in log order, from leaf `from` (a batch). */
  petitionEntries(petitionId: number, size: number, from: number, limit: number) {
    return this.db
      .select(ENTRY)
      .from(entries)
      .where(and(eq(entries.petition_id, petitionId), gte(entries.leaf_index, from), lt(entries.leaf_index, size)))
      .orderBy(asc(entries.leaf_index))
      .limit(limit);
  }

  /** How many of a petition's entries wait for a leaf index. */
  async pending(petitionId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pending)
      .where(eq(pending.petition_id, petitionId));
    return row?.n ?? 0;
  }

  /** Signs minus withdrawals of a petition in the tree of `size` (its `petition_leaf` index). */
  async countAt(petitionId: number, size: number, tx?: Transaction): Promise<number> {
    const [row] = await (tx ?? this.db)
      .select({ n: sql<number>`coalesce(sum(case when ${entries.action} = 'sign' then 1 else -1 end), 0)::int` })
      .from(entries)
      .where(and(eq(entries.petition_id, petitionId), lt(entries.leaf_index, size)));
    return row?.n ?? 0;
  }

  /** Whether the petition has any entry (signed once, even if withdrawn since): its text is locked. */
  async hasEntries(petitionId: number, tx?: Transaction): Promise<boolean> {
    const rows = await (tx ?? this.db).execute(sql`
      select 1 from ${entries} where ${entries.petition_id} = ${petitionId}
      union all select 1 from ${pending} where ${pending.petition_id} = ${petitionId}
      limit 1`);
    return rows.rows.length > 0;
  }
}
