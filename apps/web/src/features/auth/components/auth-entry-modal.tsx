import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { landingPath } from '@/shared/auth/account-state';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { LoginForm } from './login-form';

/** `/login` (the login form with its two-step step) and `/register` (filled by the registration slice) over the home page. */
export function AuthEntryModal({ mode }: { mode: 'login' | 'register' }) {
  const { t } = useTranslation();
  const { t: tAuth } = useTranslation('auth');
  const navigate = useNavigate();
  const close = () => void navigate(paths.home.path, { replace: true });
  if (mode === 'login') {
    return (
      <Modal opened onClose={close} title={tAuth('login.title')} centered>
        <LoginForm
          onLoggedIn={(session) => {
            notify.success(tAuth('login.welcome', { name: session.user.first_name }));
            void navigate(landingPath(session.user), { replace: true });
          }}
        />
      </Modal>
    );
  }
  return (
    <Modal opened onClose={close} title={t('auth_slot.register_title')} centered>
      <Text mb="lg">{t('auth_slot.body')}</Text>
      <Group justify="flex-end">
        <Button onClick={close}>{t('auth_slot.close')}</Button>
      </Group>
    </Modal>
  );
}
