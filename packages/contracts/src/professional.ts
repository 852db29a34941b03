import { z } from 'zod';
import { dataOf, IdParamSchema, IdSchema, isoDate, optionalText, PageQuerySchema, pageOf, refId, readable } from './common';
import { defineEndpoint } from './endpoint';

export const WORKPLACE_TYPES = ['hospital', 'general_practice', 'other'] as const;
export const WorkplaceTypeSchema = z.enum(WORKPLACE_TYPES);
export type WorkplaceType = z.infer<typeof WorkplaceTypeSchema>;

/** `YYYY-MM-DD`, a real calendar day. */
export const DateOnlySchema = isoDate();


/** A named reference (hospital, clinic, university ...) as the API shows it: localised name. */
export const NamedRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedRef = z.infer<typeof NamedRefSchema>;

export const CustomWorkplaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city_id: z.number().int().nullable(),
});
export type CustomWorkplace = z.infer<typeof CustomWorkplaceSchema>;

// ---------- professional experience ----------

const ExperienceFields = z.object({
  employer: optionalText(200),
  position: optionalText(200),
  field_of_work: optionalText(200),
  workplace_type: WorkplaceTypeSchema,
  hospital_id: refId,
  hospital_clinic_id: refId,
  department_id: refId,
  department_name: optionalText(200),
  /** Municipality. */
  city_id: refId,
  clinic_id: refId,
  clinic_name: optionalText(200),
  custom_workplace_id: refId,
  started_at: DateOnlySchema,
  finished_at: DateOnlySchema.nullish().transform((v) => v ?? null),
  /** Still working there: then there is no finish date. */
  is_current: z.boolean().default(false),
  resigned: z.boolean().default(false),
});

/** Create or replace one experience. Cross-field rules here; that referenced ids exist is the API's. */
export const ExperienceInput = ExperienceFields.superRefine((v, ctx) => {
  if (v.finished_at && v.finished_at < v.started_at) {
    ctx.addIssue({ code: 'custom', path: ['finished_at'], message: 'validation.date_order' });
  }
  if (v.is_current && v.finished_at) {
    ctx.addIssue({ code: 'custom', path: ['finished_at'], message: 'validation.current_has_end' });
  }
  const hasWorkplace =
    v.workplace_type === 'hospital'
      ? v.hospital_id !== null || v.custom_workplace_id !== null
      : v.workplace_type === 'general_practice'
        ? v.clinic_id !== null || v.clinic_name !== null || v.custom_workplace_id !== null
        : v.employer !== null || v.custom_workplace_id !== null;
  if (!hasWorkplace) {
    const field =
      v.workplace_type === 'hospital' ? 'hospital_id' : v.workplace_type === 'general_practice' ? 'clinic_name' : 'employer';
    ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
  }
});
export type ExperienceInput = z.infer<typeof ExperienceInput>;
export type ExperienceFormValues = z.input<typeof ExperienceInput>;

export const ExperienceSchema = z.object({
  id: z.number().int(),
  employer: z.string().nullable(),
  position: z.string().nullable(),
  field_of_work: z.string().nullable(),
  workplace_type: WorkplaceTypeSchema,
  hospital: NamedRefSchema.nullable(),
  hospital_clinic: NamedRefSchema.nullable(),
  department: NamedRefSchema.nullable(),
  department_name: z.string().nullable(),
  city: NamedRefSchema.nullable(),
  clinic: NamedRefSchema.nullable(),
  clinic_name: z.string().nullable(),
  custom_workplace: NamedRefSchema.nullable(),
  /** What to show as the workplace: the most specific name there is. */
  workplace_name: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  is_current: z.boolean(),
  resigned: z.boolean(),
});
export type Experience = z.infer<typeof ExperienceSchema>;

// ---------- education ----------

export const EducationInput = z
  .object({
    university_id: IdSchema,
    university_specialty_id: refId,
    academic_level_id: refId,
    started_at: DateOnlySchema,
    graduated_at: DateOnlySchema.nullish().transform((v) => v ?? null),
    currently_studying: z.boolean().default(false),
    doctorate: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.graduated_at && v.graduated_at < v.started_at) {
      ctx.addIssue({ code: 'custom', path: ['graduated_at'], message: 'validation.date_order' });
    }
    if (v.currently_studying && v.graduated_at) {
      ctx.addIssue({ code: 'custom', path: ['graduated_at'], message: 'validation.current_has_end' });
    }
  });
