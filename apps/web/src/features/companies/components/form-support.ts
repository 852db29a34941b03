import { type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

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
