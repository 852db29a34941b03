import { AuthEntryModal } from '@/features/auth/components/auth-entry-modal';
import { HomeRoute } from './home';

/** `/login`: the home page with the login dialog on top (`/register` is its own page). */
export function LoginRoute() {
  return (
    <>
      <HomeRoute />
      <AuthEntryModal />
    </>
  );
}
