import { professionalEndpoints as ep } from '@legenett/contracts';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { type BodyIn, invalid } from '../../../test/call';
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

const hospitalExperience = (): BodyIn<typeof ep.createExperience> => ({
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
    const me = await t.session();
    const created = await t.call(ep.createExperience, { as: me, body: hospitalExperience(), locale: 'en' });
    expect(created.status).toBe(201);
    const exp = created.parsed.data;
    expect(exp.hospital?.name).toBe(`Hospital ${token}`);
    expect(exp.department?.name).toBe(`Cardiology ${token}`);
    expect(exp.workplace_name).toBe(`Hospital ${token}`);

    const second = await t.call(ep.createExperience, {
      as: me,
      body: { workplace_type: 'general_practice', clinic_id: fx.clinic.id, city_id: fx.city.id, started_at: '2020-01-01', is_current: true },
      locale: 'no',
    });
    expect(second.status).toBe(201);
    expect(second.parsed.data.clinic?.name).toBe(`Legesenter ${token}`);

    const page = (await t.call(ep.listExperiences, { as: me, query: { per_page: 1 } })).parsed;
    expect(page.meta).toEqual({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    expect(page.data[0]!.is_current).toBe(true);

    const edited = await t.call(ep.updateExperience, {
      as: me,
      params: { id: exp.id },
      body: { ...hospitalExperience(), position: 'LIS', resigned: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.parsed.data).toMatchObject({ position: 'LIS', resigned: true });

    expect((await t.call(ep.showExperience, { as: me, params: { id: exp.id } })).status).toBe(200);
    expect((await t.call(ep.deleteExperience, { as: me, params: { id: exp.id } })).status).toBe(204);
    expect((await t.call(ep.showExperience, { as: me, params: { id: exp.id } })).status).toBe(404);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await t.call(ep.listExperiences, { as: null })).status).toBe(401);
    expect((await t.call(ep.createExperience, { as: null, body: hospitalExperience() })).status).toBe(401);
  });

  it("gives 404 for someone else's experience and for unknown ids", async () => {
    const owner = await t.session();
    const other = await t.session();
    const created = (await t.call(ep.createExperience, { as: owner, body: hospitalExperience() })).parsed.data;
    for (const e of [ep.showExperience, ep.deleteExperience]) {
      expect((await t.call(e, { as: other, params: { id: created.id } })).status).toBe(404);
    }
    expect((await t.call(ep.updateExperience, { as: other, params: { id: created.id }, body: hospitalExperience() })).status).toBe(404);
    expect((await t.call(ep.showExperience, { as: owner, params: { id: 2_000_000_000 } })).status).toBe(404);
    const list = (await t.call(ep.listExperiences, { as: other })).parsed;
    expect(list.data).toEqual([]);
  });

  it('refuses a business profile (403 business_profile_active) and lets an account awaiting approval manage it', async () => {
    const manager = await createUser(t.db);
    const company = await createCompany(t.db, { managers: [manager.id] });
    const asCompany = await tokenFor(t, manager, { actAs: company.id });
    const res = await t.call(ep.listExperiences, { as: asCompany });
    expect(res.status).toBe(403);
    expect(res.error.reason).toBe('business_profile_active');

    const pending = await t.session({ status: 'awaiting_approval', approvedHrp: 0 });
    expect((await t.call(ep.createExperience, { as: pending, body: hospitalExperience() })).status).toBe(201);
    const blocked = await t.session({ status: 'blocked' });
    expect([401, 403]).toContain((await t.call(ep.listExperiences, { as: blocked })).status);
  });

  it('validates dates, workplace and references with localised 422s', async () => {
    const me = await t.session();
    const bad = await t.call(ep.createExperience, { as: me, body: { ...hospitalExperience(), finished_at: '2010-01-01' }, locale: 'en' });
    expect(bad.status).toBe(422);
    expect(bad.validation.errors.finished_at).toEqual(['The end date cannot be before the start date.']);

    const no = await t.call(ep.createExperience, { as: me, body: { ...hospitalExperience(), finished_at: '2010-01-01' }, locale: 'no' });
    expect(no.validation.errors.finished_at).toEqual(['Sluttdatoen kan ikke være før startdatoen.']);

    const badDate = await t.call(ep.createExperience, { as: me, body: { ...hospitalExperience(), started_at: '2019-02-30' }, locale: 'en' });
    expect(badDate.status).toBe(422);
    expect(Object.keys(badDate.validation.errors)).toContain('started_at');

    const noWorkplace = await t.call(ep.createExperience, { as: me, body: invalid({ workplace_type: 'hospital', started_at: '2019-01-01' }) });
    expect(noWorkplace.status).toBe(422);
    expect(noWorkplace.validation.errors.hospital_id).toBeDefined();

    const unknown = await t.call(ep.createExperience, { as: me, body: { ...hospitalExperience(), hospital_id: 2_000_000_000 } });
    expect(unknown.status).toBe(422);
    expect(unknown.validation.errors.hospital_id).toBeDefined();

    const wrongChain = await t.call(ep.createExperience, { as: me, body: { ...hospitalExperience(), hospital_clinic_id: fx.hospitalClinic.id, department_id: null, hospital_id: fx.hospital.id + 0 } });
    expect(wrongChain.status).toBe(201);
    const [otherHospital] = await insertOtherHospital();
    const mismatch = await t.call(ep.createExperience, { as: me, body: { ...hospitalExperience(), hospital_id: otherHospital }, locale: 'en' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.validation.errors.hospital_clinic_id).toEqual(['The clinic does not belong to the chosen hospital.']);

    const badType = await t.call(ep.createExperience, { as: me, body: invalid({ ...hospitalExperience(), workplace_type: 'castle' }) });
    expect(badType.status).toBe(422);
    expect((await t.call(ep.showExperience, { as: me, params: invalid({ id: 'abc' }) })).status).toBe(422);
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
    const me = await t.session();
    const other = await t.session();
    const res = await t.call(ep.createEducation, { as: me, body: education(), locale: 'en' });
    expect(res.status).toBe(201);
    const created = res.parsed.data;
    expect(created.university?.name).toBe(`University of Test ${token}`);

    const list = (await t.call(ep.listEducations, { as: me })).parsed;
    expect(list.data.map((e) => e.id)).toEqual([created.id]);

    const edited = await t.call(ep.updateEducation, {
      as: me,
      params: { id: created.id },
      body: { ...education(), graduated_at: null, currently_studying: true, doctorate: true },
    });
    expect(edited.parsed.data).toMatchObject({ currently_studying: true, doctorate: true, graduated_at: null });

    expect((await t.call(ep.updateEducation, { as: other, params: { id: created.id }, body: education() })).status).toBe(404);
    expect((await t.call(ep.deleteEducation, { as: other, params: { id: created.id } })).status).toBe(404);
    expect((await t.call(ep.deleteEducation, { as: me, params: { id: created.id } })).status).toBe(204);
    expect((await t.call(ep.showEducation, { as: me, params: { id: created.id } })).status).toBe(404);
  });

  it('validates: anonymous 401, graduation before start, unknown university, missing university', async () => {
    const me = await t.session();
    expect((await t.call(ep.createEducation, { as: null, body: education() })).status).toBe(401);
    const order = await t.call(ep.createEducation, { as: me, body: { ...education(), graduated_at: '2000-01-01' } });
    expect(order.status).toBe(422);
    expect(order.validation.errors.graduated_at).toBeDefined();
    const unknown = await t.call(ep.createEducation, { as: me, body: { ...education(), university_id: 2_000_000_000 }, locale: 'en' });
    expect(unknown.status).toBe(422);
    expect(unknown.validation.errors.university_id).toEqual(['Does not exist (any longer). Choose from the list.']);
    const missing = await t.call(ep.createEducation, { as: me, body: invalid({ started_at: '2000-01-01' }) });
    expect(missing.status).toBe(422);
    expect(missing.validation.errors.university_id).toBeDefined();
  });
});

describe('custom workplaces', () => {
  it('adds a workplace once, whatever the case, and lists it with search and pages', async () => {
    const me = await t.session();
    const name = `Fjellklinikken ${token}`;
    const first = await t.call(ep.createCustomWorkplace, { as: me, body: { name, city_id: fx.city.id } });
    expect(first.status).toBe(201);
    const created = first.parsed.data;
    const again = await t.call(ep.createCustomWorkplace, { as: me, body: { name: `  ${name.toUpperCase()}  ` } });
    expect(again.parsed.data.id).toBe(created.id);

    await t.call(ep.createCustomWorkplace, { as: me, body: { name: `Havklinikken ${token}` } });
    const page = (await t.call(ep.listCustomWorkplaces, { as: me, query: { search: token, per_page: 1 } })).parsed;
    expect(page.meta.total).toBe(2);
    expect(page.data[0]!.name).toBe(name);
    const searched = ep.listCustomWorkplaces.response.parse(
      (await t.call(ep.listCustomWorkplaces, { as: me, query: { search: `havklinikken ${token}` } })).body,
    );
    expect(searched.data.map((w) => w.name)).toEqual([`Havklinikken ${token}`]);
  });

  it('answers 401 anonymous and 422 for bad input', async () => {
    const me = await t.session();
    expect((await t.call(ep.listCustomWorkplaces, { as: null })).status).toBe(401);
    expect((await t.call(ep.createCustomWorkplace, { as: null, body: { name: 'X klinikk' } })).status).toBe(401);
    expect((await t.call(ep.createCustomWorkplace, { as: me, body: { name: 'x' } })).status).toBe(422);
    expect((await t.call(ep.createCustomWorkplace, { as: me, body: { name: 'Ok navn', city_id: 2_000_000_000 } })).status).toBe(422);
    expect((await t.call(ep.listCustomWorkplaces, { as: me, query: { per_page: 1000 } })).status).toBe(422);
  });
});
