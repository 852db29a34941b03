import { AuthEntryModal } from '@/features/auth/components/auth-entry-modal';
import { HomeRoute } from './home';

/** `/login` and `/register`: the home page with the accounts modal on top. */
export function LoginRoute() {
  return (
    <>
      <HomeRoute />
      <AuthEntryModal mode="login" />
    </>
  );
}

export function RegisterRoute() {
  return (
    <>
      <HomeRoute />
      <AuthEntryModal mode="register" />
    </>
  );
}
