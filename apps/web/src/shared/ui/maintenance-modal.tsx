import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { maintenance, useMaintenance } from './maintenance-store';

/** Shown when any API call answers 503 (spec point 8). */
export function MaintenanceModal() {
  const { t } = useTranslation();
  const state = useMaintenance();
  return (
    <Modal
      opened={state.open}
      onClose={maintenance.close}
      title={t('maintenance.title')}
      centered
      zIndex={400}
    >
      <Text mb="md">{state.message ?? t('maintenance.text')}</Text>
      <Group justify="flex-end">
        <Button onClick={() => window.location.reload()}>{t('maintenance.retry')}</Button>
      </Group>
    </Modal>
  );
}
