import { translate } from '@legenett/contracts';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import { type z } from 'zod';
import { currentLocale } from '@/shared/i18n/i18n';

/**
 * A field's message in the user's language: contract schemas name catalogue keys
 * (`validation.password_rule`); server messages come translated already.
 */
export function fieldMessage(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const locale = currentLocale();
  const message = error.message ?? '';
  if (/^(validation|errors|registration)\.[a-z0-9_.]+$/.test(message)) return translate(locale, message);
  if (error.type === 'server' && message) return message;
  if (error.type === 'too_small' || error.type === 'invalid_type')
    return translate(locale, 'validation.required');
  return translate(locale, 'validation.invalid');
}

/**
 * A react-hook-form resolver from a contract schema (the contracts' zod build, whatever zod the
 * resolver package sees): top-level field -> first issue, with the issue's catalogue key as message.
 */
export function contractResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
