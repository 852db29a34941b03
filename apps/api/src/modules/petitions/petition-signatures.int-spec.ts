import { osloToday, petitionEndpoints as ep, type SignatureReceipt } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq, inArray } from 'drizzle-orm';
import { Authenticator, type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { AccountDataService } from '../../common/account-data';
import { type TestApp, type UserSession } from '../../../test/app';
import { type Answer, invalid } from '../../../test/call';
import { settleJobs } from '../../../test/jobs';
import { PetitionRemindersService } from './petition-reminders.service';
import { PetitionSignaturesRepository } from './petition-signatures.repository';
import { PetitionSignaturesService } from './petition-signatures.service';
import { type Fixtures, petitionsSuite } from '../../../test/petitions';

let t: TestApp;
let fx: Fixtures;
let token: string;
const { day, draft, published, settle, signedBy } = petitionsSuite((s) => {
  ({ t, fx, token } = s);
});

/** A petition's log entries, sequenced or still waiting for the sequencer (`leaf_index` null). */
async function logEntries(petitionIds: number[]) {
  const logged = await t.db.select().from(schema.petitionLogEntries).where(inArray(schema.petitionLogEntries.petition_id, petitionIds));
  const waiting = await t.db.select().from(schema.petitionLogPending).where(inArray(schema.petitionLogPending.petition_id, petitionIds));
  return [...logged, ...waiting.map((w) => ({ ...w, leaf_index: null }))];
}

/** Petitions: signing, counting, statistics, delivery and answers, reminders, account erasure. */
describe('signatures', () => {
  it('pages the named signers by keyset (cursor), in signing order, without the anonymous ones, each with their badge', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const slugs: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      // The last one a medical student with a licence: the badge says so.
      const signer = await t.session(i === 4 ? { roles: ['student'] } : {});
      await t.call(ep.sign, { as: signer, params: { id: p.id }, body: { anonymous: i === 2 } });
      if (i !== 2) slugs.push(signer.user.slug);
      ids.push(signer.user.id);
    }
    // A signer whose confirmation was later withdrawn keeps the signature, not the badge.
    await t.db.update(schema.userInfo).set({ approved_hrp: 1 }).where(eq(schema.userInfo.user_id, ids[1]!));
    const seen: string[] = [];
    const badges: (string | null)[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Answer<typeof ep.signatures> = await t.call(ep.signatures, {
        as: owner,
        params: { id: p.id },
        query: { per_page: 3, ...(cursor ? { cursor } : {}) },
      });
      expect(res.parsed.meta.per_page).toBe(3);
      seen.push(...res.parsed.data.map((s) => s.slug ?? ''));
      badges.push(...res.parsed.data.map((s) => s.verified_as));
      cursor = res.parsed.meta.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toEqual(slugs);
    expect(badges).toEqual(['doctor', null, 'doctor', 'student']);

    // A cursor that is not one of ours, or a page size over the cap: 422 in the caller's language.
    const bad = await t.call(ep.signatures, {
      as: owner,
      params: { id: p.id },
      query: invalid({ cursor: 'not-a-cursor' }),
      locale: 'en',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors)).toEqual(['cursor']);
    expect(
      (await t.call(ep.signatures, { as: owner, params: { id: p.id }, query: invalid({ per_page: 500 }) }))
        .status,
    ).toBe(422);
    // Someone else's draft does not exist for the caller.
    const d = await draft(owner);
    expect((await t.call(ep.signatures, { as: await t.session(), params: { id: d.id } })).status).toBe(404);

    // A visitor (a shared link, not logged in) sees the same named signers, never the anonymous one,
    // without profile links (profiles are for members); a draft does not exist for them either.
    const visitor = await t.call(ep.signatures, { as: null, params: { id: p.id }, query: { per_page: 10 } });
    expect(visitor.status).toBe(200);
    expect(visitor.parsed.data).toHaveLength(slugs.length);
    expect(visitor.parsed.data.every((s) => s.slug === null)).toBe(true);
    const named = (await t.call(ep.signatures, { as: owner, params: { id: p.id }, query: { per_page: 10 } })).parsed.data;
    expect(visitor.parsed.data.map((s) => s.name)).toEqual(named.map((s) => s.name));
    expect((await t.call(ep.signatures, { as: null, params: { id: d.id } })).status).toBe(404);
  });

  it('keeps one signature when the same account signs several times at once', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const signer = await t.session();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.call(ep.sign, { as: signer, params: { id: p.id }, body: {} })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    await settle();
    expect((await t.call(ep.verify, { as: null, params: { id: p.id } })).parsed.data).toMatchObject({
      intact: true,
      length: 1,
      count_matches: true,
      signatures_count: 1,
    });
  });

  describe('group commit (several signers in one statement)', () => {
    /** The principal the access gate resolves for a session (the service is called directly, so the queue sees them in one tick). */
    const principalOf = async (session: UserSession): Promise<Principal> => {
      const resolved = await t.app.get(Authenticator).resolveToken(session.accessToken);
      if (!resolved.ok) throw new Error(`no principal: ${resolved.failure}`);
      return resolved.principal;
    };
    /** Each call's answer: 201 and its receipt, or the status and message of its refusal. */
    const answer = (p: Promise<{ data: SignatureReceipt }>) =>
      p.then(
        (r) => ({ status: 201, receipt: r.data, message: null }),
        (e: unknown) => {
          if (!(e instanceof AppError)) throw e;
          return { status: e.status, receipt: null, message: e.options.message ?? e.code };
        },
      );

    afterEach(() => jest.restoreAllMocks());

    it('stores signers of two petitions in one statement, answers a duplicate and a refused one their own 409, and both logs verify', async () => {
      const service = t.app.get(PetitionSignaturesService);
      const repository = t.app.get(PetitionSignaturesRepository);
      const owner = await t.session();
      const p1 = await published(owner);
      const p2 = await published(owner);
      const closed = await published(owner);
      await t.call(ep.update, { as: owner, params: { id: closed.id }, body: { status: 'closed' } });
      const [lone1, lone2, a, b, c, d, e] = await Promise.all(Array.from({ length: 7 }, () => t.session()));
      // d signed p1 before.
      expect((await t.call(ep.sign, { as: d!, params: { id: p1.id }, body: {} })).status).toBe(201);
      const me = await Promise.all([lone1!, lone2!, a!, b!, c!, d!, e!].map(principalOf));
      const batches = jest.spyOn(repository, 'signMany');

      // One tick: the first two leave alone (two statements in flight), the other six share the next one.
      const answers = await Promise.all(
        (
          [
            [me[0]!, p2.id, false],
            [me[1]!, p2.id, false],
            [me[2]!, p1.id, false],
            [me[3]!, p1.id, true],
            [me[4]!, p2.id, false],
            [me[5]!, p1.id, false],
            [me[2]!, closed.id, false],
            [me[6]!, p2.id, true],
          ] as const
        ).map(([principal, id, anonymous]) => answer(service.sign(principal, id, anonymous))),
      );
      expect(batches.mock.calls.map(([requests]) => requests.length)).toEqual([1, 1, 6]);
      expect(answers.map((x) => x.status)).toEqual([201, 201, 201, 201, 201, 409, 409, 201]);
      expect(answers[5]!.message).toBe('petitions.errors.already_signed');
      expect(answers[6]!.message).toBe('petitions.errors.not_active');
      expect(answers.map((x) => x.receipt?.petition_id ?? null)).toEqual([p2.id, p2.id, p1.id, p1.id, p2.id, null, null, p2.id]);
      expect(answers.map((x) => x.receipt?.anonymous ?? null)).toEqual([false, false, false, true, false, null, null, true]);

      // One log entry per stored signature, none for the refused two; each receipt is its signer's.
      const entries = await logEntries([p1.id, p2.id, closed.id]);
      expect(entries).toHaveLength(7);
      const signatures = await t.db
        .select({ petition_id: schema.petitionSignatures.petition_id, user_id: schema.petitionSignatures.user_id, entry_id: schema.petitionSignatures.log_entry_id })
        .from(schema.petitionSignatures)
        .where(inArray(schema.petitionSignatures.petition_id, [p1.id, p2.id, closed.id]));
      const rows = signatures.map((sig) => ({ ...sig, entry: entries.find((e) => e.id === sig.entry_id) }));
      expect(rows.filter((r) => r.entry)).toHaveLength(7);
      for (const [i, session] of [lone1!, lone2!, a!, b!, c!, e!].entries()) {
        const x = answers[[0, 1, 2, 3, 4, 7][i]!]!.receipt!;
        const receipt = await t.call(ep.receipt, { as: session, params: { id: x.petition_id } });
        expect(receipt.parsed.data).toMatchObject({ entry: x.entry, salt: x.salt, anonymous: x.anonymous });
        const row = rows.find((r) => r.user_id === session.user.id && r.petition_id === x.petition_id)!;
        expect(row.entry).toMatchObject({ signer: x.entry.signer, salt: x.salt, anonymous: x.anonymous, action: 'sign' });
      }

      await settle();
      for (const [id, n] of [
        [p1.id, 3],
        [p2.id, 4],
      ] as const) {
        expect((await t.call(ep.verify, { as: null, params: { id } })).parsed.data).toMatchObject({ intact: true, length: n, count_matches: true, signatures_count: n, pending: 0 });
      }
    });

    it('answers one signed and one duplicate when one account is twice in a statement (the queue keeps them apart anyway)', async () => {
      const owner = await t.session();
      const p = await published(owner);
      const signer = await t.session({ roles: ['student'] });
      const request = { petitionId: p.id, userId: signer.user.id, anonymous: false, profession: 'student' as const, today: osloToday() };
      const outcomes = await t.app.get(PetitionSignaturesRepository).signMany([request, { ...request, anonymous: true }]);
      expect(outcomes.map((o) => o.kind)).toEqual(['signed', 'duplicate']);
      const entries = await logEntries([p.id]);
      expect(entries).toEqual([expect.objectContaining({ profession: 'student', anonymous: false })]);
    });

    it('retries a failed batch signer by signer, so each gets its own answer', async () => {
      const service = t.app.get(PetitionSignaturesService);
      const repository = t.app.get(PetitionSignaturesRepository);
      const owner = await t.session();
      const p = await published(owner);
      const draftPetition = await draft(owner);
      const [lone1, lone2, a, b, c] = await Promise.all(Array.from({ length: 5 }, () => t.session()));
      expect((await t.call(ep.sign, { as: b!, params: { id: p.id }, body: {} })).status).toBe(201);
      const me = await Promise.all([lone1!, lone2!, a!, b!, c!].map(principalOf));
      // Batches of one pass; the grouped statement fails as a whole (as a deadlock or a lost connection would).
      const signMany = repository.signMany.bind(repository);
      jest.spyOn(repository, 'signMany').mockImplementation((requests) => (requests.length > 1 ? Promise.reject(new Error('deadlock detected')) : signMany(requests)));
      const single = jest.spyOn(repository, 'sign');

      const answers = await Promise.all(
        (
          [
            [me[0]!, p.id],
            [me[1]!, p.id],
            [me[2]!, p.id],
            [me[3]!, p.id],
            [me[4]!, draftPetition.id],
          ] as const
        ).map(([principal, id]) => answer(service.sign(principal, id, false))),
      );
      expect(single).toHaveBeenCalledTimes(3);
      expect(answers.map((x) => [x.status, x.message])).toEqual([
        [201, null],
        [201, null],
        [201, null],
        [409, 'petitions.errors.already_signed'],
        // Someone else's draft does not exist for the signer.
        [404, 'NOT_FOUND'],
      ]);
      await settle();
      expect((await t.call(ep.verify, { as: null, params: { id: p.id } })).parsed.data).toMatchObject({ intact: true, length: 4, count_matches: true, signatures_count: 4 });
    });
  });

  it('signs once, counts after the batch, lists named signers, gives a receipt, withdraws as a log entry, and verifies', async () => {
    const owner = await t.session();
    const p = await published(owner, { specialty_ids: [] });
    const a = await t.session({ roles: ['doctor'] });
    const b = await t.session({ roles: ['student'] });
    const signedA = await t.call(ep.sign, { as: a, params: { id: p.id }, body: {} });
    expect(signedA.status).toBe(201);
    expect(signedA.parsed.data).toMatchObject({ anonymous: false, leaf_index: null, entry: { petition_id: p.id, action: 'sign' } });
    expect(signedA.parsed.data.entry.leaf_hash).toMatch(/^[0-9a-f]{64}$/);
    const again = await t.call(ep.sign, { as: a, params: { id: p.id }, body: {}, locale: 'en' });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe('You have already signed this petition.');
    expect((await t.call(ep.sign, { as: b, params: { id: p.id }, body: { anonymous: true } })).status).toBe(201);

    // The signer sees their own signature at once; the count follows with the batch.
    expect((await t.call(ep.show, { as: a, params: { id: p.id } })).parsed.data).toMatchObject({ signed: true });
    await settle();
    const shown = await t.call(ep.show, { as: a, params: { id: p.id } });
    expect(shown.parsed.data).toMatchObject({ signatures_count: 2, signed: true, text_locked: true });
    const signers = await t.call(ep.signatures, { as: owner, params: { id: p.id } });
    expect(signers.parsed.meta.next_cursor).toBeNull();
    expect(signers.parsed.data).toEqual([
      expect.objectContaining({ slug: a.user.slug, profession: 'doctor', verified_as: 'doctor' }),
    ]);
    const receipt = (await t.call(ep.receipt, { as: a, params: { id: p.id } })).parsed.data;
    expect(receipt).toMatchObject({ entry: signedA.parsed.data.entry, salt: signedA.parsed.data.salt });
    expect(receipt.leaf_index).toEqual(expect.any(Number));
    expect(receipt.checkpoint?.tree_size).toBeGreaterThan(receipt.leaf_index!);
    expect((await t.call(ep.receipt, { as: owner, params: { id: p.id } })).status).toBe(404);

    expect((await t.call(ep.withdraw, { as: a, params: { id: p.id } })).status).toBe(204);
    expect((await t.call(ep.withdraw, { as: a, params: { id: p.id } })).status).toBe(404);
    await settle();
    const verified = await t.call(ep.verify, { as: null, params: { id: p.id } });
    expect(verified.parsed.data).toMatchObject({
      intact: true,
      length: 3,
      broken_at: null,
      signature_valid: true,
      count_matches: true,
      signatures_count: 1,
      pending: 0,
    });
    const entries = await t.db.select().from(schema.petitionLogEntries).where(eq(schema.petitionLogEntries.petition_id, p.id));
    expect(entries.map((l) => l.action).sort()).toEqual(['sign', 'sign', 'withdraw']);

    // Tampering with an entry is found.
    const second = entries.filter((e) => e.action === 'sign').sort((x, y) => x.leaf_index! - y.leaf_index!)[1]!;
    await t.db
      .update(schema.petitionLogEntries)
      .set({ created_at: new Date(Date.now() - 86_400_000) })
      .where(eq(schema.petitionLogEntries.id, second.id));
    const broken = await t.call(ep.verify, { as: null, params: { id: p.id } });
    expect(broken.parsed.data).toMatchObject({ intact: false, broken_at: second.leaf_index });

    // Withdrawing after the petition closed is refused.
    await t.call(ep.update, { as: owner, params: { id: p.id }, body: { status: 'closed' } });
    expect((await t.call(ep.withdraw, { as: b, params: { id: p.id } })).status).toBe(409);
  });

  it('folds groups under 5 into one unnamed "other (fewer than 5 each)", and draws a daily curve', async () => {
    const owner = await t.session();
    const p = await published(owner);
    for (let i = 0; i < 6; i += 1) {
      const signer = await t.session({ roles: ['doctor'] });
      await t.db
        .insert(schema.userSpecialties)
        .values({ user_id: signer.user.id, specialty_id: fx.specialty.id });
      await t.db
        .update(schema.userInfo)
        .set({ county_id: fx.county.id })
        .where(eq(schema.userInfo.user_id, signer.user.id));
      await t.call(ep.sign, { as: signer, params: { id: p.id }, body: {} });
    }
    const student = await t.session({ roles: ['student'] });
    await t.call(ep.sign, { as: student, params: { id: p.id }, body: {} });
    await settle();
    const stats = (await t.call(ep.show, { as: null, params: { id: p.id }, locale: 'en' })).parsed.data
      .statistics;
    // Groups under 5 are never named: one "other (fewer than 5 each)".
    expect(stats.by_profession).toEqual([
      { key: 'doctor', name: 'Doctor', count: 6 },
      { key: 'other_small', name: 'Other (fewer than 5 each)', count: null },
    ]);
    expect(stats.by_specialty).toEqual([
      { key: String(fx.specialty.id), name: `Internal medicine ${token}`, count: 6 },
      { key: 'other_small', name: 'Other (fewer than 5 each)', count: null },
    ]);
    expect(stats.by_county[0]).toEqual({ key: String(fx.county.id), name: `East County ${token}`, count: 6 });
    expect(stats.daily).toEqual([{ day: osloToday(), count: 7 }]);
  });

  it('never names nor isolates an anonymous "gynaecologist in Vestfold": anonymous signers enter the statistics five at once', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const [gyn] = await t.db.insert(schema.specialties).values({ code: `gyn-${token}`, name: { no: `Gynekologi ${token}`, en: `Gynaecology ${token}` } }).returning();
    const [vestfold] = await t.db.insert(schema.counties).values({ code: `vf-${token}`, name: { no: `Vestfold ${token}`, en: `Vestfold ${token}` } }).returning();
    const signer = async (specialty: number, county: number, anonymous: boolean) => {
      const me = await t.session({ roles: ['doctor'] });
      await t.db.insert(schema.userSpecialties).values({ user_id: me.user.id, specialty_id: specialty });
      await t.db.update(schema.userInfo).set({ county_id: county }).where(eq(schema.userInfo.user_id, me.user.id));
      expect((await t.call(ep.sign, { as: me, params: { id: p.id }, body: { anonymous } })).status).toBe(201);
      return me;
    };
    const snapshot = async () => {
      await settle();
      const shown = (await t.call(ep.show, { as: null, params: { id: p.id }, locale: 'en' })).parsed.data;
      const text = JSON.stringify(shown.statistics);
      expect(text).not.toContain('Gynaecology');
      expect(text).not.toContain('Vestfold');
      return { total: shown.signatures_count, stats: shown.statistics };
    };
    const internal = { key: String(fx.specialty.id), name: `Internal medicine ${token}` };
    const east = { key: String(fx.county.id), name: `East County ${token}` };
    const other = { key: 'other_small', name: 'Other (fewer than 5 each)' };
    for (let i = 0; i < 6; i += 1) await signer(fx.specialty.id, fx.county.id, false);
    const before = await snapshot();
    expect(before.total).toBe(6);

    // The known person signs anonymously, from a specialty and a county nobody else signed from. The
    // total counts them at once (it says that someone signed, not who); no split, no day changes.
    await signer(gyn!.id, vestfold!.id, true);
    const after = await snapshot();
    expect(after.total).toBe(7);
    expect(after.stats).toEqual(before.stats);

    // Three more anonymous signers (internal medicine, East): still nothing moves.
    for (let i = 0; i < 3; i += 1) await signer(fx.specialty.id, fx.county.id, true);
    const four = await snapshot();
    expect(four.total).toBe(10);
    expect(four.stats).toEqual(before.stats);
    // A named signer counts at once, alone (their name is on the list).
    await signer(fx.specialty.id, fx.county.id, false);
    const named = await snapshot();
    expect(named.stats.by_specialty).toEqual([{ ...internal, count: 7 }]);
    expect(named.stats.daily).toEqual([{ day: osloToday(), count: 7 }]);

    // The fifth anonymous signer: all five enter together, in every split and the daily curve.
    await signer(fx.specialty.id, fx.county.id, true);
    const five = await snapshot();
    expect(five.total).toBe(12);
    expect(five.stats.by_profession).toEqual([{ key: 'doctor', name: 'Doctor', count: 12 }]);
    expect(five.stats.by_specialty).toEqual([{ ...internal, count: 11 }, { ...other, count: null }]);
    expect(five.stats.by_county).toEqual([{ ...east, count: 11 }, { ...other, count: null }]);
    expect(five.stats.daily).toEqual([{ day: osloToday(), count: 12 }]);

    // The nightly reconciliation agrees with the batches: nothing to correct for this petition.
    await t.app.get(PetitionSignaturesService).reconcile('nightly');
    const corrections = await t.db.select().from(schema.petitionCountCorrections).where(eq(schema.petitionCountCorrections.petition_id, p.id));
    expect(corrections).toEqual([]);
  });

  it('takes anonymous withdrawals into the statistics with the next five signers, and a sign-and-withdraw pair counts for none', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const signers = [];
    for (let i = 0; i < 5; i += 1) {
      const me = await t.session({ roles: ['doctor'] });
      expect((await t.call(ep.sign, { as: me, params: { id: p.id }, body: { anonymous: true } })).status).toBe(201);
      signers.push(me);
    }
    const profession = async () => {
      await settle();
      const shown = (await t.call(ep.show, { as: null, params: { id: p.id }, locale: 'en' })).parsed.data;
      return { total: shown.signatures_count, doctors: shown.statistics.by_profession.find((g) => g.key === 'doctor')?.count ?? 0 };
    };
    expect(await profession()).toEqual({ total: 5, doctors: 5 });
    // One of the five withdraws: the total at once, the statistics not yet.
    expect((await t.call(ep.withdraw, { as: signers[0]!, params: { id: p.id } })).status).toBe(204);
    expect(await profession()).toEqual({ total: 4, doctors: 5 });
    // Someone signs and withdraws again and again: each pair cancels out and counts for none of the five.
    const churn = await t.session({ roles: ['doctor'] });
    for (let i = 0; i < 3; i += 1) {
      expect((await t.call(ep.sign, { as: churn, params: { id: p.id }, body: { anonymous: true } })).status).toBe(201);
      expect((await t.call(ep.withdraw, { as: churn, params: { id: p.id } })).status).toBe(204);
    }
    for (let i = 0; i < 4; i += 1) {
      expect((await t.call(ep.sign, { as: await t.session({ roles: ['doctor'] }), params: { id: p.id }, body: { anonymous: true } })).status).toBe(201);
    }
    expect(await profession()).toEqual({ total: 8, doctors: 5 });
    expect((await t.call(ep.sign, { as: await t.session({ roles: ['doctor'] }), params: { id: p.id }, body: { anonymous: true } })).status).toBe(201);
    // Five new signers: they enter with the withdrawal and the pairs (5 - 1 + 5 = 9).
    expect(await profession()).toEqual({ total: 9, doctors: 9 });
    await t.app.get(PetitionSignaturesService).reconcile('nightly');
    expect(await t.db.select().from(schema.petitionCountCorrections).where(eq(schema.petitionCountCorrections.petition_id, p.id))).toEqual([]);
  });

  it('notifies the owner at milestones through the outbox, once each, and freezes the snapshot at the goal', async () => {
    const owner = await t.session();
    const p = await published(owner, { signature_goal: 10 });
    await signedBy(p.id, 10);
    await settleJobs(t);
    const notes = await t.db
      .select()
      .from(schema.notifications)
      .where(
        and(
          eq(schema.notifications.user_id, owner.user.id),
          eq(schema.notifications.kind, 'petition_milestone'),
        ),
      );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.data).toMatchObject({ count: 10 });
    const shown = await t.call(ep.show, { as: owner, params: { id: p.id } });
    expect(shown.parsed.data.delivered).toMatchObject({ count: 10 });
    // A later delivery is refused: the snapshot is frozen.
    expect((await t.call(ep.deliver, { as: owner, params: { id: p.id } })).status).toBe(409);
  });
});

