import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Locale, referenceEndpoints as ep } from '@legenett/contracts';
import { Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { ReferenceService } from './reference.service';

type ListQuery = QueryOf<typeof ep.counties>;
type ParentParams = ParamsOf<typeof ep.citiesOfCounty>;

@ApiTags('Reference lists')
@Controller()
export class ReferenceController {
  constructor(private readonly reference: ReferenceService) {}

  @Route(ep.categories)
  categories(@RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.categories>) {
    return this.reference.categories(locale, q);
  }

  @Route(ep.counties)
  counties(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.counties(locale, q);
  }

  @Route(ep.cities)
  cities(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.cities(locale, q);
  }

  @Route(ep.citiesOfCounty)
  citiesOfCounty(@RequestLocale() locale: Locale, @Params() p: ParentParams, @Query() q: ListQuery) {
    return this.reference.citiesOfCounty(locale, p.id, q);
  }

  @Route(ep.countries)
  countries(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.countries(locale, q);
  }

  @Route(ep.hospitals)
  hospitals(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.hospitals(locale, q);
  }

  @Route(ep.hospitalClinics)
  hospitalClinics(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.hospitalClinics(locale, q);
  }

  @Route(ep.hospitalClinicsOfHospital)
  hospitalClinicsOfHospital(@RequestLocale() locale: Locale, @Params() p: ParentParams, @Query() q: ListQuery) {
    return this.reference.hospitalClinicsOfHospital(locale, p.id, q);
  }

  @Route(ep.departmentsOfHospitalClinic)
  departmentsOfHospitalClinic(@RequestLocale() locale: Locale, @Params() p: ParentParams, @Query() q: ListQuery) {
    return this.reference.departmentsOfHospitalClinic(locale, p.id, q);
  }

  @Route(ep.clinics)
  clinics(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.clinics(locale, q);
  }

  @Route(ep.clinicsOfCity)
  clinicsOfCity(@RequestLocale() locale: Locale, @Params() p: ParentParams, @Query() q: ListQuery) {
    return this.reference.clinicsOfCity(locale, p.id, q);
  }

  @Route(ep.specialties)
  specialties(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.specialties(locale, q);
  }

  @Route(ep.universitySpecialties)
  universitySpecialties(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.universitySpecialties(locale, q);
  }

  @Route(ep.universities)
  universities(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.universities(locale, q);
  }

  @Route(ep.academicLevels)
  academicLevels(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.academicLevels(locale, q);
  }

  @Route(ep.jobCategories)
  jobCategories(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.jobCategories(locale, q);
  }

  @Route(ep.workplaceSituations)
  workplaceSituations(@RequestLocale() locale: Locale, @Query() q: ListQuery) {
    return this.reference.workplaceSituations(locale, q);
  }

  @Route(ep.frontendSettings)
  frontendSettings() {
    return this.reference.frontendSettings();
  }
}
