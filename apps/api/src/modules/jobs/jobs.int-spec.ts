import { buildPath, type Endpoint, ErrorBodySchema, jobEndpoints as ep, ValidationErrorBodySchema } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { bearer, createCompany, createUser, tokenFor } from '../../../test/auth';
import { fileRows } from '../../../test/files';
import { insertReferenceFixtures } from '../../../test/fixtures';
import { osloMidnight, osloToday } from './oslo-date';

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

async function session(options: Parameters<typeof createUser>[1] = {}, actAs?: number) {
  const user = await createUser(t.db, options);
  return { user, auth: bearer(await tokenFor(t, user, { actAs })) };
}

function call(
  endpoint: Endpoint,
  auth: string | null,
  opts: { params?: Record<string, string | number>; body?: object; query?: object; locale?: string } = {},
) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  let req = t.http[method](`/api${buildPath(endpoint.path, opts.params)}`).set('X-localization', opts.locale ?? 'en');
  if (auth) req = req.set('Authorization', auth);
  if (opts.query) req = req.query(opts.query);
  return opts.body ? req.send(opts.body) : req;
}

const day = (offset: number) => {
  const d = new Date(`${osloToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const jobBody = (overrides: object = {}) => ({
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

async function createJob(auth: string, overrides: object = {}) {
  const res = await call(ep.create, auth, { body: jobBody(overrides) });
  expect(res.status).toBe(201);
  return ep.create.response.parse(res.body).data;
}

/** Moves a job's deadline into the past directly (the API refuses that on create). */
async function expire(id: number) {
  await t.db.update(schema.jobs).set({ application_deadline: day(-3) }).where(eq(schema.jobs.id, id));
}

describe('publishing and editing jobs', () => {
  it('creates a job with every field, shows it, edits it and closes it', async () => {
    const { auth } = await session();
    const job = await createJob(auth);
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

    const shown = ep.show.response.parse((await call(ep.show, auth, { params: { id: job.id } })).body).data;
    expect(shown.title).toBe(job.title);

    const edited = await call(ep.update, auth, { params: { id: job.id }, body: jobBody({ title: `Endret ${token}`, specialty_ids: [] }) });
    expect(edited.status).toBe(200);
    expect(ep.update.response.parse(edited.body).data).toMatchObject({ title: `Endret ${token}`, specialities: [] });

    const closed = await call(ep.close, auth, { params: { id: job.id } });
    expect(closed.status).toBe(200);
    expect(ep.close.response.parse(closed.body).data).toMatchObject({ status: 'closed', is_archived: true });

    const current = ep.myList.response.parse((await call(ep.myList, auth)).body);
    const past = ep.myList.response.parse((await call(ep.myList, auth, { query: { status: 'past' } })).body);
    expect(current.data.map((j) => j.id)).not.toContain(job.id);
    expect(past.data.map((j) => j.id)).toContain(job.id);
    expect(ep.myShow.response.parse((await call(ep.myShow, auth, { params: { id: job.id } })).body).data.id).toBe(job.id);
  });

  it('refuses bad input with localised 422 per field', async () => {
    const { auth } = await session();
    const res = await call(ep.create, auth, {
      body: jobBody({
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
    const body = ValidationErrorBodySchema.parse(res.body);
    expect(Object.keys(body.errors).sort()).toEqual(['organisation_number', 'position_type', 'postal_code', 'recruiting_link', 'title']);
    expect(body.errors.postal_code).toEqual(['Postnummeret må ha fire sifre.']);

    const past = await call(ep.create, auth, { body: jobBody({ application_deadline: day(-1) }) });
    expect(past.status).toBe(422);
    expect(ValidationErrorBodySchema.parse(past.body).errors.application_deadline).toEqual(['The date cannot be in the past.']);

    const unknown = await call(ep.create, auth, { body: jobBody({ county_id: 987654321, specialty_ids: [fx.specialty.id, 987654321] }) });
    expect(unknown.status).toBe(422);
    expect(Object.keys(ValidationErrorBodySchema.parse(unknown.body).errors).sort()).toEqual(['county_id', 'specialty_ids']);

    expect((await call(ep.create, auth, { body: { title: 'x' } })).status).toBe(422);
    expect((await call(ep.list, auth, { query: { county: 'abc' } })).status).toBe(422);
    expect((await call(ep.list, auth, { query: { per_page: 500 } })).status).toBe(422);
    expect((await call(ep.show, auth, { params: { id: 'abc' } })).status).toBe(422);
  });

  it('keeps an expired deadline on edit but refuses moving it into the past', async () => {
    const { auth } = await session();
    const job = await createJob(auth);
    await expire(job.id);
    const same = await call(ep.update, auth, { params: { id: job.id }, body: jobBody({ application_deadline: day(-3) }) });
    expect(same.status).toBe(200);
    const moved = await call(ep.update, auth, { params: { id: job.id }, body: jobBody({ application_deadline: day(-5) }) });
    expect(moved.status).toBe(422);
  });

  it('lets managers of the company edit, hides others behind 404', async () => {
    const owner = await session();
    const manager = await session();
    const stranger = await session();
    const company = await createCompany(t.db, { managers: [owner.user.id, manager.user.id] });
    const job = await createJob(owner.auth, { partner_company_id: company.id });
    expect(job.partner_company).toMatchObject({ id: company.id, name: company.name });

    expect((await call(ep.myShow, manager.auth, { params: { id: job.id } })).status).toBe(200);
    expect((await call(ep.update, manager.auth, { params: { id: job.id }, body: jobBody({ partner_company_id: company.id }) })).status).toBe(200);

    for (const [endpoint, body] of [
      [ep.myShow, undefined],
      [ep.update, jobBody()],
      [ep.close, undefined],
      [ep.deleteLogo, undefined],
    ] as const) {
      expect((await call(endpoint, stranger.auth, { params: { id: job.id }, body })).status).toBe(404);
    }
    // The stranger still sees it on the board, without the right to edit.
    const seen = ep.show.response.parse((await call(ep.show, stranger.auth, { params: { id: job.id } })).body).data;
    expect(seen.can_edit).toBe(false);

    // Posting for a company one does not manage.
    const bad = await call(ep.create, stranger.auth, { body: jobBody({ partner_company_id: company.id }) });
    expect(bad.status).toBe(422);
    expect(ValidationErrorBodySchema.parse(bad.body).errors.partner_company_id).toEqual(['You do not manage this company.']);
  });

  it('posts for the active business profile', async () => {
    const user = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [user.id] });
    const auth = bearer(await tokenFor(t, user, { actAs: company.id }));
    const job = await createJob(auth);
    expect(job.partner_company?.id).toBe(company.id);
  });

  it('answers 404 for jobs that do not exist', async () => {
    const { auth } = await session();
    for (const endpoint of [ep.show, ep.markAsViewed, ep.myShow, ep.close]) {
      expect((await call(endpoint, auth, { params: { id: 999999999 } })).status).toBe(404);
    }
    expect((await call(ep.update, auth, { params: { id: 999999999 }, body: jobBody() })).status).toBe(404);
  });
});

describe('the jobs board', () => {
  it('lists current jobs first, archived appended, total rounded to ten, show_old answers the last page', async () => {
    const { auth } = await session();
    const word = `liste${uniqueToken()}`;
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createJob(auth, { title: `Fastlege ${word} ${i}` }));
    await expire(made[0]!.id);
    await call(ep.close, auth, { params: { id: made[1]!.id } });

    const page = ep.list.response.parse((await call(ep.list, auth, { query: { search: word, per_page: 3 } })).body);
    expect(page.meta).toEqual({ current_page: 1, last_page: 4, per_page: 3, total: 10 });
    expect(page.data.map((j) => j.id)).toEqual([made[3]!.id, made[2]!.id, made[1]!.id]);
    expect(page.data.map((j) => j.is_archived)).toEqual([false, false, true]);

    const second = ep.list.response.parse((await call(ep.list, auth, { query: { search: word, per_page: 3, page: 2 } })).body);
    expect(second.data.map((j) => j.id)).toEqual([made[0]!.id]);

    const old = ep.list.response.parse((await call(ep.list, auth, { query: { search: word, per_page: 3, show_old: 1 } })).body);
    expect(old.meta.current_page).toBe(2);
    expect(old.data.map((j) => j.id)).toEqual([made[0]!.id]);

    const archived = ep.archived.response.parse((await call(ep.archived, auth, { query: { search: word } })).body);
    expect(archived.data.map((j) => j.id).sort()).toEqual([made[0]!.id, made[1]!.id].sort());
    expect(archived.meta.total).toBe(2);
  });

  it('filters by county, category, workplace, speciality and Norwegian full text', async () => {
    const { auth } = await session();
    const word = `filter${uniqueToken()}`;
    const hospitalJob = await createJob(auth, { title: `Sykehuslege ${word}`, county_id: fx.county.id });
    const gpJob = await createJob(auth, {
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
      ep.list.response.parse((await call(ep.list, auth, { query: { search: word, ...query } })).body).data.map((j) => j.id);
    expect(await ids({})).toEqual([gpJob.id, hospitalJob.id]);
    expect(await ids({ county: fx.county.id })).toEqual([hospitalJob.id]);
    expect(await ids({ county: fx.otherCounty.id })).toEqual([gpJob.id]);
    expect(await ids({ category: fx.jobCategory.id })).toEqual([hospitalJob.id]);
    expect(await ids({ workplace: 'general_practice' })).toEqual([gpJob.id]);
    expect(await ids({ speciality: fx.specialty.id })).toEqual([hospitalJob.id]);
    // Stemming: "kollega" finds "kolleger" in the description; the company name is searched too.
    const stem = ep.list.response.parse((await call(ep.list, auth, { query: { search: `${word} kollega` } })).body).data;
    expect(stem.map((j) => j.id)).toEqual([gpJob.id]);
    const company = ep.list.response.parse((await call(ep.list, auth, { query: { search: `Legesenteret ${word}` } })).body).data;
    expect(company.map((j) => j.id)).toEqual([gpJob.id]);
    // Odd search syntax is not an error.
    expect((await call(ep.list, auth, { query: { search: '"( & ! :*' } })).status).toBe(200);
  });

  it('hides jobs with a future publishing date from others until then', async () => {
    const owner = await session();
    const other = await session();
    const job = await createJob(owner.auth, { published_on: day(5) });
    // Midnight in Oslo that day, whether it falls in winter or summer time.
    expect(job.published_at).toBe(osloMidnight(day(5)).toISOString());
    expect((await call(ep.show, other.auth, { params: { id: job.id } })).status).toBe(404);
    expect((await call(ep.show, owner.auth, { params: { id: job.id } })).status).toBe(200);
  });

  it('counts a view once per user', async () => {
    const owner = await session();
    const viewer = await session();
    const job = await createJob(owner.auth);
    const first = ep.markAsViewed.response.parse((await call(ep.markAsViewed, viewer.auth, { params: { id: job.id } })).body).data;
    const again = ep.markAsViewed.response.parse((await call(ep.markAsViewed, viewer.auth, { params: { id: job.id } })).body).data;
    const other = ep.markAsViewed.response.parse((await call(ep.markAsViewed, owner.auth, { params: { id: job.id } })).body).data;
    expect([first, again, other]).toEqual([
      { id: job.id, views_count: 1, counted: true },
      { id: job.id, views_count: 1, counted: false },
      { id: job.id, views_count: 2, counted: true },
    ]);
  });
});

describe('company logo', () => {
  const png = () => sharp({ create: { width: 300, height: 120, channels: 3, background: { r: 10, g: 90, b: 200 } } }).png().toBuffer();
  const upload = (auth: string | null, id: number, file: Buffer, name = 'logo.png') => {
    let req = t.http.post(`/api${buildPath(ep.uploadLogo.path, { id })}`).set('X-localization', 'en');
    if (auth) req = req.set('Authorization', auth);
    return req.attach('logo', file, name);
  };

  it('uploads, replaces and removes a logo; refuses non-images and strangers', async () => {
    const owner = await session();
    const stranger = await session();
    const job = await createJob(owner.auth);
    const res = await upload(owner.auth, job.id, await png());
    expect(res.status).toBe(200);
    const logo = ep.uploadLogo.response.parse(res.body).data.company_logo;
    expect(logo).toMatch(/^\/api\/files\/.+\.webp$/);
    expect((await fileRows(t.db, logo!)).map((r) => [r.kind, r.variant, r.owner_user_id])).toEqual([
      ['job_logo', 'lg', owner.user.id],
      ['job_logo', 'sm', owner.user.id],
    ]);
    // A new logo replaces the old one: its rows (and objects) go.
    const replaced = ep.uploadLogo.response.parse((await upload(owner.auth, job.id, await png())).body).data.company_logo!;
    expect(replaced).not.toBe(logo);
    expect(await fileRows(t.db, logo!)).toEqual([]);
    expect((await t.http.get(logo!)).status).toBe(404);
    expect((await t.http.get(replaced)).status).toBe(200);
    const text = await upload(owner.auth, job.id, Buffer.from('not an image at all'), 'evil.png');
    expect(text.status).toBe(422);
    expect(ValidationErrorBodySchema.parse(text.body).errors.logo).toBeDefined();
    expect((await upload(stranger.auth, job.id, await png())).status).toBe(404);
    expect((await upload(null, job.id, await png())).status).toBe(401);
    const removed = await call(ep.deleteLogo, owner.auth, { params: { id: job.id } });
    expect(ep.deleteLogo.response.parse(removed.body).data.company_logo).toBeNull();
    expect(await fileRows(t.db, replaced)).toEqual([]);
  });
});

describe('access', () => {
  const everyEndpoint = () =>
    [
      [ep.list, {}],
      [ep.archived, {}],
      [ep.show, { id: 1 }],
      [ep.markAsViewed, { id: 1 }],
      [ep.myList, {}],
      [ep.myShow, { id: 1 }],
      [ep.create, {}],
      [ep.update, { id: 1 }],
      [ep.close, { id: 1 }],
      [ep.deleteLogo, { id: 1 }],
    ] as const;

  it('answers 401 to anonymous callers on every endpoint', async () => {
    for (const [endpoint, params] of everyEndpoint()) {
      expect([endpoint.path, (await call(endpoint, null, { params, body: jobBody() })).status]).toEqual([endpoint.path, 401]);
    }
  });

  it('answers 403 account_not_approved to accounts awaiting approval', async () => {
    const { auth } = await session({ status: 'awaiting_approval', approvedHrp: 0 });
    for (const [endpoint, params] of everyEndpoint()) {
      const res = await call(endpoint, auth, { params, body: jobBody() });
      expect([endpoint.path, res.status, ErrorBodySchema.parse(res.body).reason]).toEqual([endpoint.path, 403, 'account_not_approved']);
    }
  });

  it('lets students read jobs but not publish, edit or close them', async () => {
    const owner = await session();
    const job = await createJob(owner.auth);
    const { auth } = await session({ roles: ['student'] });
    expect((await call(ep.list, auth)).status).toBe(200);
    expect((await call(ep.show, auth, { params: { id: job.id } })).status).toBe(200);
    for (const [endpoint, params] of [
      [ep.create, {}],
      [ep.update, { id: job.id }],
      [ep.close, { id: job.id }],
      [ep.deleteLogo, { id: job.id }],
    ] as const) {
      const res = await call(endpoint, auth, { params, body: jobBody() });
      expect([endpoint.path, res.status, ErrorBodySchema.parse(res.body).reason]).toEqual([endpoint.path, 403, 'missing_permission']);
    }
  });
});
