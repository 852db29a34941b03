import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The question of a `ConfirmButton` (its own chunk: see docs/how-to/web-feature.md, "A dialog"). */
export function ConfirmDialog({
  opened,
  title,
  question,
  confirmLabel,
  color,
  loading,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Text mb="md">{question}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('confirm_cancel')}
        </Button>
        <Button color={color} loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
