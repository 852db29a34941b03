import { type AddressInfo } from 'node:net';
import { osloToday, petitionEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { PetitionLogService } from './petition-log.service';
import { createUser, tokenFor } from '../../../test/auth';

/**
 * Many different doctors sign one petition at the same moment, over real HTTP connections to two
 * replicas (two apps on one database, each running the sequencer and the counter job as in
 * production), and some withdraw: after the batches the count is exact, every entry has one leaf
 * index, and the petition verifies against the latest checkpoint. PETITION_SIGNERS sets how many.
 */
const SIGNERS = Number(process.env.PETITION_SIGNERS ?? 150);
/** Requests in flight at a time (default: all at once). */
const IN_FLIGHT = Number(process.env.PETITION_IN_FLIGHT ?? SIGNERS);

let t: TestApp;
let replica: TestApp;
const bases: string[] = [];
const running = { PETITION_LOG_SEQUENCE_MS: '250', PETITION_COUNT_INTERVAL_MS: '1000' };

beforeAll(async () => {
  t = await createTestApp({ env: running });
  replica = await createTestApp({ env: running });
  for (const app of [t, replica]) {
    const server = app.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
  }
}, 120_000);
afterAll(async () => {
  await replica.close();
  await t.close();
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

it(`counts exactly when ${SIGNERS} doctors sign at once over two replicas, and the log verifies`, async () => {
  const owner = await t.session();
  const end = new Date(`${osloToday()}T12:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 10);
  const [petition] = await t.db
    .insert(schema.petitions)
    .values({
      title: 'Samtidige signaturer',
      summary: 'Sammendrag',
      full_text: 'Tekst',
      end_date: end.toISOString().slice(0, 10),
      status: 'active',
      visibility: 'open',
      user_id: owner.user.id,
      published_at: new Date(),
    })
    .returning();
  const id = petition!.id;
  const tokens: string[] = [];
  for (let i = 0; i < SIGNERS; i += 50) {
    const users = await Promise.all(
      Array.from({ length: Math.min(50, SIGNERS - i) }, () => createUser(t.db, { prefix: 'signer' })),
    );
    tokens.push(...(await Promise.all(users.map(async (u) => (await tokenFor(t, u)).accessToken))));
  }

  const started = Date.now();
  const queue = [...tokens];
  let n = 0;
  const sign = async (token: string) => {
    const t0 = performance.now();
    const res = await fetch(`${bases[n++ % 2]}/petitions/${id}/signatures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const ms = performance.now() - t0;
    const body = (await res.json()) as { data?: { entry: { leaf_hash: string } } };
    return { status: res.status, ms, leaf: body.data?.entry.leaf_hash ?? '' };
  };
  const results: Awaited<ReturnType<typeof sign>>[] = [];
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, SIGNERS) }, async () => {
      for (let token = queue.shift(); token !== undefined; token = queue.shift())
        results.push(await sign(token));
    }),
  );
  const wall = Date.now() - started;
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  // The figures for docs/performance/petitions.md.
  process.stdout.write(
    `petition signing: ${SIGNERS} signers, ${Math.min(IN_FLIGHT, SIGNERS)} in flight, in ${wall} ms; p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${latencies[latencies.length - 1]!.toFixed(0)} ms\n`,
  );

  expect(results.filter((r) => r.status !== 201)).toEqual([]);
  expect(new Set(results.map((r) => r.leaf)).size).toBe(SIGNERS);
  // Ten withdraw, at once, through both replicas.
  const leaving = tokens.slice(0, 10);
  const withdrawn = await Promise.all(
    leaving.map((token, i) => fetch(`${bases[i % 2]}/petitions/${id}/signatures`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })),
  );
  expect(withdrawn.map((r) => r.status)).toEqual(leaving.map(() => 204));

  // The jobs of both replicas catch up within a few seconds; the count is then exact.
  const expected = SIGNERS - leaving.length;
  const deadline = Date.now() + 15_000;
  let row = (await t.db.select().from(schema.petitions).where(eq(schema.petitions.id, id)))[0]!;
  while (Date.now() < deadline && (row.signatures_count !== expected || row.log_length !== SIGNERS + leaving.length)) {
    await new Promise((r) => setTimeout(r, 200));
    row = (await t.db.select().from(schema.petitions).where(eq(schema.petitions.id, id)))[0]!;
  }
  expect(row).toMatchObject({ signatures_count: expected, log_length: SIGNERS + leaving.length });
  const entries = await t.db.select().from(schema.petitionLogEntries).where(eq(schema.petitionLogEntries.petition_id, id));
  expect(entries).toHaveLength(SIGNERS + leaving.length);
  expect(await t.db.select().from(schema.petitionLogPending).where(eq(schema.petitionLogPending.petition_id, id))).toEqual([]);
  const verified = await t.call(ep.verify, { as: null, params: { id } });
  expect(verified.parsed.data).toMatchObject({
    intact: true,
    length: SIGNERS + leaving.length,
    count_matches: true,
    signature_valid: true,
    signatures_count: expected,
  });
  // Every checkpoint of both replicas' sequencers extends the one before it.
  const log = t.app.get(PetitionLogService);
  const checkpoints = await t.db.select().from(schema.petitionLogCheckpoints).orderBy(schema.petitionLogCheckpoints.tree_size);
  for (const [a, b] of checkpoints.slice(0, -1).map((c, i) => [c, checkpoints[i + 1]!] as const)) {
    expect((await log.consistency(a.tree_size, b.tree_size)).to_root).toBe(b.root_hash.toString('hex'));
  }
}, 300_000);
