import { type NotificationPreferences, type PushDevice } from '@legenett/contracts';
import { Alert, Badge, Box, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDateTime } from '@/shared/lib/dates';
import { notify } from '@/shared/ui/notify';
import { browserPush, usePushDevices, useRegisterDevice, useRemoveDevice, vapidPublicKey } from '../api/push';

type Problem = 'denied' | 'failed' | null;

function useDeviceName() {
  const { t } = useTranslation('notifications_ui');
  return ({ device }: PushDevice): string => {
    if (device.browser && device.system) return t('push.device_name', { browser: device.browser, system: device.system });
    return device.browser ?? device.system ?? t('push.device_unknown');
  };
}

/**
 * "Push-varsler på denne enheten" (issue 41): our explanation first; the browser asks for permission
 * only after a click on our button, never when the page loads. The devices that get pushes, with their
 * last use, each removable; and the lock-screen preview (off by default).
 */
export function PushSettings({ prefs, onSave }: { prefs: NotificationPreferences; onSave: (body: { push_preview: boolean }) => void }) {
  const { t } = useTranslation('notifications_ui');
  const register = useRegisterDevice();
  const remove = useRemoveDevice();
  const supported = browserPush.supported();
  const [thisDevice, setThisDevice] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem>(supported && browserPush.permission() === 'denied' ? 'denied' : null);
  const [busy, setBusy] = useState(false);
  const { mutateAsync: registerDevice } = register;

  // A browser that already has a subscription (and the permission): tell the server again (idempotent)
  // to learn which device is this one. Asks the user nothing.
  useEffect(() => {
    if (!supported || browserPush.permission() !== 'granted') return;
    let live = true;
    void browserPush
      .current()
      .then(async (sub) => {
        if (!sub) return;
        const device = await registerDevice(sub);
        if (live) setThisDevice(device.id);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [supported, registerDevice]);

  const enable = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const permission = await browserPush.requestPermission();
      if (permission !== 'granted') {
        setProblem(permission === 'denied' ? 'denied' : null);
        return;
      }
      const sub = await browserPush.subscribe(await vapidPublicKey());
      const device = await registerDevice(sub);
      setThisDevice(device.id);
      notify.success(t('push.enabled'));
    } catch {
      setProblem('failed');
    } finally {
      setBusy(false);
    }
  };

  const removeDevice = async (id: number) => {
    if (id === thisDevice) {
      await browserPush.unsubscribe().catch(() => undefined);
      setThisDevice(null);
    }
    await remove.mutateAsync(id);
    notify.success(t('push.removed'));
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="push-title">
      <Title order={2} size="h3" id="push-title">
        {t('push.title')}
      </Title>
      <Text size="sm">{t('push.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('push.privacy')}
      </Text>
      {!supported ? (
        <Alert variant="light">{t('push.unsupported')}</Alert>
      ) : thisDevice === null ? (
        <Stack gap={4} align="flex-start">
          <Button onClick={() => void enable()} loading={busy}>
            {t('push.enable')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('push.enable_hint')}
          </Text>
        </Stack>
      ) : (
        <Group gap="sm">
          <Text size="sm" role="status">
            {t('push.enabled')}
          </Text>
          <Button variant="default" size="xs" onClick={() => void removeDevice(thisDevice)}>
            {t('push.disable')}
          </Button>
        </Group>
      )}
      {problem && (
        <Alert color={problem === 'denied' ? 'yellow' : 'red'} role="alert">
          {t(problem === 'denied' ? 'push.denied' : 'push.failed')}
        </Alert>
      )}
      <Switch
        mt="xs"
        label={t('push.preview_label')}
        description={t('push.preview_hint')}
        checked={prefs.push_preview}
        onChange={(e) => onSave({ push_preview: e.currentTarget.checked })}
      />
      <Title order={3} size="h4" mt="sm" id="push-devices-title">
        {t('push.devices_title')}
      </Title>
      <DeviceList thisDevice={thisDevice} onRemove={(id) => void removeDevice(id)} />
    </Stack>
  );
}

function DeviceList({ thisDevice, onRemove }: { thisDevice: number | null; onRemove: (id: number) => void }) {
  const { t } = useTranslation('notifications_ui');
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const deviceName = useDeviceName();
  const devices = usePushDevices();
  if (devices.isError) return <Alert color="red">{t('settings.load_error')}</Alert>;
  if (devices.isPending)
    return (
      <Box aria-busy="true">
        <VisuallyHidden role="status">{tc('loading')}</VisuallyHidden>
        <Skeleton h={60} />
      </Box>
    );
  if (devices.data.length === 0) return <Text size="sm" c="dimmed">{t('push.devices_empty')}</Text>;
  return (
    <Stack component="ul" aria-labelledby="push-devices-title" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {devices.data.map((d) => {
        const name = deviceName(d);
        return (
          <li key={d.id}>
            <Paper withBorder p="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{name}</Text>
                    {d.id === thisDevice && (
                      <Badge variant="light" size="sm">
                        {t('push.this_device')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {d.last_used_at ? t('push.last_used', { date: formatDateTime(d.last_used_at, locale) }) : t('push.never_used')} ·{' '}
                    {t('push.added', { date: formatDateTime(d.created_at, locale) })}
                  </Text>
                </Stack>
                <Button variant="default" size="xs" style={{ flexShrink: 0 }} aria-label={t('push.remove_label', { device: name })} onClick={() => onRemove(d.id)}>
                  {t('push.remove')}
                </Button>
              </Group>
            </Paper>
          </li>
        );
      })}
    </Stack>
  );
}
