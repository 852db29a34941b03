import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { accountState, landingPath } from '@/shared/auth/account-state';
import { heldPage } from '@/shared/auth/held-page';
import { paths, safeNext } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { LoginForm } from './login-form';

/** `/login`: the login form (with its two-step step) in a dialog over the home page; `?next=` returns there. */
export function AuthEntryModal() {
  const { t: tAuth } = useTranslation('auth');
  const navigate = useNavigate();
  // Where the visitor came from (`/login?next=/petitions/details/7`): back there once logged in.
  const next = safeNext(useSearchParams()[0].get('next'));
  const close = () => void navigate(next ?? paths.home.path, { replace: true });
  return (
    <Modal opened onClose={close} title={tAuth('login.title')} centered>
      <LoginForm
        onLoggedIn={(session) => {
          notify.success(tAuth('login.welcome', { name: session.user.first_name }));
          const approved = accountState(session.user) === 'approved';
          // Not approved yet: the state page names the page the link led to, and opens it once approved.
          if (next && !approved) heldPage.remember({ userId: session.user.id, path: next });
          const back = next && approved ? next : null;
          void navigate(back ?? landingPath(session.user), { replace: true });
        }}
      />
    </Modal>
  );
}
