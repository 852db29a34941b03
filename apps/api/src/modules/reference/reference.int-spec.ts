import { type Endpoint, referenceEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { type CallOptions, invalid } from '../../../test/call';
import { insertReferenceFixtures } from '../../../test/fixtures';

type Fixtures = Awaited<ReturnType<typeof insertReferenceFixtures>>;
type Item = { id: number; name: string } & Record<string, unknown>;

let t: TestApp;
let token: string;
let fx: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  token = uniqueToken();
  fx = await insertReferenceFixtures(t.db, token);
});

afterAll(async () => {
  await t.close();
});

/** GET an endpoint anonymously (t.call checks the status and parses the body with the response schema). */
async function get<E extends Endpoint>(endpoint: E, opts: Omit<CallOptions<E>, 'as'> & { language?: string } = {}) {
  const { language, ...rest } = opts;
  // `language`: a header value outside the contract's locales (an unknown language falls back to Norwegian).
  const res = await t.call(endpoint, { as: null, locale: 'no', ...rest, ...(language ? { headers: { 'X-localization': language } } : {}) } as CallOptions<E>);
  expect(res.status).toBe(200);
  return (res.parsed as { data: Item[] }).data;
}

const names = (items: Item[]) => items.map((i) => i.name);

describe('reference lists: every flat list, localised and searchable', () => {
  const cases: [keyof typeof ep, (f: Fixtures) => { no: string; en: string }][] = [
    ['counties', () => ({ no: `Østfylke ${token}`, en: `East County ${token}` })],
    ['cities', () => ({ no: `Bergby ${token}`, en: `Zeta Town ${token}` })],
    ['countries', () => ({ no: `Testland ${token}`, en: `Testland EN ${token}` })],
    ['hospitals', () => ({ no: `Sykehuset ${token}`, en: `Hospital ${token}` })],
    ['hospitalClinics', () => ({ no: `Medisinsk klinikk ${token}`, en: `Medical clinic ${token}` })],
    ['clinics', () => ({ no: `Legesenter ${token}`, en: `Medical centre ${token}` })],
    ['specialties', () => ({ no: `Indremedisin ${token}`, en: `Internal medicine ${token}` })],
    ['universitySpecialties', () => ({ no: `Medisin ${token}`, en: `Medicine ${token}` })],
    ['universities', () => ({ no: `Universitetet i Test ${token}`, en: `University of Test ${token}` })],
    ['academicLevels', () => ({ no: `B-nivå ${token}`, en: `B level ${token}` })],
    ['jobCategories', () => ({ no: `Overlege ${token}`, en: `Consultant ${token}` })],
    ['categories', () => ({ no: `Legemiddel ${token}`, en: `Pharma ${token}` })],
  ];

  it.each(cases)('%s answers 200 in the response schema, in Norwegian and English', async (key, expected) => {
    const endpoint = ep[key];
    const no = await get(endpoint, { query: { search: token } });
    const en = await get(endpoint, { query: { search: token }, locale: 'en' });
    const want = expected(fx);
    expect(names(no)).toContain(want.no);
    expect(names(en)).toContain(want.en);
  });

  it('answers without search too, without a login (public)', async () => {
    for (const key of ['counties', 'specialties', 'universities', 'workplaceSituations'] as const) {
      const items = await get(ep[key]);
      expect(Array.isArray(items)).toBe(true);
    }
  });

  it('defaults to Norwegian and treats an unknown language as Norwegian', async () => {
    const res = await t.call(ep.counties, { as: null, query: { search: token } });
    expect(names(res.parsed.data)).toContain(`Østfylke ${token}`);
    const other = await get(ep.counties, { query: { search: token }, language: 'de' });
    expect(names(other)).toContain(`Østfylke ${token}`);
  });

  it('falls back to English, then to the first name there is', async () => {
    const [onlyEnglish] = await t.db
      .insert(schema.specialties)
      .values({ code: `en-only-${token}`, name: { en: `English only ${token}` } })
      .returning();
    const no = await get(ep.specialties, { query: { search: `English only ${token}` } });
    expect(no).toEqual([{ id: onlyEnglish!.id, name: `English only ${token}` }]);
    const en = await get(ep.citiesOfCounty, { params: { id: fx.otherCounty.id }, locale: 'en' });
    expect(names(en)).toEqual([`Fjellby ${token}`]);
  });

  it('sorts by the localised name with Norwegian letters last in Norwegian', async () => {
    const no = await get(ep.citiesOfCounty, { params: { id: fx.county.id } });
    expect(names(no)).toEqual([`Bergby ${token}`, `Ålby ${token}`]);
    const en = await get(ep.citiesOfCounty, { params: { id: fx.county.id }, locale: 'en' });
    expect(names(en)).toEqual([`Eel Town ${token}`, `Zeta Town ${token}`]);
  });

  it('sorts academic levels by their own order, not by name', async () => {
    const no = await get(ep.academicLevels, { query: { search: token } });
    expect(names(no)).toEqual([`Å-nivå ${token}`, `B-nivå ${token}`]);
  });

  it('searches case-insensitively on the localised name, with % and _ taken literally', async () => {
    expect(names(await get(ep.cities, { query: { search: `ÅLBY ${token.toUpperCase()}` } }))).toEqual([`Ålby ${token}`]);
    expect(names(await get(ep.cities, { query: { search: `eel town ${token}` }, locale: 'en' }))).toEqual([`Eel Town ${token}`]);
    expect(await get(ep.cities, { query: { search: `%${token}` } })).toEqual([]);
    expect(await get(ep.cities, { query: { search: `_lby ${token}` } })).toEqual([]);
  });

  it('caps the list with limit', async () => {
    const items = await get(ep.cities, { query: { search: token, limit: 1 } });
    expect(items).toHaveLength(1);
  });

  it('answers 422 with field messages for a bad limit or search', async () => {
    for (const limit of ['0', '1001', 'abc', '1.5']) {
      const res = await t.call(ep.counties, { as: null, query: invalid({ limit }), locale: 'en' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: 'Some fields are not filled in correctly.', errors: { limit: [expect.any(String)] } });
    }
    const long = await t.call(ep.counties, { as: null, query: { search: 'x'.repeat(101) }, locale: 'en' });
    expect(long.status).toBe(422);
    expect(long.validation.errors).toEqual({ search: ['Can be at most 100 characters.'] });
  });
});

