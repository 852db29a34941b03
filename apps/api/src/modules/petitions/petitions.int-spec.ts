import { type Endpoint, petitionEndpoints as ep, postEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { type Caller, invalid } from '../../../test/call';
import { type Fixtures, petitionsSuite } from '../../../test/petitions';

let t: TestApp;
let fx: Fixtures;
let token: string;
let categoryId: number;
const { day, draftBody, draft, published, signedBy } = petitionsSuite((s) => {
  ({ t, fx, token, categoryId } = s);
});

/** Petitions: drafts, the transition table, access, lists (the signatures and authors have their own specs). */
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

  it('refuses a national identity number in the title, summary or full text on that field, in the caller\'s language', async () => {
    const me = await t.session();
    // Written as copied from a patient record: a non-breaking space, and the date with dots.
    const no = await t.call(ep.create, { as: me, body: draftBody({ summary: 'Gjelder pasient 150384\u00a010099.' }) });
    expect(no.status).toBe(422);
    expect(no.validation.errors).toEqual({ summary: ['Dette ser ut som et fødselsnummer. Fjern nummeret før du sender.'] });
    const en = await t.call(ep.create, {
      as: me,
      body: draftBody({ title: 'Om 15.03.84 10099', full_text: 'Betal til 01019012480' }),
      locale: 'en',
    });
    expect(en.status).toBe(422);
    expect(en.validation.errors).toEqual({
      title: ['This looks like a national identity number (fødselsnummer). Remove the number before you send.'],
      full_text: [
        'This looks like a national identity number (fødselsnummer). Remove the number before you send. Is it a bank account number? Write it with dots: 1234.56.78903',
      ],
    });
    // An account number in its usual grouping passes.
    expect((await t.call(ep.create, { as: me, body: draftBody({ summary: 'Gaver til 0101.90.12480.' }) })).status).toBe(201);
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
      [ep.receipt, (as) => t.call(ep.receipt, { as, params: { id: p.id } })],
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
