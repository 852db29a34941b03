import { schema, type Database } from '@legenett/db';
import { CITIES } from './data/cities';
import { CLINICS } from './data/clinics';
import { COUNTIES } from './data/counties';
import { COUNTRIES } from './data/countries';
import { ACADEMIC_LEVELS, UNIVERSITIES, UNIVERSITY_SPECIALTIES } from './data/education';
import { CLINIC_TEMPLATES, HOSPITAL_CLINICS, HOSPITALS } from './data/hospitals';
import { CATEGORIES, FRONTEND_SETTINGS, JOB_CATEGORIES, ROLES, WORKPLACE_SITUATIONS } from './data/misc';
import { SPECIALTIES } from './data/specialties';
import type { Names } from './data/types';
import { upsertByKey } from './upsert';

const {
  academicLevels,
  categories,
  cities,
  clinics,
  counties,
  countries,
  frontendSettings,
  hospitalClinicDepartments,
  hospitalClinics,
  hospitals,
  jobCategories,
  roles,
  specialties,
  universities,
  universitySpecialties,
  workplaceSituations,
} = schema;

export type Log = (msg: string) => void;

function idOf(map: ReadonlyMap<string, number>, code: string, what: string): number {
  const id = map.get(code);
  if (id === undefined) throw new Error(`Seed data refers to unknown ${what} ${code}`);
  return id;
}

async function codeMap(rows: Promise<Array<{ id: number; code: string }>>): Promise<Map<string, number>> {
  return new Map((await rows).map((r) => [r.code, r.id]));
}

/** Hospital clinics and departments as flat rows, codes derived from hospital and template. */
export function hospitalClinicRows(): {
  clinics: Array<{ code: string; hospitalCode: string; name: Names }>;
  departments: Array<{ code: string; clinicCode: string; name: Names }>;
} {
  const clinicRows: Array<{ code: string; hospitalCode: string; name: Names }> = [];
  const departmentRows: Array<{ code: string; clinicCode: string; name: Names }> = [];
  for (const [hospitalCode, templateKeys] of Object.entries(HOSPITAL_CLINICS)) {
    for (const key of templateKeys) {
      const template = CLINIC_TEMPLATES[key];
      if (!template) throw new Error(`Unknown clinic template ${key}`);
      const clinicCode = `${hospitalCode}-${template.suffix}`;
      clinicRows.push({ code: clinicCode, hospitalCode, name: template.name });
      for (const dep of template.departments) {
        departmentRows.push({ code: `${clinicCode}-${dep.suffix}`, clinicCode, name: dep.name });
      }
    }
  }
  return { clinics: clinicRows, departments: departmentRows };
}

/**
 * Upserts every reference list by its natural key (`code`; `(type, code)` for categories; `key` for
 * frontend settings). Running it again writes nothing unless the data in `data/` changed.
 */
export async function seedReference(db: Database, log: Log = () => undefined): Promise<void> {
  const structure = hospitalClinicRows();
  let written = 0;
  await db.transaction(async (tx) => {
    written += await upsertByKey(tx, counties, [...COUNTIES], ['code'], ['name']);
    const countyIds = await codeMap(tx.select({ id: counties.id, code: counties.code }).from(counties));

    written += await upsertByKey(
      tx,
      cities,
      CITIES.map((c) => ({ code: c.code, name: c.name, county_id: idOf(countyIds, c.countyCode, 'county') })),
      ['code'],
      ['name', 'county_id'],
    );
    const cityIds = await codeMap(tx.select({ id: cities.id, code: cities.code }).from(cities));

    written += await upsertByKey(tx, countries, [...COUNTRIES], ['code'], ['name']);

    written += await upsertByKey(
      tx,
      hospitals,
      HOSPITALS.map((h) => ({
        code: h.code,
        name: h.name,
        health_trust: h.health_trust,
        city_id: idOf(cityIds, h.cityCode, 'city'),
      })),
      ['code'],
      ['name', 'health_trust', 'city_id'],
    );
    const hospitalIds = await codeMap(tx.select({ id: hospitals.id, code: hospitals.code }).from(hospitals));

    written += await upsertByKey(
      tx,
      hospitalClinics,
      structure.clinics.map((c) => ({
        code: c.code,
        name: c.name,
        hospital_id: idOf(hospitalIds, c.hospitalCode, 'hospital'),
      })),
      ['code'],
      ['name', 'hospital_id'],
    );
    const hospitalClinicIds = await codeMap(
      tx.select({ id: hospitalClinics.id, code: hospitalClinics.code }).from(hospitalClinics),
    );

    written += await upsertByKey(
      tx,
      hospitalClinicDepartments,
      structure.departments.map((d) => ({
        code: d.code,
        name: d.name,
        hospital_clinic_id: idOf(hospitalClinicIds, d.clinicCode, 'hospital clinic'),
      })),
      ['code'],
      ['name', 'hospital_clinic_id'],
    );

    written += await upsertByKey(
      tx,
      clinics,
      CLINICS.map((c) => ({ code: c.code, name: c.name, city_id: idOf(cityIds, c.cityCode, 'city') })),
      ['code'],
      ['name', 'city_id'],
    );

    written += await upsertByKey(tx, specialties, [...SPECIALTIES], ['code'], ['name']);
    written += await upsertByKey(tx, universitySpecialties, [...UNIVERSITY_SPECIALTIES], ['code'], ['name']);
    written += await upsertByKey(tx, universities, [...UNIVERSITIES], ['code'], ['name', 'country_code']);
    written += await upsertByKey(tx, academicLevels, [...ACADEMIC_LEVELS], ['code'], ['name', 'sort_order']);
    written += await upsertByKey(tx, jobCategories, [...JOB_CATEGORIES], ['code'], ['name']);
    written += await upsertByKey(tx, workplaceSituations, [...WORKPLACE_SITUATIONS], ['code'], ['name']);
    written += await upsertByKey(tx, categories, [...CATEGORIES], ['type', 'code'], ['name']);
    written += await upsertByKey(tx, roles, [...ROLES], ['code'], ['name']);

    // Settings belong to the administrators once seeded: insert the defaults only where missing.
    const present = new Set(
      (await tx.select({ key: frontendSettings.key }).from(frontendSettings)).map((r) => r.key),
    );
    const missing = FRONTEND_SETTINGS.filter((s) => !present.has(s.key));
    if (missing.length > 0) {
      await tx.insert(frontendSettings).values(missing).onConflictDoNothing({ target: frontendSettings.key });
      written += missing.length;
    }
  });

  log(
    `reference data (${written} rows inserted or updated): ${COUNTIES.length} counties, ${CITIES.length} cities, ` +
      `${COUNTRIES.length} countries, ${HOSPITALS.length} hospitals, ${structure.clinics.length} hospital clinics, ` +
      `${structure.departments.length} departments, ${CLINICS.length} clinics, ${SPECIALTIES.length} specialties, ` +
      `${UNIVERSITY_SPECIALTIES.length} fields of study, ${UNIVERSITIES.length} universities, ${ACADEMIC_LEVELS.length} academic levels, ` +
      `${JOB_CATEGORIES.length} job categories, ${WORKPLACE_SITUATIONS.length} workplace situations, ${CATEGORIES.length} categories, ` +
      `${ROLES.length} roles, ${FRONTEND_SETTINGS.length} settings`,
  );
}
