import { type AddressInfo } from 'node:net';
import { osloToday, petitionEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, tokenFor } from '../../../test/auth';

/**
 * Many different doctors sign one petition at the same moment, over real HTTP connections: the count
 * is exact, every position in the chain is taken once, and the chain verifies. PETITION_SIGNERS sets
 * how many (1 000 for docs/performance/petitions.md; fewer by default to keep the suite quick).
 */
const SIGNERS = Number(process.env.PETITION_SIGNERS ?? 150);
/** Requests in flight at a time (default: all at once). */
const IN_FLIGHT = Number(process.env.PETITION_IN_FLIGHT ?? SIGNERS);

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  const server = t.app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

it(`counts exactly when ${SIGNERS} doctors sign at once, and the chain verifies`, async () => {
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
  const sign = async (token: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/petitions/${id}/signatures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const ms = performance.now() - t0;
    const body = (await res.json()) as { data?: { position: number } };
    return { status: res.status, ms, position: body.data?.position ?? 0 };
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
  expect(new Set(results.map((r) => r.position)).size).toBe(SIGNERS);
  const [row] = await t.db.select().from(schema.petitions).where(eq(schema.petitions.id, id));
  expect(row).toMatchObject({ signatures_count: SIGNERS, chain_length: SIGNERS });
  const verified = await t.call(ep.verify, { as: null, params: { id } });
  expect(verified.parsed.data).toMatchObject({
    intact: true,
    length: SIGNERS,
    count_matches: true,
    signatures_count: SIGNERS,
  });
}, 300_000);
