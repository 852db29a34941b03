import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type AccessNotice, accessNotice, useAccessNotice } from '@/shared/auth/access-notice';
import { paths } from '@/shared/config/paths';
import { useFocusFallback } from '@/shared/ui/dialog-focus';

/**
 * The modals of spec point 2, shown on the home page after the guard sent someone there. Opened
 * through `LoadOnFirstOpen` (the route guard), so the focus returns to the link that led to the
 * refused page, or to the main landmark when nothing on the page had it.
 */
export function AccessNoticeModal({ opened }: { opened: boolean }) {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const focusFallback = useFocusFallback();
  const current = useAccessNotice();
  // The last notice stays on screen while the dialog closes (the store is already empty then).
  const [notice, setNotice] = useState<AccessNotice>(current);
  if (current !== null && current !== notice) setNotice(current);
  // A button that leads to another page: the focus does not go back to a control of the page left
  // behind; it stays for that page (its own dialog takes it, or the main landmark).
  const [leaving, setLeaving] = useState(false);
  if (opened && leaving) setLeaving(false);
  if (!notice) return null;
  const close = () => accessNotice.close();
  const go = (to: string) => {
    setLeaving(true);
    close();
    void navigate(to);
  };
  const content = {
    registration_required: {
      title: t('access.registration_required_title'),
      body: tErrors('login_required'),
    },
    company_page: { title: t('access.company_page_title'), body: t('access.company_page_body') },
    not_health_personnel: {
      title: t('access.no_health_personnel_title'),
      body: t('access.no_health_personnel_body'),
    },
  }[notice];
  return (
    <Modal
      {...focusFallback}
      opened={opened}
      onClose={close}
      returnFocus={!leaving}
      title={content.title}
      centered
    >
      <Text mb="lg">{content.body}</Text>
      <Group justify="flex-end">
        {notice === 'registration_required' ? (
          <>
            <Button variant="default" onClick={() => go(paths.register.path)}>
              {t('access.register')}
            </Button>
            <Button onClick={() => go(paths.login.path)}>{t('access.login')}</Button>
          </>
        ) : (
          <Button onClick={close}>{t('access.close')}</Button>
        )}
      </Group>
    </Modal>
  );
}
