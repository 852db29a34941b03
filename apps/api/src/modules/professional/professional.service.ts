import { Injectable } from '@nestjs/common';
import {
  type CreateCustomWorkplaceInput,
  type CustomWorkplaceQuery,
  type EducationInput,
  type ExperienceInput,
  type Locale,
  type MessageKey,
  type PageQuery,
} from '@legenett/contracts';
import { AppError } from '../../common/errors/app-error';
import { readPage } from '../../common/lists';
import { ReferenceChecks } from '../reference';
import { ProfessionalRepository } from './professional.repository';

/** Own professional experience and education (others' rows are a 404), and custom workplaces. */
@Injectable()
export class ProfessionalService {
  constructor(
    private readonly repository: ProfessionalRepository,
    private readonly references: ReferenceChecks,
  ) {}

  /** References exist, and the hospital -> clinic -> department chain holds together. */
  private async checkExperience(input: ExperienceInput): Promise<ExperienceInput> {
    await this.references.require([
      ['hospital_id', 'hospitals', input.hospital_id],
      ['hospital_clinic_id', 'hospitalClinics', input.hospital_clinic_id],
      ['department_id', 'hospitalClinicDepartments', input.department_id],
      ['city_id', 'cities', input.city_id],
      ['clinic_id', 'clinics', input.clinic_id],
      ['custom_workplace_id', 'customWorkplaces', input.custom_workplace_id],
    ]);
    const fields: Record<string, MessageKey[]> = {};
    if (input.hospital_clinic_id !== null) {
      const hospitalId = await this.repository.hospitalOfClinic(input.hospital_clinic_id);
      if (input.hospital_id === null || hospitalId !== input.hospital_id) {
        fields.hospital_clinic_id = ['profile.errors.clinic_not_in_hospital'];
      }
    }
    if (input.department_id !== null) {
      const clinicId = await this.repository.clinicOfDepartment(input.department_id);
      if (input.hospital_clinic_id === null || clinicId !== input.hospital_clinic_id) {
        fields.department_id = ['profile.errors.department_not_in_clinic'];
      }
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
    // Hospital details only belong to hospital experience, clinic details only to general practice.
    const hospital = input.workplace_type === 'hospital';
    const practice = input.workplace_type === 'general_practice';
    return {
      ...input,
      hospital_id: hospital ? input.hospital_id : null,
      hospital_clinic_id: hospital ? input.hospital_clinic_id : null,
      department_id: hospital ? input.department_id : null,
      department_name: hospital ? input.department_name : null,
      clinic_id: practice ? input.clinic_id : null,
      clinic_name: practice ? input.clinic_name : null,
      finished_at: input.is_current ? null : input.finished_at,
    };
  }

  async listExperiences(userId: number, locale: Locale, q: PageQuery) {
    const { rows, meta } = await readPage(q, this.repository.listExperiences(userId, locale));
    return { data: rows, meta };
  }

  async showExperience(userId: number, id: number, locale: Locale) {
    const row = await this.repository.findExperience(userId, id, locale);
    if (!row) throw AppError.notFound();
    return { data: row };
  }

  async createExperience(userId: number, input: ExperienceInput, locale: Locale) {
    const id = await this.repository.insertExperience(userId, await this.checkExperience(input));
    return this.showExperience(userId, id, locale);
  }

  async updateExperience(userId: number, id: number, input: ExperienceInput, locale: Locale) {
    // Ownership first: someone else's id is a 404 even with bad input.
    if (!(await this.repository.findExperience(userId, id, locale))) throw AppError.notFound();
    if (!(await this.repository.updateExperience(userId, id, await this.checkExperience(input))))
      throw AppError.notFound();
    return this.showExperience(userId, id, locale);
  }

  async deleteExperience(userId: number, id: number): Promise<void> {
    if (!(await this.repository.deleteExperience(userId, id))) throw AppError.notFound();
  }

  private async checkEducation(input: EducationInput): Promise<EducationInput> {
    await this.references.require([
      ['university_id', 'universities', input.university_id],
      ['university_specialty_id', 'universitySpecialties', input.university_specialty_id],
      ['academic_level_id', 'academicLevels', input.academic_level_id],
    ]);
    return { ...input, graduated_at: input.currently_studying ? null : input.graduated_at };
  }

  async listEducations(userId: number, locale: Locale, q: PageQuery) {
    const { rows, meta } = await readPage(q, this.repository.listEducations(userId, locale));
    return { data: rows, meta };
  }

  async showEducation(userId: number, id: number, locale: Locale) {
    const row = await this.repository.findEducation(userId, id, locale);
    if (!row) throw AppError.notFound();
    return { data: row };
  }

  async createEducation(userId: number, input: EducationInput, locale: Locale) {
    const id = await this.repository.insertEducation(userId, await this.checkEducation(input));
    return this.showEducation(userId, id, locale);
  }

  async updateEducation(userId: number, id: number, input: EducationInput, locale: Locale) {
    if (!(await this.repository.findEducation(userId, id, locale))) throw AppError.notFound();
    if (!(await this.repository.updateEducation(userId, id, await this.checkEducation(input))))
      throw AppError.notFound();
    return this.showEducation(userId, id, locale);
  }

  async deleteEducation(userId: number, id: number): Promise<void> {
    if (!(await this.repository.deleteEducation(userId, id))) throw AppError.notFound();
  }

  async listCustomWorkplaces(q: CustomWorkplaceQuery) {
    const { rows, meta } = await readPage(q, this.repository.listCustomWorkplaces(q.search || undefined));
    return { data: rows, meta };
  }

  async createCustomWorkplace(userId: number, input: CreateCustomWorkplaceInput) {
    await this.references.require([['city_id', 'cities', input.city_id]]);
    // "St. Olavs  hospital" and "st. olavs hospital" are one workplace.
    const name = input.name.replace(/\s+/g, ' ');
    return { data: await this.repository.findOrCreateCustomWorkplace(name, input.city_id, userId) };
  }
}