describe('delivery and answer', () => {
  it('freezes the delivered count and notifies every signer of the answer', async () => {
    const owner = await t.session();
    const p = await published(owner, { signature_goal: null });
    const signer = await t.session();
    await t.call(ep.sign, { as: signer, params: { id: p.id }, body: {} });
    const delivered = await t.call(ep.deliver, { as: owner, params: { id: p.id } });
    expect(delivered.parsed.data.delivered).toMatchObject({ count: 1 });
    await t.call(ep.withdraw, { as: signer, params: { id: p.id } });
    await settle();
    expect((await t.call(ep.show, { as: owner, params: { id: p.id } })).parsed.data).toMatchObject({
      signatures_count: 0,
      delivered: { count: 1 },
    });
    const signer2 = await t.session();
    await t.call(ep.sign, { as: signer2, params: { id: p.id }, body: {} });
    const answered = await t.call(ep.answer, {
      as: owner,
      params: { id: p.id },
      body: { answer: 'Departementet svarer.' },
    });
    expect(answered.parsed.data.answer).toBe('Departementet svarer.');
    await settleJobs(t);
    const notes = await t.db
      .select()
      .from(schema.notifications)
      .where(
        and(
          eq(schema.notifications.user_id, signer2.user.id),
          eq(schema.notifications.kind, 'petition_answer'),
        ),
      );
    expect(notes).toHaveLength(1);
    expect(
      (await t.call(ep.answer, { as: owner, params: { id: p.id }, body: invalid({ answer: '' }) })).status,
    ).toBe(422);
  });
});

