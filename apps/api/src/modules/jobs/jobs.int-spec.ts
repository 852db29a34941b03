import { jobEndpoints as ep, osloMidnight, osloToday } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { type BodyIn, type Caller, invalid } from '../../../test/call';
import { fileRows } from '../../../test/files';
import { insertReferenceFixtures } from '../../../test/fixtures';

type Fixtures = Awaited<ReturnType<typeof insertReferenceFixtures>>;

let t: TestApp;
let fx: Fixtures;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = uniqueToken();
  fx = await insertReferenceFixtures(t.db, token);
});
afterAll(async () => {
  await t.close();
});

const day = (offset: number) => {
  const d = new Date(`${osloToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

type JobBody = BodyIn<typeof ep.create>;

const jobBody = (overrides: Partial<JobBody> = {}): JobBody => ({
  title: `Overlege kardiologi ${token}`,
  job_category_id: fx.jobCategory.id,
  position_type: 'full_time',
  description: `Vi søker en engasjert overlege ${token}.`,
  specialty_ids: [fx.specialty.id],
  workplace_type: 'hospital',
  hospital_id: fx.hospital.id,
  work_address: 'Sykehusveien 1',
  address_line: 'Bygg A',
  postal_code: '0450',
  city_area: 'Oslo',
  city_id: fx.city.id,
  county_id: fx.county.id,
  contact_person: 'Kari Nordmann',
  phone: '+47 22 11 22 33',
  recruiting_link: 'https://jobb.example.no/123',
  application_deadline: day(30),
  hiring_date: day(60),
  company_name: `Helse ${token} HF`,
  organisation_number: '974703300',
  ...overrides,
});

async function createJob(me: Caller, overrides: Partial<JobBody> = {}) {
  const res = await t.call(ep.create, { as: me, body: jobBody(overrides) });
  expect(res.status).toBe(201);
  return res.parsed.data;
}

/** Moves a job's deadline into the past directly (the API refuses that on create). */
async function expire(id: number) {
  await t.db.update(schema.jobs).set({ application_deadline: day(-3) }).where(eq(schema.jobs.id, id));
}

describe('publishing and editing jobs', () => {
  it('creates a job with every field, shows it, edits it and closes it', async () => {
    const me = await t.session();
    const job = await createJob(me);
    expect(job).toMatchObject({
      title: `Overlege kardiologi ${token}`,
      position_type: 'full_time',
      postal_code: '0450',
      organisation_number: '974703300',
      county: { id: fx.county.id },
      city: { id: fx.city.id },
      hospital: { id: fx.hospital.id },
      job_category: { id: fx.jobCategory.id },
      specialities: [{ id: fx.specialty.id }],
      status: 'published',
      is_archived: false,
      can_edit: true,
      company_logo: null,
      partner_company: null,
    });

    const shown = (await t.call(ep.show, { as: me, params: { id: job.id } })).parsed.data;
    expect(shown.title).toBe(job.title);

    const edited = await t.call(ep.update, { as: me, params: { id: job.id }, body: jobBody({ title: `Endret ${token}`, specialty_ids: [] }) });
    expect(edited.status).toBe(200);
    expect(edited.parsed.data).toMatchObject({ title: `Endret ${token}`, specialities: [] });

    const closed = await t.call(ep.close, { as: me, params: { id: job.id } });
    expect(closed.status).toBe(200);
    expect(closed.parsed.data).toMatchObject({ status: 'closed', is_archived: true });

    const current = (await t.call(ep.myList, { as: me })).parsed;
    const past = (await t.call(ep.myList, { as: me, query: { status: 'past' } })).parsed;
    expect(current.data.map((j) => j.id)).not.toContain(job.id);
    expect(past.data.map((j) => j.id)).toContain(job.id);
    expect((await t.call(ep.myShow, { as: me, params: { id: job.id } })).parsed.data.id).toBe(job.id);
  });

  it('refuses bad input with localised 422 per field', async () => {
    const me = await t.session();
    const res = await t.call(ep.create, {
      as: me,
      body: invalid({
        ...jobBody(),
        title: '',
        position_type: 'part_time',
        postal_code: '123',
        organisation_number: '974703301',
        recruiting_link: 'http://jobb.example.no',
        application_deadline: day(-1),
      }),
      locale: 'no',
    });
    expect(res.status).toBe(422);
    const body = res.validation;
    expect(Object.keys(body.errors).sort()).toEqual(['organisation_number', 'position_type', 'postal_code', 'recruiting_link', 'title']);
    expect(body.errors.postal_code).toEqual(['Postnummeret må ha fire sifre.']);

    const past = await t.call(ep.create, { as: me, body: jobBody({ application_deadline: day(-1) }), locale: 'en' });
    expect(past.status).toBe(422);
    expect(past.validation.errors.application_deadline).toEqual(['The date cannot be in the past.']);

    const unknown = await t.call(ep.create, { as: me, body: jobBody({ county_id: 987654321, specialty_ids: [fx.specialty.id, 987654321] }) });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.validation.errors).sort()).toEqual(['county_id', 'specialty_ids']);

    expect((await t.call(ep.create, { as: me, body: invalid({ title: 'x' }) })).status).toBe(422);
    expect((await t.call(ep.list, { as: me, query: invalid({ county: 'abc' }) })).status).toBe(422);
    expect((await t.call(ep.list, { as: me, query: invalid({ per_page: 500 }) })).status).toBe(422);
    expect((await t.call(ep.show, { as: me, params: invalid({ id: 'abc' }) })).status).toBe(422);
  });

  it('keeps an expired deadline on edit but refuses moving it into the past', async () => {
    const me = await t.session();
    const job = await createJob(me);
    await expire(job.id);
    const same = await t.call(ep.update, { as: me, params: { id: job.id }, body: jobBody({ application_deadline: day(-3) }) });
    expect(same.status).toBe(200);
    const moved = await t.call(ep.update, { as: me, params: { id: job.id }, body: jobBody({ application_deadline: day(-5) }) });
    expect(moved.status).toBe(422);
  });

  it('lets managers of the company edit, hides others behind 404', async () => {
    const owner = await t.session();
    const manager = await t.session();
    const stranger = await t.session();
    const company = await createCompany(t.db, { managers: [owner.user.id, manager.user.id] });
    const job = await createJob(owner, { partner_company_id: company.id });
    expect(job.partner_company).toMatchObject({ id: company.id, name: company.name });

    expect((await t.call(ep.myShow, { as: manager, params: { id: job.id } })).status).toBe(200);
    expect((await t.call(ep.update, { as: manager, params: { id: job.id }, body: jobBody({ partner_company_id: company.id }) })).status).toBe(200);

    for (const [endpoint, body] of [
      [ep.myShow, undefined],
      [ep.update, jobBody()],
      [ep.close, undefined],
      [ep.deleteLogo, undefined],
    ] as const) {
      expect((await t.call(endpoint, { as: stranger, params: { id: job.id }, body })).status).toBe(404);
    }
    // The stranger still sees it on the board, without the right to edit.
    const seen = (await t.call(ep.show, { as: stranger, params: { id: job.id } })).parsed.data;
    expect(seen.can_edit).toBe(false);

    // Posting for a company one does not manage.
    const bad = await t.call(ep.create, { as: stranger, body: jobBody({ partner_company_id: company.id }), locale: 'en' });
    expect(bad.status).toBe(422);
    expect(bad.validation.errors.partner_company_id).toEqual(['You do not manage this company.']);
  });

  it('posts for the active business profile', async () => {
    const user = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [user.id] });
    const me = await tokenFor(t, user, { actAs: company.id });
    const job = await createJob(me);
    expect(job.partner_company?.id).toBe(company.id);
  });

  it('answers 404 for jobs that do not exist', async () => {
    const me = await t.session();
    for (const endpoint of [ep.show, ep.markAsViewed, ep.myShow, ep.close]) {
      expect((await t.call(endpoint, { as: me, params: { id: 999999999 } })).status).toBe(404);
    }
    expect((await t.call(ep.update, { as: me, params: { id: 999999999 }, body: jobBody() })).status).toBe(404);
  });
});

describe('the jobs board', () => {
  it('lists current jobs first, archived appended, total rounded to ten, show_old answers the last page', async () => {
    const me = await t.session();
    const word = `liste${uniqueToken()}`;
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createJob(me, { title: `Fastlege ${word} ${i}` }));
    await expire(made[0]!.id);
    await t.call(ep.close, { as: me, params: { id: made[1]!.id } });

    const page = (await t.call(ep.list, { as: me, query: { search: word, per_page: 3 } })).parsed;
    expect(page.meta).toEqual({ current_page: 1, last_page: 4, per_page: 3, total: 10 });
    expect(page.data.map((j) => j.id)).toEqual([made[3]!.id, made[2]!.id, made[1]!.id]);
    expect(page.data.map((j) => j.is_archived)).toEqual([false, false, true]);

    const second = (await t.call(ep.list, { as: me, query: { search: word, per_page: 3, page: 2 } })).parsed;
    expect(second.data.map((j) => j.id)).toEqual([made[0]!.id]);

    const old = (await t.call(ep.list, { as: me, query: { search: word, per_page: 3, show_old: '1' } })).parsed;
    expect(old.meta.current_page).toBe(2);
    expect(old.data.map((j) => j.id)).toEqual([made[0]!.id]);

    const archived = (await t.call(ep.archived, { as: me, query: { search: word } })).parsed;
    expect(archived.data.map((j) => j.id).sort()).toEqual([made[0]!.id, made[1]!.id].sort());
    expect(archived.meta.total).toBe(2);
  });

  it('filters by county, category, workplace, speciality and Norwegian full text', async () => {
    const me = await t.session();
    const word = `filter${uniqueToken()}`;
    const hospitalJob = await createJob(me, { title: `Sykehuslege ${word}`, county_id: fx.county.id });
    const gpJob = await createJob(me, {
      title: `Fastlegevikar ${word}`,
      county_id: fx.otherCounty.id,
      workplace_type: 'general_practice',
      hospital_id: null,
      clinic_id: fx.clinic.id,
      job_category_id: null,
      specialty_ids: [],
      company_name: `Legesenteret ${word}`,
      description: 'Travel praksis med hyggelige kolleger.',
    });
    const ids = async (query: object) =>
      (await t.call(ep.list, { as: me, query: { search: word, ...query } })).parsed.data.map((j) => j.id);
    expect(await ids({})).toEqual([gpJob.id, hospitalJob.id]);
    expect(await ids({ county: fx.county.id })).toEqual([hospitalJob.id]);
    expect(await ids({ county: fx.otherCounty.id })).toEqual([gpJob.id]);
    expect(await ids({ category: fx.jobCategory.id })).toEqual([hospitalJob.id]);
    expect(await ids({ workplace: 'general_practice' })).toEqual([gpJob.id]);
    expect(await ids({ speciality: fx.specialty.id })).toEqual([hospitalJob.id]);
    // Stemming: "kollega" finds "kolleger" in the description; the company name is searched too.
    const stem = (await t.call(ep.list, { as: me, query: { search: `${word} kollega` } })).parsed.data;
    expect(stem.map((j) => j.id)).toEqual([gpJob.id]);
    const company = (await t.call(ep.list, { as: me, query: { search: `Legesenteret ${word}` } })).parsed.data;
    expect(company.map((j) => j.id)).toEqual([gpJob.id]);
    // Odd search syntax is not an error.
    expect((await t.call(ep.list, { as: me, query: { search: '"( & ! :*' } })).status).toBe(200);
  });

  it('hides jobs with a future publishing date from others until then', async () => {
    const owner = await t.session();
    const other = await t.session();
    const job = await createJob(owner, { published_on: day(5) });
    // Midnight in Oslo that day, whether it falls in winter or summer time.
    expect(job.published_at).toBe(osloMidnight(day(5)).toISOString());
    expect((await t.call(ep.show, { as: other, params: { id: job.id } })).status).toBe(404);
    expect((await t.call(ep.show, { as: owner, params: { id: job.id } })).status).toBe(200);
  });

  it('counts a view once per user', async () => {
    const owner = await t.session();
    const viewer = await t.session();
    const job = await createJob(owner);
    const first = (await t.call(ep.markAsViewed, { as: viewer, params: { id: job.id } })).parsed.data;
    const again = (await t.call(ep.markAsViewed, { as: viewer, params: { id: job.id } })).parsed.data;
    const other = (await t.call(ep.markAsViewed, { as: owner, params: { id: job.id } })).parsed.data;
    expect([first, again, other]).toEqual([
      { id: job.id, views_count: 1, counted: true },
      { id: job.id, views_count: 1, counted: false },
      { id: job.id, views_count: 2, counted: true },
    ]);
  });
});

describe('company logo', () => {
  const png = () => sharp({ create: { width: 300, height: 120, channels: 3, background: { r: 10, g: 90, b: 200 } } }).png().toBuffer();
  const upload = (as: Caller, id: number, buffer: Buffer, name = 'logo.png') =>
    t.call(ep.uploadLogo, { as, params: { id }, files: { logo: { buffer, name } }, locale: 'en' });

  it('uploads, replaces and removes a logo; refuses non-images and strangers', async () => {
    const owner = await t.session();
    const stranger = await t.session();
    const job = await createJob(owner);
    const res = await upload(owner, job.id, await png());
    expect(res.status).toBe(200);
    const logo = res.parsed.data.company_logo;
    expect(logo).toMatch(/^\/api\/files\/.+\.webp$/);
    expect((await fileRows(t.db, logo!)).map((r) => [r.kind, r.variant, r.owner_user_id])).toEqual([
      ['job_logo', 'lg', owner.user.id],
      ['job_logo', 'sm', owner.user.id],
    ]);
    // A new logo replaces the old one: its rows (and objects) go.
    const replaced = (await upload(owner, job.id, await png())).parsed.data.company_logo!;
    expect(replaced).not.toBe(logo);
    expect(await fileRows(t.db, logo!)).toEqual([]);
    expect((await t.http.get(logo!)).status).toBe(404);
    expect((await t.http.get(replaced)).status).toBe(200);
    const text = await upload(owner, job.id, Buffer.from('not an image at all'), 'evil.png');
    expect(text.status).toBe(422);
    expect(text.validation.errors.logo).toBeDefined();
    expect((await upload(stranger, job.id, await png())).status).toBe(404);
    expect((await upload(null, job.id, await png())).status).toBe(401);
    const removed = await t.call(ep.deleteLogo, { as: owner, params: { id: job.id } });
    expect(removed.parsed.data.company_logo).toBeNull();
    expect(await fileRows(t.db, replaced)).toEqual([]);
  });
});

describe('access', () => {
  const everyEndpoint = () =>
    [
      [ep.list, undefined],
      [ep.archived, undefined],
      [ep.show, { id: 1 }],
      [ep.markAsViewed, { id: 1 }],
      [ep.myList, undefined],
      [ep.myShow, { id: 1 }],
      [ep.create, undefined],
      [ep.update, { id: 1 }],
      [ep.close, { id: 1 }],
      [ep.deleteLogo, { id: 1 }],
    ] as const;

  it('answers 401 to anonymous callers on every endpoint', async () => {
    for (const [endpoint, params] of everyEndpoint()) {
      expect([endpoint.path, (await t.call(endpoint, { as: null, params, body: jobBody() })).status]).toEqual([endpoint.path, 401]);
    }
  });

  it('answers 403 account_not_approved to accounts awaiting approval', async () => {
    const me = await t.session({ status: 'awaiting_approval', approvedHrp: 0 });
    for (const [endpoint, params] of everyEndpoint()) {
      const res = await t.call(endpoint, { as: me, params, body: jobBody() });
      expect([endpoint.path, res.status, res.error.reason]).toEqual([endpoint.path, 403, 'account_not_approved']);
    }
  });

  it('lets students read jobs but not publish, edit or close them', async () => {
    const owner = await t.session();
    const job = await createJob(owner);
    const me = await t.session({ roles: ['student'] });
    expect((await t.call(ep.list, { as: me })).status).toBe(200);
    expect((await t.call(ep.show, { as: me, params: { id: job.id } })).status).toBe(200);
    for (const [endpoint, params] of [
      [ep.create, undefined],
      [ep.update, { id: job.id }],
      [ep.close, { id: job.id }],
      [ep.deleteLogo, { id: job.id }],
    ] as const) {
      const res = await t.call(endpoint, { as: me, params, body: jobBody() });
      expect([endpoint.path, res.status, res.error.reason]).toEqual([endpoint.path, 403, 'missing_permission']);
    }
  });
});
