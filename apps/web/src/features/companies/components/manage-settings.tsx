import { type Company } from '@legenett/contracts';
import { Card, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { useCompanySettings } from '../api/companies';

/** Publish / unpublish and comments on / off; each switch saves at once (PATCH settings). */
export function ManageSettings({ company }: { company: Company }) {
  const { t } = useTranslation('companies_ui');
  const settings = useCompanySettings(company.slug);
  const save = (patch: { is_published?: boolean; is_comments_allowed?: boolean }) =>
    settings.mutate(patch, { onSuccess: () => notify.success(t('manage.settings.saved')) });
  const busy = (key: 'is_published' | 'is_comments_allowed') => settings.isPending && settings.variables[key] !== undefined;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="company-settings-heading">
      <Title order={2} size="h4" id="company-settings-heading" mb="md">
        {t('manage.settings.heading')}
      </Title>
      <Stack gap="lg">
        <Switch
          label={t('manage.settings.published')}
          description={t('manage.settings.published_hint')}
          checked={company.is_published}
          disabled={busy('is_published')}
          onChange={(e) => save({ is_published: e.currentTarget.checked })}
        />
        <Switch
          label={t('manage.settings.comments')}
          description={t('manage.settings.comments_hint')}
          checked={company.is_comments_allowed}
          disabled={busy('is_comments_allowed')}
          onChange={(e) => save({ is_comments_allowed: e.currentTarget.checked })}
        />
      </Stack>
    </Card>
  );
}
