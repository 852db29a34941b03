import { type AccountAction, DecisionReasonSchema, REASON_MAX } from '@legenett/contracts';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DecisionDialog } from '@/shared/forms/decision-dialog';
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
  return (
    <DecisionDialog
      opened={action !== null}
      onClose={onClose}
      title={action ? t(`confirm.${action}_title`, { name: user.name }) : ''}
      reason={
        action && NEEDS_REASON[action]
          ? {
              schema: DecisionReasonSchema,
              label: t('confirm.reason_label'),
              placeholder: t('confirm.reason_placeholder'),
              maxLength: REASON_MAX,
            }
          : undefined
      }
      confirmLabel={action ? t(`actions.${action}`) : ''}
      cancelLabel={t('actions.cancel')}
      danger={action === 'block' || action === 'reject'}
      onConfirm={async (reason) => {
        if (!action) return;
        await decide.mutateAsync({ id: user.id, action, reason });
        notify.success(t(`done.${action}`, { name: user.name }));
      }}
    >
      {action ? <Text size="sm">{t(`confirm.${action}_body`)}</Text> : null}
      {action === 'approve' && !user.confirmed ? (
        <Alert color="orange" variant="light">
          {t('confirm.approve_unconfirmed')}
        </Alert>
      ) : null}
    </DecisionDialog>
  );
}
