import { osloToday, petitionEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { createTestApp, type TestApp, uniqueToken } from './app';
import { type BodyIn, type Caller } from './call';
import { insertReferenceFixtures } from './fixtures';
import { PetitionLogService } from '../src/modules/petitions/petition-log.service';
import { PetitionSignaturesService } from '../src/modules/petitions/petition-signatures.service';

/**
 * The set-up the petitions integration specs share (one app per spec file): reference fixtures, a
 * petition category and helpers to make drafts, publish, sign and settle the log's jobs.
 */
export type Fixtures = Awaited<ReturnType<typeof insertReferenceFixtures>>;
export type CreateBody = BodyIn<typeof ep.create>;

export interface PetitionsSuite {
  t: TestApp;
  fx: Fixtures;
  token: string;
  categoryId: number;
}

export function petitionsSuite(ready: (s: PetitionsSuite) => void) {
  let s: PetitionsSuite;
  beforeAll(async () => {
    const t = await createTestApp();
    const token = uniqueToken();
    const fx = await insertReferenceFixtures(t.db, token);
    const [category] = await t.db
      .insert(schema.categories)
      .values({ code: `pc-${token}`, type: 'petition', name: { no: `Arbeidsvilkår ${token}`, en: `Working conditions ${token}` } })
      .returning();
    s = { t, fx, token, categoryId: category!.id };
    ready(s);
  });
  afterAll(async () => {
    await s.t.close();
  });

  const day = (offset: number) => {
    const d = new Date(`${osloToday()}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };

  const draftBody = (overrides: Partial<CreateBody> = {}): CreateBody => ({
    title: `Forsvarlig arbeidstid ${s.token}`,
    summary: 'Leger i spesialisering trenger forsvarlige arbeidsplaner.',
    full_text: 'Vi krever at helseforetakene følger arbeidsmiljøloven.',
    category_id: s.categoryId,
    specialty_ids: [s.fx.specialty.id],
    end_date: day(30),
    signature_goal: 100,
    recipient: 'Helse- og omsorgsdepartementet',
    ...overrides,
  });

  async function draft(me: Caller, overrides: Partial<CreateBody> = {}) {
    const res = await s.t.call(ep.create, { as: me, body: draftBody(overrides) });
    expect(res.status).toBe(201);
    return res.parsed.data;
  }

  async function published(me: Caller, overrides: Partial<CreateBody> = {}) {
    const d = await draft(me, overrides);
    const res = await s.t.call(ep.update, { as: me, params: { id: d.id }, body: { visibility: 'open' } });
    expect(res.status).toBe(200);
    return res.parsed.data;
  }

  /** What the sequencer and the counter job do within ~2 s, now: every entry in a checkpoint and counted. */
  const settle = async () => {
    await s.t.app.get(PetitionLogService).flush();
    await s.t.app.get(PetitionSignaturesService).count();
  };

  const signedBy = async (petitionId: number, n: number) => {
    for (let i = 0; i < n; i += 1) {
      const signer = await s.t.session();
      expect((await s.t.call(ep.sign, { as: signer, params: { id: petitionId }, body: {} })).status).toBe(201);
    }
    await settle();
  };

  return { day, draftBody, draft, published, settle, signedBy };
}
