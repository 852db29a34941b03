import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { landingPath } from '@/shared/auth/account-state';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { LoginForm } from './login-form';

/** `/login`: the login form (with its two-step step) in a dialog over the home page. */
export function AuthEntryModal() {
  const { t: tAuth } = useTranslation('auth');
  const navigate = useNavigate();
  const close = () => void navigate(paths.home.path, { replace: true });
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
