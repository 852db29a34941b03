import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chainSigner, createDatabase, type DatabaseHandle, MIGRATIONS_FOLDER, recreateDatabase, withDatabase } from '@legenett/db';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readTestDatabase } from '../../../test/test-database';

/**
 * Migration 0020 moves the hash chains into the signature log: a scratch database is migrated up to
 * the one before it, given petitions, signatures and chain links in the old shape (two petitions
 * interleaved, a withdrawal, a delivered snapshot), then migrated to the end.
 */
const MIGRATION = '0020_petition_signature_log';

let serverUrl: string;
let name: string;
let handle: DatabaseHandle;
let before: string;

beforeAll(async () => {
  serverUrl = readTestDatabase().serverUrl;
  name = `legenett_petlog_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await recreateDatabase(serverUrl, name);
  handle = createDatabase(withDatabase(serverUrl, name), { max: 1 });
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.mkdirSync(path.join(before, 'meta'));
  fs.writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
});

afterAll(async () => {
  await handle.close();
  fs.rmSync(before, { recursive: true, force: true });
  const { pool, close } = createDatabase(serverUrl, { max: 1 });
  await pool.query(`drop database if exists "${name}" with (force)`);
  await close();
});

it('turns every link into a log entry in the original order, keeps counts and statistics, and links the signatures', async () => {
  await migrate(handle.db, { migrationsFolder: before });
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> => (await handle.pool.query(text, values)).rows as T[];

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

  const entries = await q<{ id: string; petition_id: number; action: string; signer: string; salt: string; profession: string; signed_day: string; leaf_index: string | null }>(
    `select id, petition_id, action, signer, salt, profession, to_char(signed_day, 'YYYY-MM-DD') as signed_day, leaf_index from petition_log_entries order by id`,
  );
  expect(entries.map((e) => [e.petition_id, e.action])).toEqual(links.map(([p, , action]) => [p, action]));
  expect(entries.every((e) => e.leaf_index === null)).toBe(true);
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
