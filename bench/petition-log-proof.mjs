#!/usr/bin/env node
// The proof goal of issue 28 (docs/performance/petitions.md): an inclusion proof for a leaf of a
// 1 000 000-entry signature log in < 5 ms of server time. Makes a scratch database with the
// project's migrations, stores the subtree hashes of a LEAVES-entry log (petition_log_nodes, computed
// in SQL level by level: the same RFC 9162 hashes the sequencer stores) and a signed checkpoint of
// that size, then times what GET /api/petition-log/proof runs on the server: the built API's
// `PetitionLogService.inclusion` with its repository (the size check, the lookup of the stored
// subtrees, the proof assembled), for PROOFS random leaves after WARMUP unmeasured ones.
//
// Two paths side by side, rounds alternating on the same random leaves:
//   now     what the API runs: the size check from memory (checkpoints only grow), the subtrees at
//           or above CACHED_LEVEL from memory once read, one query for the rest;
//   before  what it ran until 2026-11-27: a checkpoint query, then one query for all ~2 log2 n nodes.
// Prints p50/p99/max per path, queries and rows read from PostgreSQL per proof, and the load average.
// Needs `npx turbo run build` (api and db). Every 50th proof is checked against the checkpoint's root.
//
//   BENCH_DB=postgres://postgres@127.0.0.1:5432/h_petlog_proof LEAVES=1000000 node bench/petition-log-proof.mjs
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/api/package.json'));
const dist = (f) => path.join(root, 'apps/api/dist/modules/petitions', f);
const { createDatabase, runMigrations } = require('@legenett/db');
const merkle = require(dist('petition-log.merkle.js'));
const { PetitionLogRepository, CACHED_LEVEL } = require(dist('petition-log.repository.js'));
const { PetitionLogService, checkpointText } = require(dist('petition-log.service.js'));

const LEAVES = Number(process.env.LEAVES ?? 1_000_000);
const PROOFS = Number(process.env.PROOFS ?? 2000);
const WARMUP = Number(process.env.WARMUP ?? 300);
const url = process.env.BENCH_DB ?? 'postgres://postgres@127.0.0.1:5432/h_petlog_proof';
const name = url.slice(url.lastIndexOf('/') + 1);
const REUSE = process.env.REUSE === '1';

