import { type Session } from '@legenett/contracts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDateTime } from '@/shared/lib/dates';
import { notify } from '@/shared/ui/notify';
import { useLogOutEverywhere, useRevokeSession, useSessions } from '../api/sessions';

function useDeviceName() {
  const { t } = useTranslation('auth');
  return ({ device }: Session): string => {
    if (device.browser && device.system)
      return t('sessions.device', { browser: device.browser, system: device.system });
    return device.browser ?? device.system ?? t('sessions.unknown_device');
  };
}

function SessionItem({ session }: { session: Session }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const deviceName = useDeviceName();
  const revoke = useRevokeSession();
  const name = deviceName(session);
  const lastUsed = formatDateTime(session.last_used_at ?? session.created_at, locale);
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            {session.current && (
              <Badge variant="light" size="sm">
                {t('sessions.this_device')}
              </Badge>
            )}
          </Group>
          {session.ip && (
            <Text size="sm" c="dimmed">
              {t('sessions.ip', { ip: session.ip })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('sessions.last_used', { date: lastUsed })} ·{' '}
            {t('sessions.created', { date: formatDateTime(session.created_at, locale) })}
          </Text>
        </Stack>
        {!session.current && (
          <Button
            variant="default"
            size="xs"
            style={{ flexShrink: 0 }}
            loading={revoke.isPending}
            aria-label={t('sessions.revoke_named', { device: name, date: lastUsed })}
            onClick={() =>
              revoke.mutate(session.id, { onSuccess: () => notify.success(t('sessions.revoked')) })
            }
          >
            {t('sessions.revoke')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The list of active sessions, with the loading, error and empty states of PagedList (it is never paged). */
function SessionList() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const sessions = useSessions();
  if (sessions.isError) return <Alert color="red">{t('sessions.load_error')}</Alert>;
  if (sessions.isPending) {
    return (
      <Box aria-busy="true">
        <VisuallyHidden role="status">{tc('loading')}</VisuallyHidden>
        <Skeleton h={80} />
      </Box>
    );
  }
  const items = sessions.data.data;
  if (items.length === 0) return <Alert variant="light">{t('sessions.empty')}</Alert>;
  return (
    <Stack component="ul" aria-label={t('sessions.list')} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((session) => (
        <li key={session.id}>
          <SessionItem session={session} />
        </li>
      ))}
    </Stack>
  );
}

/** Security settings: where the account is logged in, each session revocable, and "log out of all devices". */
export function SessionsSettings() {
  const { t } = useTranslation('auth');
  const everywhere = useLogOutEverywhere();
  return (
    <Stack gap="md" aria-labelledby="sessions-title" component="section">
      <Title order={3} size="h4" id="sessions-title">
        {t('sessions.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('sessions.help')}
      </Text>
      <SessionList />
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('sessions.logout_all_help')}</Text>
        <Button
          color="red"
          variant="light"
          loading={everywhere.isPending}
          onClick={() =>
            everywhere.mutate(undefined, { onSuccess: () => notify.success(t('sessions.logged_out_all')) })
          }
        >
          {t('sessions.logout_all')}
        </Button>
      </Stack>
    </Stack>
  );
}
