import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A button that asks first: the question in a modal, then `onConfirm`. */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  loading,
  ariaLabel,
  ...button
}: {
  label: string;
  question: string;
  onConfirm: () => Promise<unknown>;
  loading?: boolean;
  /** The trigger's accessible name when its short label is not enough (one of several "Remove"). */
  ariaLabel?: string;
} & Omit<ButtonProps, 'children' | 'onClick'>) {
  const { t } = useTranslation('petitions');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={label}>
        <Text mb="md">{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>
            {t('cancel')}
          </Button>
          <Button
            color={button.color}
            loading={loading}
            onClick={() => {
              void onConfirm().then(
                () => setOpen(false),
                () => undefined,
              );
            }}
          >
            {label}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
