import { useTranslation } from 'react-i18next';
import { LOCALES } from '@legenett/contracts';
import { changeLocale, isLocale } from '@/shared/i18n/i18n';
import { useLocale } from '@/shared/i18n/use-locale';
import classes from './language-switch.module.css';

const LABEL = { no: 'header.language_no', en: 'header.language_en' } as const;

/**
 * Norsk / English; the choice is remembered and sets `<html lang>`. A radio group (arrow keys move
 * and choose, as the platform's own radios do), drawn by CSS alone: see language-switch.module.css.
 */
export function LanguageSwitch({ name = 'legenett-language' }: { name?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div role="radiogroup" aria-label={t('header.language_label')} className={classes.root}>
      {LOCALES.map((value) => (
        <label key={value} className={classes.option}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={value}
            checked={locale === value}
            onChange={(event) => {
              if (isLocale(event.currentTarget.value)) void changeLocale(event.currentTarget.value);
            }}
          />
          <span lang={value}>{t(LABEL[value])}</span>
        </label>
      ))}
    </div>
  );
}