export type EducationInput = z.infer<typeof EducationInput>;
export type EducationFormValues = z.input<typeof EducationInput>;

export const EducationSchema = z.object({
  id: z.number().int(),
  university: NamedRefSchema.nullable(),
  university_specialty: NamedRefSchema.nullable(),
  academic_level: NamedRefSchema.nullable(),
  started_at: z.string(),
  graduated_at: z.string().nullable(),
  currently_studying: z.boolean(),
  doctorate: z.boolean(),
});
export type Education = z.infer<typeof EducationSchema>;

// ---------- custom workplaces ----------

export const CustomWorkplaceQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type CustomWorkplaceQuery = z.infer<typeof CustomWorkplaceQuerySchema>;

export const CreateCustomWorkplaceInput = z.object({
  name: readable(z.string().trim().min(2).max(200)),
  city_id: refId,
});
export type CreateCustomWorkplaceInput = z.infer<typeof CreateCustomWorkplaceInput>;

export const professionalEndpoints = {
  listExperiences: defineEndpoint({
    method: 'GET',
    path: '/user/professional-experiences',
    summary: 'My professional experience, newest first',
    access: 'user',
    personal: true,
    query: PageQuerySchema,
    response: pageOf(ExperienceSchema),
  }),
  showExperience: defineEndpoint({
    method: 'GET',
    path: '/user/professional-experiences/:id',
    summary: 'One of my experiences',
    access: 'user',
    personal: true,
    params: IdParamSchema,
    response: dataOf(ExperienceSchema),
  }),
  createExperience: defineEndpoint({
    method: 'POST',
    path: '/user/professional-experiences',
    summary: 'Add professional experience',
    access: 'user',
    personal: true,
    body: ExperienceInput,
    response: dataOf(ExperienceSchema),
    status: 201,
  }),
  updateExperience: defineEndpoint({
    method: 'PUT',
    path: '/user/professional-experiences/:id',
    summary: 'Edit one of my experiences',
    access: 'user',
    personal: true,
    params: IdParamSchema,
    body: ExperienceInput,
    response: dataOf(ExperienceSchema),
  }),
  deleteExperience: defineEndpoint({
    method: 'DELETE',
    path: '/user/professional-experiences/:id',
    summary: 'Delete one of my experiences',
    access: 'user',
    personal: true,
    params: IdParamSchema,
    response: null,
  }),
  listEducations: defineEndpoint({
    method: 'GET',
    path: '/user/educations',
    summary: 'My education, newest first',
    access: 'user',
    personal: true,
    query: PageQuerySchema,
    response: pageOf(EducationSchema),
  }),
  showEducation: defineEndpoint({
    method: 'GET',
    path: '/user/educations/:id',
    summary: 'One of my educations',
    access: 'user',
    personal: true,
    params: IdParamSchema,
    response: dataOf(EducationSchema),
  }),
  createEducation: defineEndpoint({
    method: 'POST',
    path: '/user/educations',
    summary: 'Add education',
    access: 'user',
    personal: true,
    body: EducationInput,
    response: dataOf(EducationSchema),
    status: 201,
  }),
  updateEducation: defineEndpoint({
    method: 'PUT',
    path: '/user/educations/:id',
    summary: 'Edit one of my educations',
    access: 'user',
    personal: true,
    params: IdParamSchema,
    body: EducationInput,
    response: dataOf(EducationSchema),
  }),
  deleteEducation: defineEndpoint({
    method: 'DELETE',
    path: '/user/educations/:id',
    summary: 'Delete one of my educations',
    access: 'user',
    personal: true,
    params: IdParamSchema,
    response: null,
  }),
  listCustomWorkplaces: defineEndpoint({
    method: 'GET',
    path: '/custom-workplaces',
    summary: 'Workplaces added by users, searchable',
    access: 'user',
    query: CustomWorkplaceQuerySchema,
    response: pageOf(CustomWorkplaceSchema),
  }),
  createCustomWorkplace: defineEndpoint({
    method: 'POST',
    path: '/custom-workplaces',
    summary: 'Add a workplace (an existing one with the same name, any case, is answered instead)',
    access: 'user',
    body: CreateCustomWorkplaceInput,
    response: dataOf(CustomWorkplaceSchema),
    status: 201,
  }),
} as const;
