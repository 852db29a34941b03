import { type AdminUserDetail } from '@legenett/contracts';
import { Alert, Divider, Group, Loader, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { useAdminUser } from '../api/get-admin-user';
import { AccountActions } from './account-actions';
import { formatDate, formatDateTime } from '@/shared/lib/dates';
import { fullName } from './format';
import { HprDetails } from './hpr-lookup';
import { AccountStatusBadge } from './status-badge';

/** One account: contact, status, HPR lookup, the actions its status allows, and the decision history. */
export function UserDetail({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const user = useAdminUser(id);
  if (user.isPending) return <Loader aria-label={t('detail.title')} />;
  if (user.isError) return <Alert color="red">{t('detail.load_error')}</Alert>;
  return <UserDetailView user={user.data} />;
}

function UserDetailView({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={2} size="h3">
            {fullName(user)}
          </Title>
          <Text size="sm" c="dimmed">
            {t('users.registered', { date: formatDate(user.created_at, locale) })}
          </Text>
        </div>
        <AccountStatusBadge status={user.status} />
      </Group>
      <AccountActions user={user} />

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label={t('detail.email')} value={user.email} />
        <Field label={t('detail.phone')} value={user.phone ?? '–'} />
        <Field
          label={t('detail.birth_date')}
          value={user.birth_date ? formatDate(user.birth_date, locale) : '–'}
        />
        <Field label={t('detail.email_verified')} value={user.email_verified ? t('hpr.yes') : t('hpr.no')} />
        <Field label={t('detail.registered_via')} value={t(`detail.via_${user.registered_via}`)} />
        <Field
          label={t('detail.roles')}
          value={user.roles.length ? user.roles.map((r) => t(`roles.${r}`)).join(', ') : t('detail.no_roles')}
        />
        <Field
          label={t('detail.last_login')}
          value={user.last_login_date ? formatDateTime(user.last_login_date, locale) : t('detail.never')}
        />
        <Field label={t('detail.language')} value={user.locale === 'no' ? 'Norsk' : 'English'} />
      </SimpleGrid>

      <Divider />
      <Title order={3} size="h5">
        {t('hpr.title')}
      </Title>
      <HprDetails hpr={user.hpr} />

      <Divider />
      <Title order={3} size="h5">
        {t('detail.history')}
      </Title>
      {user.decisions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.no_history')}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {user.decisions.map((d) => (
            <Timeline.Item key={d.id} title={t(`decisions.${d.decision}`)}>
              <Text size="xs" c="dimmed">
                {formatDateTime(d.created_at, locale)} ·{' '}
                {d.admin ? t('detail.by', { name: fullName(d.admin) }) : t('detail.by_unknown')}
              </Text>
              {d.reason && <Text size="sm">{t('detail.reason', { reason: d.reason })}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
