import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { accessNotice, useAccessNotice } from '@/shared/auth/access-notice';
import { paths } from '@/shared/config/paths';

/** The modals of spec point 2, shown on the home page after the guard sent someone there. */
export function AccessNoticeModal() {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const notice = useAccessNotice();
  if (!notice) return null;
  const close = () => accessNotice.close();
  const go = (to: string) => {
    close();
    void navigate(to);
  };
  const content = {
    registration_required: {
      title: t('access.registration_required_title'),
      body: tErrors('login_required'),
    },
    on_review: { title: t('access.on_review_title'), body: tErrors('account_in_review') },
    not_approved: { title: t('access.not_approved_title'), body: tErrors('account_not_approved') },
    company_page: { title: t('access.company_page_title'), body: t('access.company_page_body') },
    not_health_personnel: {
      title: t('access.no_health_personnel_title'),
      body: t('access.no_health_personnel_body'),
    },
  }[notice];
  return (
    <Modal opened onClose={close} title={content.title} centered>
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
