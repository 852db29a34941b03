import { NOTIFICATION_CATEGORY_VALUES, UnsubscribeQuery } from '@legenett/contracts';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useUnsubscribe } from '../api/notification-preferences';

/**
 * `/unsubscribe`: where a person who opens an e-mail's unsubscribe link lands (no login). It asks
 * first, so that a link scanner opening the address changes nothing; the button makes the same
 * one-click POST a mail client sends (RFC 8058).
 */
export function UnsubscribePage() {
  const { t } = useTranslation('notifications_ui');
  const [params] = useSearchParams();
  const parsed = UnsubscribeQuery.safeParse(Object.fromEntries(params));
  const unsubscribe = useUnsubscribe();
  if (!parsed.success)
    return (
      <Stack maw={560} py="xl" mx="auto">
        <Title order={1}>{t('unsubscribe.title')}</Title>
        <Alert color="red" role="alert">
          {t('unsubscribe.invalid')}
        </Alert>
      </Stack>
    );
  const q = parsed.data;
  const digest = q.c === 'digest';
  const category = (NOTIFICATION_CATEGORY_VALUES as readonly string[]).includes(q.c)
    ? t(`settings.categories.${q.c as (typeof NOTIFICATION_CATEGORY_VALUES)[number]}`)
    : t('unsubscribe.digest_category');
  return (
    <Stack maw={560} py="xl" mx="auto" gap="md">
      <Title order={1}>{t('unsubscribe.title')}</Title>
      {unsubscribe.isSuccess ? (
        <Alert color="green" role="status">
          {digest ? t('unsubscribe.done_digest') : t('unsubscribe.done', { category })}
        </Alert>
      ) : (
        <>
          <Text>{digest ? t('unsubscribe.question_digest') : t('unsubscribe.question', { category })}</Text>
          <div>
            <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(q)}>
              {t('unsubscribe.confirm')}
            </Button>
          </div>
        </>
      )}
      <Text size="sm" c="dimmed">
        {t('unsubscribe.settings_hint')}{' '}
        <Anchor component={Link} to={paths.notificationSettings.path}>
          {t('settings_link')}
        </Anchor>
      </Text>
    </Stack>
  );
}
