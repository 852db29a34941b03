import { z } from 'zod';
import { dataOf, IdParamSchema, IdSchema, PageQuerySchema, pageOf } from './common';
import { CourseTypeSchema } from './courses';
import { defineEndpoint } from './endpoint';
import { withoutNationalId } from './guarded-text';
import { JobWorkplaceTypeSchema } from './jobs';

/**
 * Alerts (saved searches, issue 27): "Varsle meg" on the jobs board, the course catalogue, petitions
 * and the video archive saves the list's filters; a new item that matches notifies the user at once
 * or goes into their digest.
 */

export const ALERT_TYPE_VALUES = ['job', 'course', 'petition', 'video'] as const;
export const AlertTypeSchema = z.enum(ALERT_TYPE_VALUES);
export type AlertType = z.infer<typeof AlertTypeSchema>;

export const ALERT_FREQUENCY_VALUES = ['immediate', 'daily', 'weekly'] as const;
export const AlertFrequencySchema = z.enum(ALERT_FREQUENCY_VALUES);
export type AlertFrequency = z.infer<typeof AlertFrequencySchema>;

/** Alerts one user may have. */
export const MAX_ALERTS_PER_USER = 20;
export const MAX_ALERT_NAME_LENGTH = 100;

const search = z.string().trim().max(100).optional();
const ids = (max: number) => z.array(IdSchema).max(max).default([]);

/** The filters of each list, named as its query parameters, so the saved search opens the list again. */
export const JobAlertFiltersSchema = z.object({
  search,
  speciality: IdSchema.optional(),
  workplace: JobWorkplaceTypeSchema.optional(),
  county: IdSchema.optional(),
  category: IdSchema.optional(),
});
export const CourseAlertFiltersSchema = z.object({
  search,
  specialities: ids(50),
  counties: ids(50),
  cities: ids(50),
  type: CourseTypeSchema.optional(),
});
export const PetitionAlertFiltersSchema = z.object({ search, petitionSpecialties: ids(10) });
export const VideoAlertFiltersSchema = z.object({ search, categories: ids(20) });
export type JobAlertFilters = z.infer<typeof JobAlertFiltersSchema>;
export type CourseAlertFilters = z.infer<typeof CourseAlertFiltersSchema>;
export type PetitionAlertFilters = z.infer<typeof PetitionAlertFiltersSchema>;
export type VideoAlertFilters = z.infer<typeof VideoAlertFiltersSchema>;

const common = {
  name: withoutNationalId(z.string().trim().min(1).max(MAX_ALERT_NAME_LENGTH)),
  frequency: AlertFrequencySchema,
};

/** Create or replace an alert. The type of an existing alert cannot change (422 on `type`). */
export const AlertInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('job'), ...common, filters: JobAlertFiltersSchema }),
  z.object({ type: z.literal('course'), ...common, filters: CourseAlertFiltersSchema }),
  z.object({ type: z.literal('petition'), ...common, filters: PetitionAlertFiltersSchema }),
  z.object({ type: z.literal('video'), ...common, filters: VideoAlertFiltersSchema }),
]);
export type AlertInput = z.infer<typeof AlertInput>;
export type AlertFormValues = z.input<typeof AlertInput>;

const stored = { id: z.number().int(), created_at: z.string(), updated_at: z.string() };
export const AlertSchema = z.discriminatedUnion('type', [
  z.object({ ...stored, type: z.literal('job'), ...common, filters: JobAlertFiltersSchema }),
  z.object({ ...stored, type: z.literal('course'), ...common, filters: CourseAlertFiltersSchema }),
  z.object({ ...stored, type: z.literal('petition'), ...common, filters: PetitionAlertFiltersSchema }),
  z.object({ ...stored, type: z.literal('video'), ...common, filters: VideoAlertFiltersSchema }),
]);
export type Alert = z.infer<typeof AlertSchema>;

/** One match of a daily or weekly alert, as the digest reads it (`AlertsDigestReader.matchesSince`). */
export interface AlertDigestMatch {
  item_type: AlertType;
  item_id: number;
  title: string;
  /** The user's alerts that matched it (one item once, however many of their alerts matched). */
  alert_names: string[];
  matched_at: Date;
}

export const alertEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/alerts',
    summary: "The caller's alerts (saved searches), newest first",
    access: 'member',
    personal: true,
    query: PageQuerySchema,
    response: pageOf(AlertSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/alerts',
    summary: `Save a search as an alert (at most ${MAX_ALERTS_PER_USER} per user: 409 beyond)`,
    access: 'member',
    personal: true,
    body: AlertInput,
    response: dataOf(AlertSchema),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/alerts/:id',
    summary: 'Rename an own alert, change its filters or how often it notifies',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    body: AlertInput,
    response: dataOf(AlertSchema),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/alerts/:id',
    summary: 'Delete an own alert',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    response: null,
    status: 204,
  }),
} as const;
