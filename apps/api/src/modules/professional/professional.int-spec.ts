import { buildPath, type Endpoint, professionalEndpoints as ep } from '@legenett/contracts';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { bearer, createCompany, createUser, tokenFor } from '../../../test/auth';
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

async function session(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, options);
  return { user, auth: bearer(await tokenFor(t, user)) };
}

function call(endpoint: Endpoint, auth: string | null, opts: { params?: Record<string, string | number>; body?: object; query?: object; locale?: string } = {}) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  let req = t.http[method](`/api${buildPath(endpoint.path, opts.params)}`).set('X-localization', opts.locale ?? 'en');
  if (auth) req = req.set('Authorization', auth);
  if (opts.query) req = req.query(opts.query);
  return opts.body ? req.send(opts.body) : req;
}

const hospitalExperience = () => ({
  employer: 'Helse Test',
  position: 'Overlege',
  field_of_work: 'Kardiologi',
  workplace_type: 'hospital',
  hospital_id: fx.hospital.id,
  hospital_clinic_id: fx.hospitalClinic.id,
  department_id: fx.department.id,
  started_at: '2015-08-01',
  finished_at: '2019-12-31',
});

describe('professional experience', () => {
  it('creates, lists (paginated, localised), shows, edits and deletes own experience', async () => {
    const { auth } = await session();
    const created = await call(ep.createExperience, auth, { body: hospitalExperience() });
    expect(created.status).toBe(201);
    const exp = ep.createExperience.response.parse(created.body).data;
    expect(exp.hospital?.name).toBe(`Hospital ${token}`);
    expect(exp.department?.name).toBe(`Cardiology ${token}`);
    expect(exp.workplace_name).toBe(`Hospital ${token}`);

    const second = await call(ep.createExperience, auth, {
      body: { workplace_type: 'general_practice', clinic_id: fx.clinic.id, city_id: fx.city.id, started_at: '2020-01-01', is_current: true },
      locale: 'no',
    });
    expect(second.status).toBe(201);
    expect(ep.createExperience.response.parse(second.body).data.clinic?.name).toBe(`Legesenter ${token}`);

    const page = ep.listExperiences.response.parse((await call(ep.listExperiences, auth, { query: { per_page: 1 } })).body);
    expect(page.meta).toEqual({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    expect(page.data[0]!.is_current).toBe(true);

    const edited = await call(ep.updateExperience, auth, {
      params: { id: exp.id },
      body: { ...hospitalExperience(), position: 'LIS', resigned: true },
    });
    expect(edited.status).toBe(200);
    expect(ep.updateExperience.response.parse(edited.body).data).toMatchObject({ position: 'LIS', resigned: true });

    expect((await call(ep.showExperience, auth, { params: { id: exp.id } })).status).toBe(200);
    expect((await call(ep.deleteExperience, auth, { params: { id: exp.id } })).status).toBe(204);
    expect((await call(ep.showExperience, auth, { params: { id: exp.id } })).status).toBe(404);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await call(ep.listExperiences, null)).status).toBe(401);
    expect((await call(ep.createExperience, null, { body: hospitalExperience() })).status).toBe(401);
  });

  it("gives 404 for someone else's experience and for unknown ids", async () => {
    const owner = await session();
    const other = await session();
    const created = ep.createExperience.response.parse((await call(ep.createExperience, owner.auth, { body: hospitalExperience() })).body).data;
    for (const e of [ep.showExperience, ep.deleteExperience]) {
      expect((await call(e, other.auth, { params: { id: created.id } })).status).toBe(404);
    }
    expect((await call(ep.updateExperience, other.auth, { params: { id: created.id }, body: hospitalExperience() })).status).toBe(404);
    expect((await call(ep.showExperience, owner.auth, { params: { id: 2_000_000_000 } })).status).toBe(404);
    const list = ep.listExperiences.response.parse((await call(ep.listExperiences, other.auth)).body);
    expect(list.data).toEqual([]);
  });

  it('refuses a business profile (403 business_profile_active) and lets an account awaiting approval manage it', async () => {
    const manager = await createUser(t.db);
    const company = await createCompany(t.db, { managers: [manager.id] });
    const asCompany = bearer(await tokenFor(t, manager, { actAs: company.id }));
    const res = await call(ep.listExperiences, asCompany);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('business_profile_active');

    const pending = await session({ status: 'awaiting_approval', approvedHrp: 0 });
    expect((await call(ep.createExperience, pending.auth, { body: hospitalExperience() })).status).toBe(201);
    const blocked = await session({ status: 'blocked' });
    expect([401, 403]).toContain((await call(ep.listExperiences, blocked.auth)).status);
  });

  it('validates dates, workplace and references with localised 422s', async () => {
    const { auth } = await session();
    const bad = await call(ep.createExperience, auth, { body: { ...hospitalExperience(), finished_at: '2010-01-01' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.finished_at).toEqual(['The end date cannot be before the start date.']);

    const no = await call(ep.createExperience, auth, { body: { ...hospitalExperience(), finished_at: '2010-01-01' }, locale: 'no' });
    expect(no.body.errors.finished_at).toEqual(['Sluttdatoen kan ikke være før startdatoen.']);

    const badDate = await call(ep.createExperience, auth, { body: { ...hospitalExperience(), started_at: '2019-02-30' } });
    expect(badDate.status).toBe(422);
    expect(Object.keys(badDate.body.errors)).toContain('started_at');

    const noWorkplace = await call(ep.createExperience, auth, { body: { workplace_type: 'hospital', started_at: '2019-01-01' } });
    expect(noWorkplace.status).toBe(422);
    expect(noWorkplace.body.errors.hospital_id).toBeDefined();

    const unknown = await call(ep.createExperience, auth, { body: { ...hospitalExperience(), hospital_id: 2_000_000_000 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.hospital_id).toBeDefined();

    const wrongChain = await call(ep.createExperience, auth, {
      body: { ...hospitalExperience(), hospital_clinic_id: fx.hospitalClinic.id, department_id: null, hospital_id: fx.hospital.id + 0 },
    });
    expect(wrongChain.status).toBe(201);
    const [otherHospital] = await insertOtherHospital();
    const mismatch = await call(ep.createExperience, auth, { body: { ...hospitalExperience(), hospital_id: otherHospital } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.hospital_clinic_id).toEqual(['The clinic does not belong to the chosen hospital.']);

    const badType = await call(ep.createExperience, auth, { body: { ...hospitalExperience(), workplace_type: 'castle' } });
    expect(badType.status).toBe(422);
    expect((await call(ep.showExperience, auth, { params: { id: 'abc' } })).status).toBe(422);
  });
});

async function insertOtherHospital(): Promise<number[]> {
  const { schema } = await import('@legenett/db');
  const rows = await t.db
    .insert(schema.hospitals)
    .values({ code: `h-other-${uniqueToken()}`, name: { no: 'Annet sykehus' } })
    .returning({ id: schema.hospitals.id });
  return rows.map((r) => r.id);
}

describe('education', () => {
  const education = () => ({
    university_id: fx.university.id,
    university_specialty_id: fx.universitySpecialty.id,
    academic_level_id: fx.academicLevels[0]!.id,
    started_at: '2008-08-15',
    graduated_at: '2014-06-20',
    doctorate: false,
  });

  it('creates, lists, edits and deletes own education; others get 404', async () => {
    const me = await session();
    const other = await session();
    const res = await call(ep.createEducation, me.auth, { body: education() });
    expect(res.status).toBe(201);
    const created = ep.createEducation.response.parse(res.body).data;
    expect(created.university?.name).toBe(`University of Test ${token}`);

    const list = ep.listEducations.response.parse((await call(ep.listEducations, me.auth)).body);
    expect(list.data.map((e) => e.id)).toEqual([created.id]);

    const edited = await call(ep.updateEducation, me.auth, {
      params: { id: created.id },
      body: { ...education(), graduated_at: null, currently_studying: true, doctorate: true },
    });
    expect(ep.updateEducation.response.parse(edited.body).data).toMatchObject({ currently_studying: true, doctorate: true, graduated_at: null });

    expect((await call(ep.updateEducation, other.auth, { params: { id: created.id }, body: education() })).status).toBe(404);
    expect((await call(ep.deleteEducation, other.auth, { params: { id: created.id } })).status).toBe(404);
    expect((await call(ep.deleteEducation, me.auth, { params: { id: created.id } })).status).toBe(204);
    expect((await call(ep.showEducation, me.auth, { params: { id: created.id } })).status).toBe(404);
  });

  it('validates: anonymous 401, graduation before start, unknown university, missing university', async () => {
    const me = await session();
    expect((await call(ep.createEducation, null, { body: education() })).status).toBe(401);
    const order = await call(ep.createEducation, me.auth, { body: { ...education(), graduated_at: '2000-01-01' } });
    expect(order.status).toBe(422);
    expect(order.body.errors.graduated_at).toBeDefined();
    const unknown = await call(ep.createEducation, me.auth, { body: { ...education(), university_id: 2_000_000_000 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.university_id).toEqual(['Does not exist (any longer). Choose from the list.']);
    const missing = await call(ep.createEducation, me.auth, { body: { started_at: '2000-01-01' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.university_id).toBeDefined();
  });
});

describe('custom workplaces', () => {
  it('adds a workplace once, whatever the case, and lists it with search and pages', async () => {
    const me = await session();
    const name = `Fjellklinikken ${token}`;
    const first = await call(ep.createCustomWorkplace, me.auth, { body: { name, city_id: fx.city.id } });
    expect(first.status).toBe(201);
    const created = ep.createCustomWorkplace.response.parse(first.body).data;
    const again = await call(ep.createCustomWorkplace, me.auth, { body: { name: `  ${name.toUpperCase()}  ` } });
    expect(ep.createCustomWorkplace.response.parse(again.body).data.id).toBe(created.id);

    await call(ep.createCustomWorkplace, me.auth, { body: { name: `Havklinikken ${token}` } });
    const page = ep.listCustomWorkplaces.response.parse((await call(ep.listCustomWorkplaces, me.auth, { query: { search: token, per_page: 1 } })).body);
    expect(page.meta.total).toBe(2);
    expect(page.data[0]!.name).toBe(name);
    const searched = ep.listCustomWorkplaces.response.parse(
      (await call(ep.listCustomWorkplaces, me.auth, { query: { search: `havklinikken ${token}` } })).body,
    );
    expect(searched.data.map((w) => w.name)).toEqual([`Havklinikken ${token}`]);
  });

  it('answers 401 anonymous and 422 for bad input', async () => {
    const me = await session();
    expect((await call(ep.listCustomWorkplaces, null)).status).toBe(401);
    expect((await call(ep.createCustomWorkplace, null, { body: { name: 'X klinikk' } })).status).toBe(401);
    expect((await call(ep.createCustomWorkplace, me.auth, { body: { name: 'x' } })).status).toBe(422);
    expect((await call(ep.createCustomWorkplace, me.auth, { body: { name: 'Ok navn', city_id: 2_000_000_000 } })).status).toBe(422);
    expect((await call(ep.listCustomWorkplaces, me.auth, { query: { per_page: 1000 } })).status).toBe(422);
  });
});
