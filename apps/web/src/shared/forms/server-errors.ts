import { type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError, ApiResponseShapeError, NetworkError } from '@/shared/api/api-error';

/** Receives a 422 message of a field the form does not hold. */
export type OtherFieldError = (field: string, message: string) => void;

/**
 * Puts a 422's messages beside the fields they name (`setError` on each field the form holds; the API
 * client has shown every message as a warning toast, spec point 8, so nothing is lost for other
 * fields). Failed calls have been shown already and end here; anything else is a bug and is rethrown.
 */
export function showServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'setError' | 'getValues'>,
  error: unknown,
  other?: OtherFieldError,
  schemaFields: readonly string[] = [],
): void {
  if (!(error instanceof ApiError || error instanceof NetworkError || error instanceof ApiResponseShapeError)) throw error;
  const validation = error instanceof ApiError ? error.validation : null;
  if (!validation) return;
  const fields = new Set([...Object.keys(form.getValues()), ...schemaFields]);
  for (const [path, messages] of Object.entries(validation.errors)) {
    const name = path.split('.')[0] ?? path;
    const message = messages.join(' ');
    if (fields.has(name)) form.setError(name as Path<T>, { type: 'server', message });
    else other?.(name, message);
  }
}
