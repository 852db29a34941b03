import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type DatabaseHandle, MIGRATIONS_FOLDER, recreateDatabase, withDatabase } from '@legenett/db';
import { chainSigner } from '@legenett/shared';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readTestDatabase } from '../../../test/test-database';

/**
 * The signature log's data migrations, each on a scratch database migrated up to the one before it,
 * given data in the old shape, then migrated to the end: 0020 moves the hash chains into the log
 * (two petitions interleaved, a withdrawal, a delivered snapshot); 0029 moves the entries still
 * waiting for the sequencer into their queue (the log is written once per entry since).
 */
let serverUrl: string;
const scratches: { name: string; handle: DatabaseHandle; before: string }[] = [];

/** A scratch database migrated up to the one before `migration`, and the folder of the rest. */
async function scratchBefore(migration: string): Promise<DatabaseHandle> {
  const name = `legenett_petlog_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await recreateDatabase(serverUrl, name);
  const handle = createDatabase(withDatabase(serverUrl, name), { max: 1 });
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-migrations-'));
  scratches.push({ name, handle, before });
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === migration);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.mkdirSync(path.join(before, 'meta'));
  fs.writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
  await migrate(handle.db, { migrationsFolder: before });
  return handle;
}

/** Plain SQL on a scratch database, answering its rows. */
const queryOf =
  (handle: DatabaseHandle) =>
  async <T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await handle.pool.query(text, values)).rows as T[];

beforeAll(() => {
  serverUrl = readTestDatabase().serverUrl;
});

afterAll(async () => {
  const { pool, close } = createDatabase(serverUrl, { max: 1 });
  for (const { name, handle, before } of scratches) {
    await handle.close();
    fs.rmSync(before, { recursive: true, force: true });
    await pool.query(`drop database if exists "${name}" with (force)`);
  }
  await close();
});

it('0020 turns every link into a log entry in the original order, keeps counts and statistics, and links the signatures', async () => {
  const handle = await scratchBefore('0020_petition_signature_log');
  const q = queryOf(handle);

  const users: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const [u] = await q<{ id: number }>(`insert into users (email, first_name, last_name, slug) values ($1, 'Old', 'Shape', $2) returning id`, [`mig${i}@test.no`, `mig-${i}`]);
    users.push(u!.id);
  }
  const petition = async (title: string) =>
    (await q<{ id: number }>(`insert into petitions (title, user_id, status, end_date) values ($1, $2, 'active', '2030-01-01') returning id`, [title, users[0]]))[0]!.id;
  const a = await petition('A');
  const b = await petition('B');
  // The old write path, in time order: A1 (u1), B1 (u1), A2 (u2), A3 withdraw u1, B2 (u3).
  const links: [number, number, 'sign' | 'withdraw', number, string][] = [
    [a, 1, 'sign', users[1]!, '2026-03-01T10:00:00.000Z'],
    [b, 1, 'sign', users[1]!, '2026-03-01T23:30:00.000Z'],
    [a, 2, 'sign', users[2]!, '2026-03-02T10:00:00.000Z'],
    [a, 3, 'withdraw', users[1]!, '2026-03-03T10:00:00.000Z'],
    [b, 2, 'sign', users[3]!, '2026-03-03T11:00:00.000Z'],
  ];
  for (const [p, position, action, user, at] of links) {
    await q(`insert into petition_signature_links (petition_id, position, action, signer, prev_hash, hash, created_at) values ($1, $2, $3, $4, 'x', $5, $6)`, [
      p,
      position,
      action,
      chainSigner(p, user),
      `h${p}-${position}`,
      at,
    ]);
  }
  const sign = (p: number, user: number, position: number, at: string, profession: string) =>
    q(`insert into petition_signatures (petition_id, user_id, profession, chain_position, chain_hash, created_at) values ($1, $2, $3, $4, 'h', $5)`, [p, user, profession, position, at]);
  await sign(a, users[2]!, 2, '2026-03-02T10:00:00.000Z', 'doctor');
  await sign(b, users[1]!, 1, '2026-03-01T23:30:00.000Z', 'student');
  await sign(b, users[3]!, 2, '2026-03-03T11:00:00.000Z', 'doctor');
  await q(`update petitions set signatures_count = 1, chain_length = 3, chain_head = 'h' where id = $1`, [a]);
  // B was delivered after its first signature.
  await q(`update petitions set signatures_count = 2, chain_length = 2, chain_head = 'h', delivered_at = now(), delivered_count = 1, delivered_chain_length = 1 where id = $1`, [b]);

  await migrate(handle.db, { migrationsFolder: MIGRATIONS_FOLDER });

  // Every entry waits for the sequencer (since 0029 in the queue of its own, petition_log_pending).
  const entries = await q<{ id: string; petition_id: number; action: string; signer: string; salt: string; profession: string; signed_day: string }>(
    `select id, petition_id, action, signer, salt, profession, to_char(signed_day, 'YYYY-MM-DD') as signed_day from petition_log_pending order by id`,
  );
  expect(entries.map((e) => [e.petition_id, e.action])).toEqual(links.map(([p, , action]) => [p, action]));
  expect(await q(`select count(*)::int as n from petition_log_entries`)).toEqual([{ n: 0 }]);
  // Salted: the old signer is not in the log, one salt per signer and petition (withdrawal = its signature's).
  const { createHash } = await import('node:crypto');
  for (const [i, e] of entries.entries()) {
    const [p, , , user] = links[i]!;
    expect(e.signer).not.toBe(chainSigner(p, user));
    expect(e.signer).toBe(createHash('sha256').update(`${e.salt}:${chainSigner(p, user)}`).digest('hex'));
  }
  expect(entries[3]!.salt).toBe(entries[0]!.salt);
  // A withdrawal counts on its signature's day; B1 at 23:30 UTC is the next Oslo day.
  expect(entries.map((e) => e.signed_day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-02', '2026-03-01', '2026-03-03']);
  expect(entries.map((e) => e.profession)).toEqual(['other', 'student', 'doctor', 'other', 'doctor']);

  const sigs = await q<{ petition_id: number; user_id: number; log_entry_id: string }>(`select petition_id, user_id, log_entry_id from petition_signatures order by petition_id, user_id`);
  expect(sigs.map((s) => [s.petition_id, s.user_id, Number(s.log_entry_id)])).toEqual([
    [a, users[2], 3],
    [b, users[1], 2],
    [b, users[3], 5],
  ]);
  const rows = await q<{ id: number; signatures_count: number; log_length: number; delivered_count: number | null; delivered_tree_size: string | null }>(
    `select id, signatures_count, log_length, delivered_count, delivered_tree_size from petitions order by id`,
  );
  expect(rows.map((r) => [r.signatures_count, r.log_length, r.delivered_count, r.delivered_tree_size === null ? null : Number(r.delivered_tree_size)])).toEqual([
    [1, 3, null, null],
    [2, 2, 1, 2],
  ]);
  expect(await q(`select name, position::int from petition_log_cursors`)).toEqual([{ name: 'counts', position: 5 }]);
  const stats = await q<{ petition_id: number; dimension: string; key: string; count: number }>(
    `select petition_id, dimension, key, count from petition_stat_counts where dimension = 'profession' order by petition_id, key`,
  );
  expect(stats.map((s) => [s.petition_id, s.key, s.count])).toEqual([
    [a, 'doctor', 1],
    [b, 'doctor', 1],
    [b, 'student', 1],
  ]);
  expect(await q(`select to_regclass('petition_signature_links') as t`)).toEqual([{ t: null }]);
});

it('0029 keeps the sequenced entries in the log and moves the waiting ones, under their ids, into the queue the sequencer reads', async () => {
  const handle = await scratchBefore('0029_petition_log_pending');
  const q = queryOf(handle);
  const entry = (petition: number, action: string, leaf: number | null, signer: string) =>
    q<{ id: string }>(
      `insert into petition_log_entries (leaf_index, petition_id, action, signer, salt, created_at, profession, specialty_id, county_id, signed_day, anonymous)
       values ($1, $2, $3, $4, 'salt-' || $4, '2026-03-01T10:00:00.123Z', 'doctor', null, null, '2026-03-01', $5) returning id`,
      [leaf, petition, action, signer, signer === 'c'],
    );
  // In id order: two sequenced (leaves 0 and 1), one waiting, one sequenced (leaf 2: ids commit out of order), two waiting.
  for (const [petition, action, leaf, signer] of [
    [7, 'sign', 0, 'a'],
    [8, 'sign', 1, 'b'],
    [7, 'sign', null, 'c'],
    [7, 'sign', 2, 'd'],
    [8, 'withdraw', null, 'b'],
    [7, 'sign', null, 'e'],
  ] as const) {
    await entry(petition, action, leaf, signer);
  }
  const all = await q<{ id: string; signer: string }>(`select id, signer from petition_log_entries order by id`);

  await migrate(handle.db, { migrationsFolder: MIGRATIONS_FOLDER });

  const logged = await q<{ id: string; leaf_index: string; signer: string }>(`select id, leaf_index, signer from petition_log_entries order by id`);
  expect(logged.map((e) => [e.signer, Number(e.leaf_index)])).toEqual([
    ['a', 0],
    ['b', 1],
    ['d', 2],
  ]);
  const waiting = await q<{ id: string; petition_id: number; action: string; signer: string; salt: string; created_at: Date; profession: string; signed_day: string; anonymous: boolean }>(
    `select id, petition_id, action, signer, salt, created_at, profession, to_char(signed_day, 'YYYY-MM-DD') as signed_day, anonymous from petition_log_pending order by id`,
  );
  const idOf = (signer: string, nth = 0) => all.filter((e) => e.signer === signer)[nth]!.id;
  expect(waiting.map((w) => [w.id, w.petition_id, w.action, w.signer, w.salt, w.created_at.toISOString(), w.profession, w.signed_day, w.anonymous])).toEqual([
    [idOf('c'), 7, 'sign', 'c', 'salt-c', '2026-03-01T10:00:00.123Z', 'doctor', '2026-03-01', true],
    [idOf('b', 1), 8, 'withdraw', 'b', 'salt-b', '2026-03-01T10:00:00.123Z', 'doctor', '2026-03-01', false],
    [idOf('e'), 7, 'sign', 'e', 'salt-e', '2026-03-01T10:00:00.123Z', 'doctor', '2026-03-01', false],
  ]);
  // The log refuses an entry without its leaf index; a new queued entry draws the next id of the log's sequence.
  await expect(q(`insert into petition_log_entries (petition_id, action, signer, salt, created_at, signed_day) values (7, 'sign', 'x', 'x', now(), '2026-03-02')`)).rejects.toThrow(/leaf_index/);
  const [next] = await q<{ id: string }>(`insert into petition_log_pending (petition_id, action, signer, salt, created_at, signed_day) values (7, 'sign', 'f', 'f', now(), '2026-03-02') returning id`);
  expect(BigInt(next!.id)).toBeGreaterThan(BigInt(all[all.length - 1]!.id));
});
