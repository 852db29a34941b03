import { type Alert } from '@legenett/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineErrorText } from '@/shared/api/api-error';
import { useDeleteAlert } from '@/shared/alerts/api';
import { notify } from '@/shared/ui/notify';

/** Asks before an alert is deleted (loaded on first open). */
export function DeleteAlertDialog({ alert, opened, onClose }: { alert: Alert; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('alerts');
  const remove = useDeleteAlert();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(alert.id);
      notify.success(t('deleted', { name: alert.name }));
      onClose();
    } catch (err) {
      setError(inlineErrorText(err));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('delete_confirm_title')}>
      <Stack>
        <Text>{t('delete_confirm', { name: alert.name })}</Text>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            {t('delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