describe('categories', () => {
  it('lists company categories by default and another type on request', async () => {
    const company = await get(ep.categories, { query: { search: token } });
    expect(company.map((c) => [c.name, c.type])).toEqual([[`Legemiddel ${token}`, 'company']]);
    const course = await get(ep.categories, { query: { search: token, type: 'course' } });
    expect(course.map((c) => [c.name, c.type])).toEqual([[`Kurs ${token}`, 'course']]);
  });

  it('answers 422 for an unknown type', async () => {
    const res = await t.call(ep.categories, { as: null, query: invalid({ type: 'spaceships' }), locale: 'en' });
    expect(res.status).toBe(422);
    expect(res.validation.errors).toEqual({ type: ['Invalid choice.'] });
  });
});

describe('child lists', () => {
  const children: { key: 'citiesOfCounty' | 'hospitalClinicsOfHospital' | 'departmentsOfHospitalClinic' | 'clinicsOfCity'; parent: (f: Fixtures) => number; names: () => string[]; field: string }[] = [
    { key: 'citiesOfCounty', parent: (f) => f.county.id, names: () => [`Bergby ${token}`, `Ålby ${token}`], field: 'county_id' },
    { key: 'hospitalClinicsOfHospital', parent: (f) => f.hospital.id, names: () => [`Medisinsk klinikk ${token}`], field: 'hospital_id' },
    { key: 'departmentsOfHospitalClinic', parent: (f) => f.hospitalClinic.id, names: () => [`Hjerteavdeling ${token}`], field: 'hospital_clinic_id' },
    { key: 'clinicsOfCity', parent: (f) => f.city.id, names: () => [`Legesenter ${token}`], field: 'city_id' },
  ];

  it.each(children)('$key lists the children of one parent', async ({ key, parent, names: want, field }) => {
    const id = parent(fx);
    const items = await get(ep[key], { params: { id } });
    expect(names(items)).toEqual(want());
    expect(items.every((i) => i[field] === id)).toBe(true);
  });

  it.each(children)('$key answers 404 for a parent that does not exist', async ({ key }) => {
    const res = await t.call(ep[key], { as: null, params: { id: 2_000_000_000 }, locale: 'en' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status_code: 404, message: 'We could not find what you were looking for.' });
  });

  it.each(children)('$key answers 422 for an id that is not a positive whole number', async ({ key }) => {
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const res = await t.call(ep[key], { as: null, params: invalid({ id: bad }) });
      expect(res.status).toBe(422);
      expect(Object.keys(res.validation.errors)).toEqual(['id']);
      expect(typeof res.validation.message).toBe('string');
    }
  });

  it('an empty child list of an existing parent is 200 with no items', async () => {
    const [lonely] = await t.db
      .insert(schema.counties)
      .values({ code: `lonely-${token}`, name: { no: `Tomfylke ${token}` } })
      .returning();
    expect(await get(ep.citiesOfCounty, { params: { id: lonely!.id } })).toEqual([]);
  });
});

describe('workplace situations', () => {
  it('lists student, working and unemployed with localised names', async () => {
    await t.db
      .insert(schema.workplaceSituations)
      .values([
        { code: 'student', name: { no: 'Student', en: 'Student' } },
        { code: 'working', name: { no: 'I arbeid', en: 'Working professional' } },
        { code: 'unemployed', name: { no: 'Arbeidsledig', en: 'Unemployed' } },
      ])
      .onConflictDoNothing();
    const items = await get(ep.workplaceSituations, { locale: 'en' });
    expect(items.map((i) => i.code).sort()).toEqual(['student', 'unemployed', 'working']);
  });
});

describe('frontend settings', () => {
  const keys = ['prev_image_video_src', 'prev_image_video_link'];

  afterEach(async () => {
    await t.db.delete(schema.frontendSettings).where(inArray(schema.frontendSettings.key, keys));
  });

  it('answers nulls when nothing is set', async () => {
    await t.db.delete(schema.frontendSettings).where(inArray(schema.frontendSettings.key, keys));
    const res = await t.call(ep.frontendSettings, { as: null });
    expect(res.status).toBe(200);
    expect(res.parsed).toEqual({ data: { prev_image_video_src: null, prev_image_video_link: null } });
  });

  it('answers the stored values', async () => {
    await t.db
      .insert(schema.frontendSettings)
      .values([
        { key: 'prev_image_video_src', value: 'https://cdn.example/preview.mp4' },
        { key: 'prev_image_video_link', value: 'https://example.org/watch' },
      ])
      .onConflictDoUpdate({ target: schema.frontendSettings.key, set: { value: sql`excluded.value` } });
    const res = await t.call(ep.frontendSettings, { as: null });
    expect(res.parsed).toEqual({
      data: { prev_image_video_src: 'https://cdn.example/preview.mp4', prev_image_video_link: 'https://example.org/watch' },
    });
  });
});
