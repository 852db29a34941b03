import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { IdParamSchema, listOf } from './common';

/**
 * Reference lists (spec point 7). They are bounded catalogues that fill pickers, so they answer the
 * whole (filtered) list at once, capped by `limit`; see docs/decisions/0002-reference-lists.md.
 */
export const REFERENCE_LIMIT_MAX = 1000;

export const ReferenceQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(REFERENCE_LIMIT_MAX).default(REFERENCE_LIMIT_MAX),
});
export type ReferenceQuery = z.infer<typeof ReferenceQuerySchema>;

export const CategoryQuerySchema = ReferenceQuerySchema.extend({
  type: z.enum(['company', 'course', 'product', 'petition', 'video', 'audio']).default('company'),
});
export type CategoryQuery = z.infer<typeof CategoryQuerySchema>;

/** Every reference item: `name` already localised with the spec's fallback rule. */
export const ReferenceItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type ReferenceItem = z.infer<typeof ReferenceItemSchema>;

export const CountySchema = ReferenceItemSchema.extend({ code: z.string() });
export const CitySchema = ReferenceItemSchema.extend({ county_id: z.number().int() });
export const CountrySchema = ReferenceItemSchema.extend({ code: z.string() });
export const HospitalSchema = ReferenceItemSchema.extend({
  health_trust: z.string().nullable(),
  city_id: z.number().int().nullable(),
});
export const HospitalClinicSchema = ReferenceItemSchema.extend({ hospital_id: z.number().int() });
export const DepartmentSchema = ReferenceItemSchema.extend({ hospital_clinic_id: z.number().int() });
export const ClinicSchema = ReferenceItemSchema.extend({ city_id: z.number().int().nullable() });
export const CategorySchema = ReferenceItemSchema.extend({ type: z.string() });
export const UniversitySchema = ReferenceItemSchema.extend({ country_code: z.string() });
export const WorkplaceSituationSchema = ReferenceItemSchema.extend({ code: z.enum(['student', 'working', 'unemployed']) });

export const FrontendSettingsSchema = z.object({
  prev_image_video_src: z.string().nullable(),
  prev_image_video_link: z.string().nullable(),
});
export type FrontendSettings = z.infer<typeof FrontendSettingsSchema>;

const list = <T extends z.ZodType>(path: string, summary: string, item: T) =>
  defineEndpoint({ method: 'GET', path, summary, access: 'public', query: ReferenceQuerySchema, response: listOf(item) });
const childList = <T extends z.ZodType>(path: string, summary: string, item: T) =>
  defineEndpoint({ method: 'GET', path, summary, access: 'public', params: IdParamSchema, query: ReferenceQuerySchema, response: listOf(item) });

export const referenceEndpoints = {
  categories: defineEndpoint({
    method: 'GET',
    path: '/categories',
    summary: 'Categories of one type (default: company categories)',
    access: 'public',
    query: CategoryQuerySchema,
    response: listOf(CategorySchema),
  }),
  counties: list('/counties', 'Norwegian counties (2024)', CountySchema),
  cities: list('/cities', 'Cities and municipalities', CitySchema),
  citiesOfCounty: childList('/cities/:id/county', 'Cities in one county', CitySchema),
  countries: list('/countries', 'Countries', CountrySchema),
  hospitals: list('/hospitals', 'Hospitals of the health trusts', HospitalSchema),
  hospitalClinics: list('/hospital-clinics', 'Hospital clinics', HospitalClinicSchema),
  hospitalClinicsOfHospital: childList('/hospital-clinics/:id/hospital', 'Clinics of one hospital', HospitalClinicSchema),
  departmentsOfHospitalClinic: childList(
    '/hospital-clinic-departments/:id/hospital-clinic',
    'Departments of one hospital clinic',
    DepartmentSchema,
  ),
  clinics: list('/clinics', 'Clinics (outside hospitals)', ClinicSchema),
  clinicsOfCity: childList('/clinics/:id/city', 'Clinics in one city', ClinicSchema),
  specialties: list('/specialties', 'Medical specialties', ReferenceItemSchema),
  universitySpecialties: list('/university-specialties', 'Fields of study', ReferenceItemSchema),
  universities: list('/universities', 'Universities', UniversitySchema),
  academicLevels: list('/academic-levels', 'Academic levels', ReferenceItemSchema),
  jobCategories: list('/job-categories', 'Job categories', ReferenceItemSchema),
  workplaceSituations: list('/workplace-situations', 'Workplace situations', WorkplaceSituationSchema),
  frontendSettings: defineEndpoint({
    method: 'GET',
    path: '/frontend-settings',
    summary: 'Settings the SPA reads at start',
    access: 'public',
    response: z.object({ data: FrontendSettingsSchema }),
  }),
} as const;
