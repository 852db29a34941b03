import { zodResolver } from '@hookform/resolvers/zod';
import { catalogue } from '@legenett/contracts';
import { type FieldError, type FieldValues, type Path, type Resolver, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { ApiError } from '@/shared/api/api-error';

/** react-hook-form resolver for a contract schema whose form state is its output type. */
export function contractResolver<O extends FieldValues, I extends FieldValues>(schema: z.ZodType<O, I>): Resolver<O, unknown, O> {
  return zodResolver(schema as never) as unknown as Resolver<O, unknown, O>;
}

type ValidationKey = keyof typeof catalogue.no.validation;
const isValidationKey = (key: string): key is ValidationKey => key in catalogue.no.validation;

function keyOf(error: FieldError): ValidationKey {
  const message = error.message ?? '';
  const named = message.startsWith('validation.') ? message.slice('validation.'.length) : '';
  if (isValidationKey(named)) return named;
  if (error.type === 'too_small' || error.type === 'invalid_type') return 'required';
  if (error.type === 'invalid_format') return 'invalid_date';
  if (error.type === 'invalid_value') return 'invalid_enum';
  return 'invalid';
}

/** A field's message: the server's own text (already localised), else the contract key translated. */
export function useFieldError(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation('validation');
  return (error) => {
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    return t(keyOf(error), { minimum: 3, maximum: 200 });
  };
}

/** Puts a 422's messages on the form's fields (the API client shows them as toasts too). */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): void {
  if (!(error instanceof ApiError)) return;
  const validation = error.validation;
  if (!validation) return;
  for (const [field, messages] of Object.entries(validation.errors)) {
    const name = field.split('.')[0] ?? field;
    if (fields.includes(name)) setError(name as Path<T>, { type: 'server', message: messages.join(' ') });
  }
}
