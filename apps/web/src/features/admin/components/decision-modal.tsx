import { type AccountAction, REASON_MAX } from '@legenett/contracts';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { useDecideAccount } from '../api/decide-account';

const NEEDS_REASON: Record<AccountAction, boolean> = {
  approve: false,
  reject: true,
  block: true,
  unblock: false,
};

interface Props {
  user: { id: number; name: string; confirmed: boolean };
  action: AccountAction | null;
  onClose: () => void;
}

/** Asks before a decision; reject and block need a reason the user is told. */
export function DecisionModal({ user, action, onClose }: Props) {
  const { t } = useTranslation('admin');
  const decide = useDecideAccount();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const submit = () => {
    if (!action) return;
    const needsReason = NEEDS_REASON[action];
    if (needsReason && reason.trim() === '') {
      setError(t('confirm.reason_required'));
      return;
    }
    decide.mutate(
      { id: user.id, action, reason: needsReason ? reason.trim() : undefined },
      {
        onSuccess: () => {
          notify.success(t(`done.${action}`, { name: user.name }));
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={action ? t(`confirm.${action}_title`, { name: user.name }) : ''}
      centered
    >
      {action && (
        <Stack gap="md">
          <Text size="sm">{t(`confirm.${action}_body`)}</Text>
          {action === 'approve' && !user.confirmed && (
            <Alert color="orange" variant="light">
              {t('confirm.approve_unconfirmed')}
            </Alert>
          )}
          {NEEDS_REASON[action] && (
            <Textarea
              label={t('confirm.reason_label')}
              placeholder={t('confirm.reason_placeholder')}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              maxLength={REASON_MAX}
              rows={4}
              required
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button
              color={action === 'block' || action === 'reject' ? 'red' : undefined}
              onClick={submit}
              loading={decide.isPending}
            >
              {t(`actions.${action}`)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
