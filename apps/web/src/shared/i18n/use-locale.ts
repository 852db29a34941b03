import { type Locale } from '@legenett/contracts';
import { useTranslation } from 'react-i18next';
import { isLocale } from './i18n';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : 'no';
}
