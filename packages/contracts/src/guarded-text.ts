import { z } from 'zod';
import { nationalIdMessage } from './national-id';

/**
 * The patient-data guard as a schema rule (issue 38, docs/patient-data-guard.md): every free text
 * that another person can read is built with `guardedText` (or wrapped in `withoutNationalId`), so
 * a text holding a national identity number is refused with `validation.national_id` (or
 * `validation.national_id_account` for eleven plain digits) on that field: 422 in the API, the
 * inline warning in the web. `contract-guard.spec.ts` (apps/api) fails on a free-text body field
 * that takes prose but lets a number through, unless it is exempt with a reason.
 */

/** Refuses text holding a national identity number (the patient-data guard, issues 26 and 38). */
export function withoutNationalId<T extends z.ZodType<string>>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    const key = typeof value === 'string' ? nationalIdMessage(value) : null;
    if (key) ctx.addIssue({ code: 'custom', message: key, input: value });
  }) as T;
}

/** A trimmed free text of at most `max` characters (at least `min`, default 0), guarded. */
export const guardedText = (max: number, min = 0) => {
  let schema = z.string().trim().max(max);
  if (min > 0) schema = schema.min(min);
  return withoutNationalId(schema);
};
