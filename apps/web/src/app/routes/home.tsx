import { AccountStatePage } from '@/features/auth/components/account-state-page';
import { HomePage } from '@/features/home/components/home-page';
import { CountyList } from '@/features/reference/components/county-list';
import { IntroVideo } from '@/features/reference/components/intro-video';
import { accountState } from '@/shared/auth/account-state';
import { useCurrentUser } from '@/shared/auth/auth-store';

/** Visitors (and accounts acting as a company) see the front page; accounts not approved see their state. */
export function HomeRoute() {
  const user = useCurrentUser();
  if (user && accountState(user) !== 'approved') return <AccountStatePage user={user} />;
  return <HomePage regions={<CountyList />} introVideo={<IntroVideo />} />;
}

export { HomeRoute as Component };
