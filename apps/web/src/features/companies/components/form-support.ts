import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldError, type FieldValues, type Path, type Resolver, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { ApiError } from '@/shared/api/api-error';

/** A react-hook-form resolver for a contract schema: the form holds its input type, submit gets its output. */
export function contractResolver<I extends FieldValues, O extends FieldValues>(schema: z.ZodType<O, I>): Resolver<I, unknown, O> {
  return zodResolver(schema as never) as unknown as Resolver<I, unknown, O>;
}

/** Bounds of a field, for the "at least / at most" messages (the form's error does not carry them). */
export interface Bounds {
  min?: number;
  max?: number;
  list?: boolean;
  email?: boolean;
}

/** A field's message: the server's own text (already localised), else the kind of zod issue in the user's language. */
export function useFieldError(): (error: FieldError | undefined, bounds?: Bounds) => string | undefined {
  const { t } = useTranslation('validation');
  return (error, bounds = {}) => {
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    if (bounds.email && error.type !== 'too_big') return t('invalid_email');
    if (error.type === 'too_small') {
      if (bounds.list) return t('too_few_items', { minimum: bounds.min ?? 1 });
      return bounds.min && bounds.min > 1 ? t('too_short', { minimum: bounds.min }) : t('required');
    }
    if (error.type === 'too_big') return bounds.list ? t('too_many_items', { maximum: bounds.max ?? 1 }) : t('too_long', { maximum: bounds.max ?? 1 });
    if (error.type === 'invalid_type') return t('required');
    return t('invalid');
  };
}

/** Puts a 422's messages beside their fields (the API client has shown them as toasts already). */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  other?: (field: string, message: string) => void,
): void {
  const validation = error instanceof ApiError ? error.validation : null;
  if (!validation) return;
  for (const [field, messages] of Object.entries(validation.errors)) {
    const name = field.split('.')[0] ?? field;
    const message = messages.join(' ');
    if (fields.includes(name)) setError(name as Path<T>, { type: 'server', message });
    else other?.(name, message);
  }
}