const admin = createDatabase(url.replace(/\/[^/]+$/, '/postgres'), { max: 1 });
const exists = (await admin.pool.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0;
if (!REUSE || !exists) {
  await admin.pool.query(`drop database if exists "${name}" with (force)`);
  await admin.pool.query(`create database "${name}"`);
}
await admin.close();
const handle = createDatabase(url, { max: 4 });
const { pool, db } = handle;

let built = 0;
const [{ n: have }] = (await pool.query('select count(*)::int as n from pg_tables where tablename = $1', ['petition_log_nodes'])).rows;
const filled = have > 0 && (await pool.query('select count(*)::int as n from petition_log_nodes where level = 0')).rows[0].n === LEAVES;
if (!filled) {
  await runMigrations(db);
  await pool.query('truncate petition_log_nodes, petition_log_checkpoints');
  const t0 = performance.now();
  await pool.query(`insert into petition_log_nodes select 0, i, sha256('\\x00'::bytea || int8send(i)) from generate_series(0, $1 - 1) i`, [LEAVES]);
  for (let level = 1; 2 ** level <= LEAVES; level += 1) {
    await pool.query(
      `insert into petition_log_nodes
       select $1::smallint, l.idx / 2, sha256('\\x01'::bytea || l.hash || r.hash)
       from petition_log_nodes l join petition_log_nodes r on r.level = l.level and r.idx = l.idx + 1
       where l.level = $1::smallint - 1 and l.idx % 2 = 0`,
      [level],
    );
  }
  await pool.query('vacuum analyze petition_log_nodes');
  built = (performance.now() - t0) / 1000;
}
const { rows: [{ n: stored }] } = await pool.query('select count(*)::int as n from petition_log_nodes');

const config = { petitionLog: { signingKey: 'bench-proof-key', sequenceMs: 0, countIntervalMs: 0 }, role: { runsJobs: false } };
const freshService = () => {
  const repository = new PetitionLogRepository(db);
  return { repository, service: new PetitionLogService(repository, config) };
};
const { repository, service } = freshService();

// The checkpoint of this size, signed by the service's key.
const size = LEAVES;
const rootHash = merkle.rangeHash(0, size, await repository.nodes(merkle.perfectNodes(0, size)));
const at = new Date();
await pool.query('delete from petition_log_checkpoints');
await pool.query('insert into petition_log_checkpoints (tree_size, root_hash, created_at, signature, key_id) values ($1, $2, $3, $4, $5)', [
  size,
  rootHash,
  at,
  service.signText(checkpointText(size, rootHash, at)),
  service.keyId,
]);

// Queries and rows read, counted at the pool (every statement drizzle runs goes through it).
let queries = 0;
let rowsRead = 0;
const query = pool.query.bind(pool);
pool.query = async (...args) => {
  const r = await query(...args);
  queries += 1;
  rowsRead += r.rowCount ?? r.rows?.length ?? 0;
  return r;
};

/** What the API ran before: the checkpoint query, then every node from PostgreSQL in one query. */
async function before(leaf) {
  const latest = await repository.latestCheckpoint();
  if (size > latest.tree_size) throw new Error('size');
  const ranges = merkle.inclusionRanges(leaf, size);
  const get = await repository.nodes([...merkle.nodesFor(ranges), { level: 0, index: leaf }, ...merkle.perfectNodes(0, size)]);
  return { leaf_hash: get(0, leaf).toString('hex'), root_hash: merkle.rangeHash(0, size, get).toString('hex'), proof: merkle.inclusionProof(leaf, size, get).map((h) => h.toString('hex')) };
}
const paths = { now: (leaf) => service.inclusion(leaf, size), before };

const leaves = Array.from({ length: WARMUP + PROOFS }, () => Math.floor(Math.random() * size));
const stats = Object.fromEntries(Object.keys(paths).map((k) => [k, { times: [], queries: 0, rows: 0, verified: 0 }]));
const load = os.loadavg();
for (let i = 0; i < leaves.length; i += 1) {
  for (const [key, run] of i % 2 === 0 ? Object.entries(paths) : Object.entries(paths).reverse()) {
    const q0 = queries;
    const r0 = rowsRead;
    const t0 = performance.now();
    const p = await run(leaves[i]);
    const ms = performance.now() - t0;
    if (i < WARMUP) continue;
    const s = stats[key];
    s.times.push(ms);
    s.queries += queries - q0;
    s.rows += rowsRead - r0;
    if (i % 50 === 0) {
      const ok = merkle.verifyInclusion(leaves[i], size, Buffer.from(p.leaf_hash, 'hex'), p.proof.map((h) => Buffer.from(h, 'hex')), rootHash) && p.root_hash === rootHash.toString('hex');
      if (!ok) throw new Error(`${key}: the proof of ${leaves[i]} does not verify`);
      s.verified += 1;
    }
  }
}
const pct = (times, q) => +times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)].toFixed(2);
const result = { leaves: LEAVES, stored_nodes: stored, build_s: built ? +built.toFixed(1) : 'reused', proofs: PROOFS, warmup: WARMUP, cached_level: CACHED_LEVEL };
for (const [key, s] of Object.entries(stats)) {
  s.times.sort((a, b) => a - b);
  result[key] = { p50_ms: pct(s.times, 0.5), p99_ms: pct(s.times, 0.99), max_ms: +s.times.at(-1).toFixed(2), queries_per_proof: +(s.queries / PROOFS).toFixed(2), rows_per_proof: +(s.rows / PROOFS).toFixed(1), verified: s.verified };
}
result.goal_ms = 5;
result.load_average_before = load.map((l) => l.toFixed(2)).join(' ');
result.load_average_after = os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(JSON.stringify(result, null, 1));
await handle.close();
process.exitCode = result.now.p99_ms < 5 ? 0 : 1;
