import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFocusFallback } from './dialog-focus';
import { maintenance, useMaintenance } from './maintenance-store';

/**
 * Shown when any API call answers 503 (spec point 8). Opened through `LoadOnFirstOpen` (app layout),
 * so the focus returns where it was when it closes.
 */
export function MaintenanceModal({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const { message } = useMaintenance();
  const focusFallback = useFocusFallback();
  return (
    <Modal
      {...focusFallback}
      opened={opened}
      onClose={maintenance.close}
      title={t('maintenance.title')}
      centered
      zIndex={400}
    >
      <Text mb="md">{message ?? t('maintenance.text')}</Text>
      <Group justify="flex-end">
        <Button onClick={() => window.location.reload()}>{t('maintenance.retry')}</Button>
      </Group>
    </Modal>
  );
}
