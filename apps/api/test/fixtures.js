"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.insertReferenceFixtures = insertReferenceFixtures;
const db_1 = require("@legenett/db");
/**
 * A small reference tree of this test's own (codes and names carry `token`), so tests do not
 * depend on seed data or on each other: county -> city -> clinic, hospital -> clinic -> department,
 * and one row in every flat list. Norwegian and English names differ so localisation shows.
 */
async function insertReferenceFixtures(db, token) {
    const t = token;
    const [county] = await db
        .insert(db_1.schema.counties)
        .values({ code: `c-${t}`, name: { no: `Østfylke ${t}`, en: `East County ${t}` } })
        .returning();
    const [otherCounty] = await db
        .insert(db_1.schema.counties)
        .values({ code: `c2-${t}`, name: { no: `Åsfylke ${t}`, en: `Ridge County ${t}` } })
        .returning();
    const cities = await db
        .insert(db_1.schema.cities)
        .values([
        { code: `ci1-${t}`, county_id: county.id, name: { no: `Ålby ${t}`, en: `Eel Town ${t}` } },
        { code: `ci2-${t}`, county_id: county.id, name: { no: `Bergby ${t}`, en: `Zeta Town ${t}` } },
        { code: `ci3-${t}`, county_id: otherCounty.id, name: { no: `Fjellby ${t}` } },
    ])
        .returning();
    const [city] = cities;
    const [hospital] = await db
        .insert(db_1.schema.hospitals)
        .values({ code: `h-${t}`, name: { no: `Sykehuset ${t}`, en: `Hospital ${t}` }, health_trust: 'Helse Test', city_id: city.id })
        .returning();
    const [hospitalClinic] = await db
        .insert(db_1.schema.hospitalClinics)
        .values({ code: `hc-${t}`, hospital_id: hospital.id, name: { no: `Medisinsk klinikk ${t}`, en: `Medical clinic ${t}` } })
        .returning();
    const [department] = await db
        .insert(db_1.schema.hospitalClinicDepartments)
        .values({ code: `hd-${t}`, hospital_clinic_id: hospitalClinic.id, name: { no: `Hjerteavdeling ${t}`, en: `Cardiology ${t}` } })
        .returning();
    const [clinic] = await db
        .insert(db_1.schema.clinics)
        .values({ code: `cl-${t}`, city_id: city.id, name: { no: `Legesenter ${t}`, en: `Medical centre ${t}` } })
        .returning();
    const [country] = await db
        .insert(db_1.schema.countries)
        .values({ code: `X${t}`, name: { no: `Testland ${t}`, en: `Testland EN ${t}` } })
        .returning();
    const [specialty] = await db
        .insert(db_1.schema.specialties)
        .values({ code: `s-${t}`, name: { no: `Indremedisin ${t}`, en: `Internal medicine ${t}` } })
        .returning();
    const [universitySpecialty] = await db
        .insert(db_1.schema.universitySpecialties)
        .values({ code: `us-${t}`, name: { no: `Medisin ${t}`, en: `Medicine ${t}` } })
        .returning();
    const [university] = await db
        .insert(db_1.schema.universities)
        .values({ code: `u-${t}`, country_code: 'NO', name: { no: `Universitetet i Test ${t}`, en: `University of Test ${t}` } })
        .returning();
    const academicLevels = await db
        .insert(db_1.schema.academicLevels)
        .values([
        { code: `al2-${t}`, sort_order: -2, name: { no: `Å-nivå ${t}`, en: `A level ${t}` } },
        { code: `al1-${t}`, sort_order: -1, name: { no: `B-nivå ${t}`, en: `B level ${t}` } },
    ])
        .returning();
    const [jobCategory] = await db
        .insert(db_1.schema.jobCategories)
        .values({ code: `jc-${t}`, name: { no: `Overlege ${t}`, en: `Consultant ${t}` } })
        .returning();
    const [companyCategory] = await db
        .insert(db_1.schema.categories)
        .values({ code: `cc-${t}`, type: 'company', name: { no: `Legemiddel ${t}`, en: `Pharma ${t}` } })
        .returning();
    const [courseCategory] = await db
        .insert(db_1.schema.categories)
        .values({ code: `kc-${t}`, type: 'course', name: { no: `Kurs ${t}`, en: `Course ${t}` } })
        .returning();
    return {
        county: county,
        otherCounty: otherCounty,
        cities,
        city: city,
        hospital: hospital,
        hospitalClinic: hospitalClinic,
        department: department,
        clinic: clinic,
        country: country,
        specialty: specialty,
        universitySpecialty: universitySpecialty,
        university: university,
        academicLevels,
        jobCategory: jobCategory,
        companyCategory: companyCategory,
        courseCategory: courseCategory,
    };
}
//# sourceMappingURL=fixtures.js.map