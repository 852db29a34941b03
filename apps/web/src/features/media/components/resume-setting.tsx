import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMediaPreferences, useSetMediaPreferences } from '../api/media';

/** The user's "continue where I left off" setting. */
export function ResumeSetting() {
  const { t } = useTranslation('media');
  const preferences = useMediaPreferences();
  const set = useSetMediaPreferences();
  return (
    <Switch
      label={t('resume_setting')}
      description={t('resume_setting_hint')}
      checked={preferences.data?.resume ?? true}
      disabled={preferences.isPending || set.isPending}
      onChange={(e) => set.mutate(e.currentTarget.checked)}
    />
  );
}
