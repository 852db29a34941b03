import { catalogue } from '@legenett/contracts';
import { type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

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
