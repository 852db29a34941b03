import { Injectable } from '@nestjs/common';
import {
  type CustomWorkplace,
  type Education,
  type EducationInput,
  type Experience,
  type ExperienceInput,
  type Locale,
} from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { InjectDatabase } from '../../database/database.module';
import { likePattern, localisedName } from '../reference/reference.repository';

const {
  academicLevels,
  cities,
  clinics,
  customWorkplaces,
  educations,
  hospitalClinicDepartments,
  hospitalClinics,
  hospitals,
  professionalExperiences: experiences,
  universities,
  universitySpecialties,
} = schema;

/** Reference tables an experience or education may point at, for existence checks. */
export const REFERENCE_TABLES = {
  hospitals,
  hospitalClinics,
  hospitalClinicDepartments,
  cities,
  clinics,
  customWorkplaces,
  universities,
  universitySpecialties,
  academicLevels,
} as const;
export type ReferenceTable = keyof typeof REFERENCE_TABLES;

const ref = (id: SQL<number | null> | typeof hospitals.id, name: SQL<string>) =>
  sql<{ id: number; name: string } | null>`case when ${id} is null then null else json_build_object('id', ${id}, 'name', ${name}) end`;

@Injectable()
export class ProfessionalRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  // ---------- experience ----------

  private experienceSelect(locale: Locale) {
    return this.db
      .select({
        id: experiences.id,
        employer: experiences.employer,
        position: experiences.position,
        field_of_work: experiences.field_of_work,
        workplace_type: experiences.workplace_type,
        hospital: ref(sql`${hospitals.id}`, localisedName(hospitals.name, locale)),
        hospital_clinic: ref(sql`${hospitalClinics.id}`, localisedName(hospitalClinics.name, locale)),
        department: ref(sql`${hospitalClinicDepartments.id}`, localisedName(hospitalClinicDepartments.name, locale)),
        department_name: experiences.department_name,
        city: ref(sql`${cities.id}`, localisedName(cities.name, locale)),
        clinic: ref(sql`${clinics.id}`, localisedName(clinics.name, locale)),
        clinic_name: experiences.clinic_name,
        custom_workplace: ref(sql`${customWorkplaces.id}`, sql<string>`${customWorkplaces.name}`),
        started_at: experiences.started_at,
        finished_at: experiences.finished_at,
        is_current: experiences.is_current,
        resigned: experiences.resigned,
      })
      .from(experiences)
      .leftJoin(hospitals, eq(hospitals.id, experiences.hospital_id))
      .leftJoin(hospitalClinics, eq(hospitalClinics.id, experiences.hospital_clinic_id))
      .leftJoin(hospitalClinicDepartments, eq(hospitalClinicDepartments.id, experiences.department_id))
      .leftJoin(cities, eq(cities.id, experiences.city_id))
      .leftJoin(clinics, eq(clinics.id, experiences.clinic_id))
      .leftJoin(customWorkplaces, eq(customWorkplaces.id, experiences.custom_workplace_id));
  }

  private static withWorkplaceName(row: Omit<Experience, 'workplace_name'>): Experience {
    const workplace_name =
      row.custom_workplace?.name ??
      (row.workplace_type === 'hospital'
        ? (row.hospital?.name ?? null)
        : row.workplace_type === 'general_practice'
          ? (row.clinic?.name ?? row.clinic_name)
          : null) ??
      row.employer;
    return { ...row, workplace_name };
  }

  async listExperiences(userId: number, locale: Locale, page: number, perPage: number) {
    const [rows, [total]] = await Promise.all([
      this.experienceSelect(locale)
        .where(eq(experiences.user_id, userId))
        .orderBy(desc(experiences.is_current), desc(experiences.started_at), desc(experiences.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(experiences).where(eq(experiences.user_id, userId)),
    ]);
    return { rows: rows.map(ProfessionalRepository.withWorkplaceName), total: total?.n ?? 0 };
  }

  async findExperience(userId: number, id: number, locale: Locale): Promise<Experience | null> {
    const [row] = await this.experienceSelect(locale)
      .where(and(eq(experiences.id, id), eq(experiences.user_id, userId)))
      .limit(1);
    return row ? ProfessionalRepository.withWorkplaceName(row) : null;
  }

  async insertExperience(userId: number, input: ExperienceInput): Promise<number> {
    const [row] = await this.db
      .insert(experiences)
      .values({ ...input, user_id: userId })
      .returning({ id: experiences.id });
    return row!.id;
  }

  /** False when there is no such experience of this user. */
  async updateExperience(userId: number, id: number, input: ExperienceInput): Promise<boolean> {
    const rows = await this.db
      .update(experiences)
      .set(input)
      .where(and(eq(experiences.id, id), eq(experiences.user_id, userId)))
      .returning({ id: experiences.id });
    return rows.length > 0;
  }

  async deleteExperience(userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(experiences)
      .where(and(eq(experiences.id, id), eq(experiences.user_id, userId)))
      .returning({ id: experiences.id });
    return rows.length > 0;
  }

  // ---------- education ----------

  private educationSelect(locale: Locale) {
    return this.db
      .select({
        id: educations.id,
        university: ref(sql`${universities.id}`, localisedName(universities.name, locale)),
        university_specialty: ref(sql`${universitySpecialties.id}`, localisedName(universitySpecialties.name, locale)),
        academic_level: ref(sql`${academicLevels.id}`, localisedName(academicLevels.name, locale)),
        started_at: educations.started_at,
        graduated_at: educations.graduated_at,
        currently_studying: educations.currently_studying,
        doctorate: educations.doctorate,
      })
      .from(educations)
      .leftJoin(universities, eq(universities.id, educations.university_id))
      .leftJoin(universitySpecialties, eq(universitySpecialties.id, educations.university_specialty_id))
      .leftJoin(academicLevels, eq(academicLevels.id, educations.academic_level_id));
  }

  async listEducations(userId: number, locale: Locale, page: number, perPage: number) {
    const [rows, [total]] = await Promise.all([
      this.educationSelect(locale)
        .where(eq(educations.user_id, userId))
        .orderBy(desc(educations.currently_studying), desc(educations.started_at), desc(educations.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(educations).where(eq(educations.user_id, userId)),
    ]);
    return { rows: rows as Education[], total: total?.n ?? 0 };
  }

  async findEducation(userId: number, id: number, locale: Locale): Promise<Education | null> {
    const [row] = await this.educationSelect(locale)
      .where(and(eq(educations.id, id), eq(educations.user_id, userId)))
      .limit(1);
    return row ?? null;
  }

  async insertEducation(userId: number, input: EducationInput): Promise<number> {
    const [row] = await this.db
      .insert(educations)
      .values({ ...input, user_id: userId })
      .returning({ id: educations.id });
    return row!.id;
  }

  async updateEducation(userId: number, id: number, input: EducationInput): Promise<boolean> {
    const rows = await this.db
      .update(educations)
      .set(input)
      .where(and(eq(educations.id, id), eq(educations.user_id, userId)))
      .returning({ id: educations.id });
    return rows.length > 0;
  }

  async deleteEducation(userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(educations)
      .where(and(eq(educations.id, id), eq(educations.user_id, userId)))
      .returning({ id: educations.id });
    return rows.length > 0;
  }

  // ---------- references ----------

  async exists(table: ReferenceTable, id: number): Promise<boolean> {
    const t = REFERENCE_TABLES[table];
    const rows = await this.db.select({ id: t.id }).from(t).where(eq(t.id, id)).limit(1);
    return rows.length > 0;
  }

  async hospitalOfClinic(hospitalClinicId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ id: hospitalClinics.hospital_id })
      .from(hospitalClinics)
      .where(eq(hospitalClinics.id, hospitalClinicId))
      .limit(1);
    return row?.id ?? null;
  }

  async clinicOfDepartment(departmentId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ id: hospitalClinicDepartments.hospital_clinic_id })
      .from(hospitalClinicDepartments)
      .where(eq(hospitalClinicDepartments.id, departmentId))
      .limit(1);
    return row?.id ?? null;
  }

  // ---------- custom workplaces ----------

  async listCustomWorkplaces(search: string | undefined, page: number, perPage: number) {
    const where = search ? sql`${customWorkplaces.name} ilike ${likePattern(search)}` : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ id: customWorkplaces.id, name: customWorkplaces.name, city_id: customWorkplaces.city_id })
        .from(customWorkplaces)
        .where(where)
        .orderBy(asc(sql`lower(${customWorkplaces.name})`), asc(customWorkplaces.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(customWorkplaces).where(where),
    ]);
    return { rows: rows as CustomWorkplace[], total: total?.n ?? 0 };
  }

  /** Inserts, or answers the existing workplace of the same name in any case (unique on lower(name)). */
  async findOrCreateCustomWorkplace(name: string, cityId: number | null, userId: number): Promise<CustomWorkplace> {
    const [created] = await this.db
      .insert(customWorkplaces)
      .values({ name, city_id: cityId, created_by_user_id: userId })
      .onConflictDoNothing()
      .returning({ id: customWorkplaces.id, name: customWorkplaces.name, city_id: customWorkplaces.city_id });
    if (created) return created;
    const [existing] = await this.db
      .select({ id: customWorkplaces.id, name: customWorkplaces.name, city_id: customWorkplaces.city_id })
      .from(customWorkplaces)
      .where(sql`lower(${customWorkplaces.name}) = lower(${name})`)
      .limit(1);
    return existing!;
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(experiences).where(eq(experiences.user_id, userId));
    await tx.delete(educations).where(eq(educations.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      professional_experiences: await this.db.select().from(experiences).where(eq(experiences.user_id, userId)),
      educations: await this.db.select().from(educations).where(eq(educations.user_id, userId)),
    };
  }
}
