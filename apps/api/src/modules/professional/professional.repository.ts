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
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { type PageSource } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';
import { likePattern, localisedRef, namedRef } from '../reference';

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
        hospital: localisedRef(hospitals, locale),
        hospital_clinic: localisedRef(hospitalClinics, locale),
        department: localisedRef(hospitalClinicDepartments, locale),
        department_name: experiences.department_name,
        city: localisedRef(cities, locale),
        clinic: localisedRef(clinics, locale),
        clinic_name: experiences.clinic_name,
        custom_workplace: namedRef(customWorkplaces.id, customWorkplaces.name),
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

  listExperiences(userId: number, locale: Locale): PageSource<Experience> {
    return {
      count: async () => {
        const [total] = await this.db
          .select({ n: count() })
          .from(experiences)
          .where(eq(experiences.user_id, userId));
        return total?.n ?? 0;
      },
      read: async (slice) => {
        const rows = await this.experienceSelect(locale)
          .where(eq(experiences.user_id, userId))
          .orderBy(desc(experiences.is_current), desc(experiences.started_at), desc(experiences.id))
          .limit(slice.limit)
          .offset(slice.offset);
        return rows.map(ProfessionalRepository.withWorkplaceName);
      },
    };
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
        university: localisedRef(universities, locale),
        university_specialty: localisedRef(universitySpecialties, locale),
        academic_level: localisedRef(academicLevels, locale),
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

  listEducations(userId: number, locale: Locale): PageSource<Education> {
    return {
      count: async () => {
        const [total] = await this.db
          .select({ n: count() })
          .from(educations)
          .where(eq(educations.user_id, userId));
        return total?.n ?? 0;
      },
      read: (slice) =>
        this.educationSelect(locale)
          .where(eq(educations.user_id, userId))
          .orderBy(desc(educations.currently_studying), desc(educations.started_at), desc(educations.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
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

  listCustomWorkplaces(search: string | undefined): PageSource<CustomWorkplace> {
    const where = search ? sql`${customWorkplaces.name} ilike ${likePattern(search)}` : undefined;
    return {
      count: async () => {
        const [total] = await this.db.select({ n: count() }).from(customWorkplaces).where(where);
        return total?.n ?? 0;
      },
      read: (slice) =>
        this.db
          .select({ id: customWorkplaces.id, name: customWorkplaces.name, city_id: customWorkplaces.city_id })
          .from(customWorkplaces)
          .where(where)
          .orderBy(asc(sql`lower(${customWorkplaces.name})`), asc(customWorkplaces.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  /** Inserts, or answers the existing workplace of the same name in any case (unique on lower(name)). */
  async findOrCreateCustomWorkplace(
    name: string,
    cityId: number | null,
    userId: number,
  ): Promise<CustomWorkplace> {
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
