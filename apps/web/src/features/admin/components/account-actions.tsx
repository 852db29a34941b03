import { type AccountAction, type AdminUser } from '@legenett/contracts';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from './decision-modal';
import { fullName } from './format';

const VARIANTS: Record<AccountAction, { color?: string; variant: 'filled' | 'light' | 'default' }> = {
  approve: { variant: 'filled' },
  reject: { variant: 'default' },
  block: { color: 'red', variant: 'light' },
  unblock: { variant: 'light' },
};

/** The buttons for what the account's status allows (the API's own table), each with its confirmation. */
export function AccountActions({ user, size = 'sm' }: { user: AdminUser; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('admin');
  const [action, setAction] = useState<AccountAction | null>(null);
  const name = fullName(user);
  if (user.available_actions.length === 0) return null;
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {user.available_actions.map((a) => (
          <Button
            key={a}
            size={size}
            {...VARIANTS[a]}
            onClick={() => setAction(a)}
            aria-label={`${t(`actions.${a}`)}: ${name}`}
          >
            {t(`actions.${a}`)}
          </Button>
        ))}
      </Group>
      <DecisionModal
        user={{ id: user.id, name, confirmed: user.hpr.confirms_health_personnel }}
        action={action}
        onClose={() => setAction(null)}
      />
    </>
  );
}
