#!/usr/bin/env node
// The proof goal of issue 28 (docs/performance/petitions.md): an inclusion proof for a leaf of a
// 1 000 000-entry signature log in < 5 ms of server time. Builds a log of LEAVES entries' subtree
// hashes in a scratch database (petition_log_nodes only, computed in SQL level by level, the same
// RFC 9162 hashes the sequencer stores), then times what GET /api/petition-log/proof does on the
// server: one lookup of the needed stored subtrees and the proof assembled from them (the API's
// built `petition-log.merkle.js`), for PROOFS random leaves. Needs `npm run build -w @legenett/api`.
//
//   BENCH_DB=postgres://postgres@127.0.0.1:5432/petlog_bench LEAVES=1000000 node bench/petition-log-proof.mjs
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/api/package.json'));
const { Pool } = require('pg');
const merkle = require(process.env.MERKLE_JS ?? path.join(root, 'apps/api/dist/modules/petitions/petition-log.merkle.js'));

const LEAVES = Number(process.env.LEAVES ?? 1_000_000);
const PROOFS = Number(process.env.PROOFS ?? 2000);
const url = process.env.BENCH_DB ?? 'postgres://postgres@127.0.0.1:5432/petlog_bench';
const admin = new Pool({ connectionString: url.replace(/\/[^/]+$/, '/postgres'), max: 1 });
const name = url.slice(url.lastIndexOf('/') + 1);
await admin.query(`drop database if exists "${name}" with (force)`);
await admin.query(`create database "${name}"`);
await admin.end();
const pool = new Pool({ connectionString: url, max: 4 });
await pool.query('create table petition_log_nodes (level smallint not null, idx bigint not null, hash bytea not null, primary key (level, idx))');

let t0 = performance.now();
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
await pool.query('analyze petition_log_nodes');
const built = performance.now() - t0;
const { rows: [{ n }] } = await pool.query('select count(*)::int as n from petition_log_nodes');

// What PetitionLogRepository.nodes runs, and PetitionLogService.inclusion builds.
const pgArray = (xs) => `{${xs.join(',')}}`;
async function proof(leaf, size) {
  const ids = [...merkle.nodesFor(merkle.inclusionRanges(leaf, size)), { level: 0, index: leaf }, ...merkle.perfectNodes(0, size)];
  const { rows } = await pool.query(
    `select n.level, n.idx, n.hash from petition_log_nodes n
     join unnest($1::smallint[], $2::bigint[]) as k(level, idx) on n.level = k.level and n.idx = k.idx`,
    [pgArray(ids.map((i) => i.level)), pgArray(ids.map((i) => i.index))],
  );
  const found = new Map(rows.map((r) => [`${r.level}:${r.idx}`, r.hash]));
  const get = (level, index) => found.get(`${level}:${index}`);
  return { leafHash: get(0, leaf), root: merkle.rangeHash(0, size, get), proof: merkle.inclusionProof(leaf, size, get) };
}

const size = LEAVES;
const times = [];
let checked = 0;
for (let i = 0; i < PROOFS; i += 1) {
  const leaf = Math.floor(Math.random() * size);
  t0 = performance.now();
  const p = await proof(leaf, size);
  times.push(performance.now() - t0);
  if (i % 50 === 0) {
    if (!merkle.verifyInclusion(leaf, size, p.leafHash, p.proof, p.root)) throw new Error(`proof of ${leaf} does not verify`);
    checked += 1;
  }
}
times.sort((a, b) => a - b);
const pct = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)].toFixed(2);
console.log(
  JSON.stringify({ leaves: LEAVES, stored_nodes: n, build_s: +(built / 1000).toFixed(1), proofs: PROOFS, verified: checked, p50_ms: +pct(0.5), p99_ms: +pct(0.99), max_ms: +times.at(-1).toFixed(2), goal_ms: 5 }),
);
await pool.end();
const ok = Number(pct(0.99)) < 5;
process.exitCode = ok ? 0 : 1;
