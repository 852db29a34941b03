import { type Locale } from '@legenett/contracts';
import { type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isLocale, translateKey } from '@/shared/i18n/i18n';
import { decodeMessage } from './issue-message';

/** A field error's message in `locale`: the server's own text (already localised), else its catalogue message. */
export function fieldMessage(error: FieldError | undefined, locale: Locale): string | undefined {
  if (!error) return undefined;
  const message = error.message ?? '';
  if (error.type === 'server') return message;
  const reference = decodeMessage(message);
  if (reference) return translateKey(locale, reference.key, reference.vars);
  return message || translateKey(locale, 'validation.invalid');
}

/** `fieldMessage` in the user's language; the component re-renders (and re-translates) on a language switch. */
export function useFieldMessage(): (error: FieldError | undefined) => string | undefined {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'no';
  return (error) => fieldMessage(error, locale);
}
