import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Path, type Resolver, type UseFormSetError } from 'react-hook-form';
import { type z } from 'zod';
import { ApiError } from '@/shared/api/api-error';

/**
 * A react-hook-form resolver for a contract schema whose form state is its output type. Schemas that
 * coerce (`z.coerce.number()` ids, prices) have `unknown` input types; the form always holds the
 * output type there, so that is the honest type of its state. zodResolver keeps each issue's code as
 * the error `type`, which the features' field-message helpers translate.
 */
export function contractResolver<O extends FieldValues, I>(schema: z.ZodType<O, I>): Resolver<O, unknown, O> {
  return zodResolver(schema as never) as unknown as Resolver<O, unknown, O>;
}

/** The same for a form whose state is the schema's input (e.g. ids as strings from a multi-select); submit gets the output. */
export function inputContractResolver<I extends FieldValues, O extends FieldValues>(schema: z.ZodType<O, I>): Resolver<I, unknown, O> {
  return zodResolver(schema as never) as unknown as Resolver<I, unknown, O>;
}

/**
 * Puts a 422's messages beside the form's fields (the API client has shown them as toasts already);
 * `other` receives messages of fields the form does not register (e.g. a file input).
 */
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
