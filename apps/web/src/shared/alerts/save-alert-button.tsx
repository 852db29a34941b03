import { Button } from '@mantine/core';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountState } from '@/shared/auth/account-state';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { LoadOnFirstOpen } from '@/shared/ui/load-on-first-open';
import { type AlertDraft } from './draft';

const AlertDialog = lazy(() => import('./alert-dialog').then((m) => ({ default: m.AlertDialog })));

/**
 * "Varsle meg": saves the list's current filters as an alert (jobs, courses, petitions, videos).
 * Shown to approved members acting as themselves (alerts are personal, like the API's gate).
 */
export function SaveAlertButton({ draft }: { draft: AlertDraft }) {
  const { t } = useTranslation('alerts');
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user || user.active_business_profile || accountState(user) !== 'approved') return null;
  return (
    <>
      <Button
        variant="light"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {t('save_button')}
      </Button>
      <LoadOnFirstOpen opened={open}>{(opened) => <AlertDialog draft={draft} opened={opened} onClose={() => setOpen(false)} />}</LoadOnFirstOpen>
    </>
  );
}
