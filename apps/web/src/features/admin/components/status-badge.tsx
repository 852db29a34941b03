import { type AccountStatus } from '@legenett/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AccountStatus, string> = {
  awaiting_approval: 'yellow',
  in_review: 'blue',
  approved: 'green',
  rejected: 'gray',
  blocked: 'red',
};

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={COLORS[status]} variant="light" tt="none">
      {t(`status.${status}`)}
    </Badge>
  );
}
