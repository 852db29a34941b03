import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { petitionEndpoints as ep, petitionLogEndpoints as log, type SignatureReceipt } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { desc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { invalid } from '../../../test/call';
import { verifyConsistency, verifyInclusion } from './petition-log.merkle';
import { PetitionLogService } from './petition-log.service';
import { PetitionSignaturesService } from './petition-signatures.service';
import { petitionsSuite } from '../../../test/petitions';

/**
 * The signature log (issue 28): public checkpoint, key, proof and consistency endpoints; receipts
 * checked by the standalone verifier (and refused when tampered with); verify against the latest
 * checkpoint; delivery at a checkpoint; the counter job once across two replicas; reconciliation.
 */
let t: TestApp;
const { published, settle, signedBy } = petitionsSuite((s) => {
  ({ t } = s);
});

const VERIFIER = path.resolve(__dirname, '..', '..', '..', '..', '..', 'scripts', 'verify-receipt.mjs');
const run = promisify(execFile);
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-receipts-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the standalone verifier on files; answers its first line and exit code. */
async function verifier(receipt: unknown, args: string[] = []): Promise<{ code: number; out: string }> {
  const file = path.join(dir, `r-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(receipt));
  try {
    const { stdout } = await run(process.execPath, [VERIFIER, file, ...args]);
    return { code: 0, out: stdout.trim().split('\n').pop()! };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, out: e.stdout.trim() };
  }
}

const hex = (s: string) => Buffer.from(s, 'hex');
const flip = (h: string) => (h[0] === '0' ? '1' : '0') + h.slice(1);

/** The log tables' row counters (pg_stat_user_tables): inserted, updated, deleted, live and dead rows. */
async function tableStats() {
  const rows = await t.db.execute<{ relname: string; ins: string; upd: string; del: string; live: string; dead: string }>(sql`
    select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_del as del, n_live_tup as live, n_dead_tup as dead
    from pg_stat_user_tables where relname in ('petition_log_entries', 'petition_log_pending', 'petition_log_checkpoints')`);
  const of = (name: string) => {
    const r = rows.rows.find((x) => x.relname === name)!;
    return { ins: Number(r.ins), upd: Number(r.upd), del: Number(r.del), live: Number(r.live), dead: Number(r.dead) };
  };
  return { entries: of('petition_log_entries'), pending: of('petition_log_pending'), checkpoints: of('petition_log_checkpoints') };
}

describe('the log is written once (issue 40)', () => {
  it('after N signatures the log table holds N more live rows, inserted once each, with no update and no delete', async () => {
    const N = 12;
    const owner = await t.session();
    const p = await published(owner);
    const before = await tableStats();
    await signedBy(p.id, N); // signs, then runs the sequencer and the counter job
    expect(await t.db.$count(schema.petitionLogEntries, eq(schema.petitionLogEntries.petition_id, p.id))).toBe(N);
    expect(await t.db.$count(schema.petitionLogPending, eq(schema.petitionLogPending.petition_id, p.id))).toBe(0);
    // A session's counters reach pg_stat_user_tables when it reports them (about a second after its
    // transaction): wait until the signers' and the sequencer's transactions show (the N queued
    // entries, the checkpoint and the N rows written into the log); the sequencer's report carries
    // any update of the entries it made in the same breath.
    const deadline = Date.now() + 20_000;
    const reported = (x: Awaited<ReturnType<typeof tableStats>>) =>
      x.checkpoints.ins > before.checkpoints.ins && x.entries.ins - before.entries.ins >= N && x.pending.ins - before.pending.ins >= N;
    let after = await tableStats();
    while (Date.now() < deadline && !reported(after)) {
      await new Promise((r) => setTimeout(r, 100));
      after = await tableStats();
    }
    expect({
      inserted: after.entries.ins - before.entries.ins,
      updated: after.entries.upd - before.entries.upd,
      deleted: after.entries.del - before.entries.del,
      live: after.entries.live - before.entries.live,
      moreDead: after.entries.dead > before.entries.dead,
    }).toEqual({ inserted: N, updated: 0, deleted: 0, live: N, moreDead: false });
    // The waiting queue took each entry once and gave it up once (a few rows at a time).
    expect([after.pending.ins - before.pending.ins, after.pending.upd - before.pending.upd, after.pending.del - before.pending.del]).toEqual([N, 0, N]);
  });
});

describe('the public log', () => {
  it('publishes signed checkpoints, the key, inclusion and consistency proofs to anyone', async () => {
    const owner = await t.session();
    const p = await published(owner);
    await signedBy(p.id, 3);
    const first = (await t.call(log.checkpoint, { as: null })).parsed.data;
    await signedBy(p.id, 2);
    const second = (await t.call(log.checkpoint, { as: null })).parsed.data;
    expect(second.tree_size).toBeGreaterThan(first.tree_size);

    const key = (await t.call(log.key, { as: null })).parsed.data;
    expect(key.key_id).toBe(t.app.get(PetitionLogService).keyId);
    expect(key.pem).toContain('BEGIN PUBLIC KEY');
    const wellKnown = await t.raw.get('/.well-known/legenett-petition-log.pem');
    expect([wellKnown.status, wellKnown.text]).toEqual([200, key.pem]);
    expect(t.app.get(PetitionLogService).verifyText(second.text, second.signature)).toBe(true);

    const consistency = (await t.call(log.consistency, { as: null, query: { from: first.tree_size, to: second.tree_size } })).parsed.data;
    expect(consistency).toMatchObject({ from_root: first.root_hash, to_root: second.root_hash });
    expect(verifyConsistency(first.tree_size, second.tree_size, hex(first.root_hash), hex(second.root_hash), consistency.proof.map(hex))).toBe(true);

    const leaf = second.tree_size - 1;
    const proof = (await t.call(log.proof, { as: null, query: { leaf, size: second.tree_size } })).parsed.data;
    expect(proof.root_hash).toBe(second.root_hash);
    expect(verifyInclusion(leaf, second.tree_size, hex(proof.leaf_hash), proof.proof.map(hex), hex(second.root_hash))).toBe(true);

    // Bad input: 422 in the caller's language, never a 5xx.
    for (const query of [
      { leaf: second.tree_size, size: second.tree_size },
      { leaf: 0, size: second.tree_size + 1_000_000 },
      invalid({ leaf: -1, size: 2 }),
      invalid({ leaf: 'x', size: 2 }),
    ]) {
      const bad = await t.call(log.proof, { as: null, query, locale: 'en' });
      expect([JSON.stringify(query), bad.status]).toEqual([JSON.stringify(query), 422]);
    }
    expect((await t.call(log.consistency, { as: null, query: { from: second.tree_size, to: first.tree_size } })).status).toBe(422);
  });

  it('reads sizes as decimal digits only and names the field that is wrong, in the language of the caller', async () => {
    const owner = await t.session();
    await signedBy((await published(owner)).id, 1);
    const size = (await t.call(log.checkpoint, { as: null })).parsed.data.tree_size;
    const fieldsOf = async (endpoint: typeof log.proof | typeof log.consistency, query: Record<string, string>) => {
      const res = await t.call(endpoint, { as: null, query: invalid(query), locale: 'en' });
      return [res.status, (res.body as { errors?: unknown }).errors];
    };
    // Blank or whitespace is missing input, not 0.
    for (const blank of ['', ' ', '\t']) {
      expect(await fieldsOf(log.proof, { leaf: blank, size: String(size) })).toEqual([422, { leaf: ['This field is required.'] }]);
      expect(await fieldsOf(log.consistency, { from: '0', to: blank })).toEqual([422, { to: ['This field is required.'] }]);
    }
    // Hexadecimal, exponent, sign and fraction are not decimal digits.
    for (const odd of ['0x1', '1e1', '+1', '1.0', '-0']) {
      expect(await fieldsOf(log.proof, { leaf: odd, size: String(size) })).toEqual([422, { leaf: ['Write a whole number in digits only (for example 12).'] }]);
    }
    // Swapped sizes say so on `from`; a size beyond the log is named by its own field.
    expect(await fieldsOf(log.consistency, { from: String(size), to: '0' })).toEqual([422, { from: ['The first size cannot be larger than the second.'] }]);
    expect(await fieldsOf(log.consistency, { from: '0', to: String(size + 1000) })).toEqual([422, { to: ['The signature log is not that large yet.'] }]);
    expect(await fieldsOf(log.proof, { leaf: '0', size: String(size + 1000) })).toEqual([422, { size: ['The signature log is not that large yet.'] }]);
    // Digits still work, with leading zeros.
    expect((await fieldsOf(log.proof, { leaf: '0', size: `0${size}` }))[0]).toBe(200);
  });
});

describe('receipts', () => {
  it('answers the promise at once and the proof once sequenced; the standalone verifier accepts it and refuses any tampering', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const signer = await t.session();
    const signed = (await t.call(ep.sign, { as: signer, params: { id: p.id }, body: {} })).parsed.data;
    expect(signed.promise.text).toContain(signed.entry.leaf_hash);
    // Before the sequencer: the verifier says exactly what is missing.
    expect(await verifier(signed)).toEqual({ code: 1, out: 'invalid: no checkpoint yet: the entry waits for the sequencer (fetch the receipt again in a few seconds)' });
    await settle();
    const receipt: SignatureReceipt = (await t.call(ep.receipt, { as: signer, params: { id: p.id } })).parsed.data;
    const key = (await t.call(log.key, { as: null })).parsed.data;
    const keyFile = path.join(dir, 'key.json');
    fs.writeFileSync(keyFile, JSON.stringify({ data: key }));
    expect(await verifier(receipt, ['--key', keyFile, '--user', String(signer.user.id)])).toEqual({ code: 0, out: 'valid' });
    const checkpointFile = path.join(dir, 'checkpoint.json');
    fs.writeFileSync(checkpointFile, JSON.stringify({ data: receipt.checkpoint }));
    expect((await verifier(receipt, ['--key', key.public_key, '--checkpoint', checkpointFile])).code).toBe(0);

    const cp = receipt.checkpoint!;
    const cases: [string, SignatureReceipt, string[]][] = [
      ['entry', { ...receipt, entry: { ...receipt.entry, action: 'withdraw' } }, []],
      ['proof', { ...receipt, inclusion_proof: receipt.inclusion_proof!.length > 0 ? [flip(receipt.inclusion_proof![0]!), ...receipt.inclusion_proof!.slice(1)] : [flip(cp.root_hash)] }, []],
      ['leaf index', { ...receipt, leaf_index: receipt.leaf_index! + 1 }, []],
      ['checkpoint root', { ...receipt, checkpoint: { ...cp, root_hash: flip(cp.root_hash), text: undefined as unknown as string } }, []],
      ['checkpoint signature', { ...receipt, checkpoint: { ...cp, signature: Buffer.alloc(64).toString('base64') } }, []],
      ['promise', { ...receipt, promise: { ...receipt.promise, signature: Buffer.alloc(64).toString('base64') } }, []],
      ['other account', receipt, ['--user', String(signer.user.id + 1)]],
      ['other key', receipt, ['--key', Buffer.alloc(32, 7).toString('base64')]],
    ];
    for (const [what, tampered, args] of cases) {
      const out = await verifier(tampered, args);
      expect([what, out.code, out.out.startsWith('invalid: ')]).toEqual([what, 1, true]);
    }
    // A stranger has no receipt; anonymous callers are refused.
    expect((await t.call(ep.receipt, { as: owner, params: { id: p.id } })).status).toBe(404);
    expect((await t.call(ep.receipt, { as: null, params: { id: p.id } })).status).toBe(401);
  });

  it("verify refuses a tampered stored leaf and a checkpoint with another signature", async () => {
    const owner = await t.session();
    const p = await published(owner);
    await signedBy(p.id, 2);
    expect((await t.call(ep.verify, { as: null, params: { id: p.id } })).parsed.data).toMatchObject({ intact: true, signature_valid: true, length: 2 });
    const [entry] = await t.db.select().from(schema.petitionLogEntries).where(eq(schema.petitionLogEntries.petition_id, p.id)).limit(1);
    const [{ hash: entryHash }] = (await t.db.execute<{ hash: Buffer }>(sql`select hash from ${schema.petitionLogNodes} where level = 0 and idx = ${entry!.leaf_index}`)).rows as [{ hash: Buffer }];
    await t.db.execute(sql`update ${schema.petitionLogNodes} set hash = sha256(hash) where level = 0 and idx = ${entry!.leaf_index}`);
    expect((await t.call(ep.verify, { as: null, params: { id: p.id } })).parsed.data).toMatchObject({ intact: false, broken_at: entry!.leaf_index });
    await t.db.execute(sql`update ${schema.petitionLogNodes} set hash = ${entryHash} where level = 0 and idx = ${entry!.leaf_index}`);
    const [latest] = await t.db.select().from(schema.petitionLogCheckpoints).orderBy(desc(schema.petitionLogCheckpoints.tree_size)).limit(1);
    await t.db.update(schema.petitionLogCheckpoints).set({ signature: Buffer.alloc(64).toString('base64') }).where(eq(schema.petitionLogCheckpoints.tree_size, latest!.tree_size));
    expect((await t.call(ep.verify, { as: null, params: { id: p.id } })).parsed.data).toMatchObject({ intact: false, signature_valid: false });
    // The next batch signs a new, valid checkpoint (the old one stays as it is).
    await t.db.update(schema.petitionLogCheckpoints).set({ signature: latest!.signature }).where(eq(schema.petitionLogCheckpoints.tree_size, latest!.tree_size));
  });
});

describe('delivery and counts', () => {
  it('delivers at a signed checkpoint that holds exactly the delivered count', async () => {
    const owner = await t.session();
    const p = await published(owner, { signature_goal: null });
    await signedBy(p.id, 3);
    const late = await t.session();
    await t.call(ep.sign, { as: late, params: { id: p.id }, body: {} });
    // Not yet sequenced: delivery cuts the log now and counts it in.
    const delivered = (await t.call(ep.deliver, { as: owner, params: { id: p.id } })).parsed.data.delivered!;
    expect(delivered).toMatchObject({ count: 4 });
    const cp = await t.app.get(PetitionLogService).flush();
    const [row] = await t.db.select().from(schema.petitionLogCheckpoints).where(eq(schema.petitionLogCheckpoints.tree_size, delivered.tree_size!));
    expect(row).toBeDefined();
    expect(cp!.tree_size).toBeGreaterThanOrEqual(delivered.tree_size!);
  });

  it('runs the counter once across two replicas, and reconciliation corrects drift and logs it (admin only)', async () => {
    const replica = await createTestApp();
    try {
      const owner = await t.session();
      const p = await published(owner);
      for (let i = 0; i < 5; i += 1) {
        const s = await t.session();
        expect((await t.call(ep.sign, { as: s, params: { id: p.id }, body: {} })).status).toBe(201);
      }
      await t.app.get(PetitionLogService).flush();
      const runs = await Promise.all([t.app.get(PetitionSignaturesService).count(), replica.app.get(PetitionSignaturesService).count()]);
      // Whoever got the lock folded; the other found it taken or nothing left: never twice.
      await settle();
      expect(runs.some((r) => r !== null)).toBe(true);
      const [counted] = await t.db.select().from(schema.petitions).where(eq(schema.petitions.id, p.id));
      expect(counted).toMatchObject({ signatures_count: 5, log_length: 5 });

      // Drift (say a hand edit) is found and set right, and the correction is logged.
      await t.db.update(schema.petitions).set({ signatures_count: 99 }).where(eq(schema.petitions.id, p.id));
      const member = await t.session();
      expect((await t.call(log.reconcile, { as: null })).status).toBe(401);
      expect((await t.call(log.reconcile, { as: member })).error.reason).toBe('missing_permission');
      const admin = await t.session({ roles: ['admin'] });
      const fixed = await t.call(log.reconcile, { as: admin });
      expect(fixed.status).toBe(200);
      expect(fixed.parsed.data.corrections).toBeGreaterThanOrEqual(1);
      const [after] = await t.db.select().from(schema.petitions).where(eq(schema.petitions.id, p.id));
      expect(after!.signatures_count).toBe(5);
      const logged = await t.db.select().from(schema.petitionCountCorrections).where(eq(schema.petitionCountCorrections.petition_id, p.id));
      expect(logged).toEqual([expect.objectContaining({ field: 'signatures_count', was: 99, now: 5, source: `admin:${admin.user.id}` })]);
    } finally {
      await replica.close();
    }
  });
});