describe('reminders', () => {
  it('tells bookmarkers a day before the end and the initiator when it has ended, once each', async () => {
    const owner = await t.session();
    const p = await published(owner, { end_date: day(1) });
    const reader = await t.session();
    await t.call(ep.bookmark, { as: reader, params: { id: p.id } });
    const reminders = t.app.get(PetitionRemindersService);
    await reminders.run();
    await reminders.run();
    // Two days later it has ended (end date yesterday).
    await reminders.run(new Date(Date.now() + 2 * 86_400_000));
    await reminders.run(new Date(Date.now() + 2 * 86_400_000));
    await settleJobs(t);
    const kinds = async (userId: number) =>
      (
        await t.db
          .select()
          .from(schema.notifications)
          .where(and(eq(schema.notifications.user_id, userId), eq(schema.notifications.entity_id, p.id)))
      ).map((n) => n.kind);
    expect(await kinds(reader.user.id)).toEqual(['petition_ending']);
    expect(await kinds(owner.user.id)).toEqual(['petition_ended']);
  });
});

describe('account erasure', () => {
  it('removes the signature as a withdrawal entry: the count drops and the log still verifies', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const leaving = await t.session();
    await t.call(ep.sign, { as: leaving, params: { id: p.id }, body: {} });
    await signedBy(p.id, 1);
    await t.app.get(AccountDataService).erase(leaving.user.id, 'test', new Date());
    await settle();
    const verified = await t.call(ep.verify, { as: null, params: { id: p.id } });
    expect(verified.parsed.data).toMatchObject({
      intact: true,
      length: 3,
      signatures_count: 1,
      count_matches: true,
    });
    expect(
      await t.db
        .select()
        .from(schema.petitionSignatures)
        .where(eq(schema.petitionSignatures.user_id, leaving.user.id)),
    ).toEqual([]);
  });
});
