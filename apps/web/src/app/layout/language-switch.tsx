import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLocale, isLocale } from '@/shared/i18n/i18n';
import { useLocale } from '@/shared/i18n/use-locale';

/** Norsk / English; the choice is remembered and sets `<html lang>`. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <SegmentedControl
      aria-label={t('header.language_label')}
      size="xs"
      radius="xl"
      value={locale}
      onChange={(value) => {
        if (isLocale(value)) void changeLocale(value);
      }}
      data={[
        { value: 'no', label: <span lang="no">{t('header.language_no')}</span> },
        { value: 'en', label: <span lang="en">{t('header.language_en')}</span> },
      ]}
    />
  );
}
