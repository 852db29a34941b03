import { Injectable } from '@nestjs/common';
import { type CategoryQuery, type FrontendSettings, type Locale, type ReferenceQuery } from '@legenett/contracts';
import { AppError } from '../../common/errors/app-error';
import { ReferenceRepository } from './reference.repository';

type Parent = Parameters<ReferenceRepository['exists']>[0];

/** Reference lists: public, localised, searchable; a child list of a missing parent is a 404. */
@Injectable()
export class ReferenceService {
  constructor(private readonly repository: ReferenceRepository) {}

  private async requireParent(table: Parent, id: number): Promise<void> {
    if (!(await this.repository.exists(table, id))) throw AppError.notFound();
  }

  async categories(locale: Locale, q: CategoryQuery) {
    return { data: await this.repository.list('categories', locale, q, q.type) };
  }

  async counties(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('counties', locale, q) };
  }

  async cities(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('cities', locale, q) };
  }

  async citiesOfCounty(locale: Locale, countyId: number, q: ReferenceQuery) {
    await this.requireParent('counties', countyId);
    return { data: await this.repository.list('cities', locale, q, countyId) };
  }

  async countries(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('countries', locale, q) };
  }

  async hospitals(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('hospitals', locale, q) };
  }

  async hospitalClinics(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('hospitalClinics', locale, q) };
  }

  async hospitalClinicsOfHospital(locale: Locale, hospitalId: number, q: ReferenceQuery) {
    await this.requireParent('hospitals', hospitalId);
    return { data: await this.repository.list('hospitalClinics', locale, q, hospitalId) };
  }

  async departmentsOfHospitalClinic(locale: Locale, hospitalClinicId: number, q: ReferenceQuery) {
    await this.requireParent('hospitalClinics', hospitalClinicId);
    return { data: await this.repository.list('departments', locale, q, hospitalClinicId) };
  }

  async clinics(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('clinics', locale, q) };
  }

  async clinicsOfCity(locale: Locale, cityId: number, q: ReferenceQuery) {
    await this.requireParent('cities', cityId);
    return { data: await this.repository.list('clinics', locale, q, cityId) };
  }

  async specialties(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('specialties', locale, q) };
  }

  async universitySpecialties(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('universitySpecialties', locale, q) };
  }

  async universities(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('universities', locale, q) };
  }

  async academicLevels(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('academicLevels', locale, q) };
  }

  async jobCategories(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('jobCategories', locale, q) };
  }

  async workplaceSituations(locale: Locale, q: ReferenceQuery) {
    return { data: await this.repository.list('workplaceSituations', locale, q) };
  }

  async frontendSettings(): Promise<{ data: FrontendSettings }> {
    return { data: await this.repository.frontendSettings() };
  }
}
