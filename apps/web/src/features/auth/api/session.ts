import { authEndpoints, type LoginResponse, LoginResponseSchema, type User } from '@legenett/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, apiUrl } from '@/shared/api/api-client';
import { authStore } from '@/shared/auth/auth-store';
import { currentLocale } from '@/shared/i18n/i18n';
import { forgetOtherUsers } from '@/shared/offline/device-data';
import { authKeys } from './keys';

const idOf = (user: unknown): number | null =>
  typeof user === 'object' && user !== null && 'id' in user && typeof user.id === 'number' ? user.id : null;

/**
 * Stores a login answer: token in the `access_token` cookie, user in local storage. Another
 * account's leftovers on the device (offline queue, runtime caches) go; true when the account
 * changed, so the caller clears the query cache as well.
 */
export function storeSession(session: LoginResponse): boolean {
  const switched = forgetOtherUsers(idOf(authStore.get().user), session.user.id);
  authStore.setSession(session.access_token, session.expires_in, session.user);
  return switched;
}

/**
 * `POST /user/access-token/refresh` with the httpOnly refresh cookie. Plain fetch on purpose: it runs
 * inside the 401 handler, so it must not go through that handler again.
 */
export async function refreshSession(): Promise<LoginResponse | null> {
  const response = await fetch(apiUrl(authEndpoints.refresh), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-localization': currentLocale() },
  });
  if (!response.ok) return null;
  const parsed = LoginResponseSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

let reloading: Promise<User> | null = null;

/** `POST /user` (open to every account state) into the stored session; one call for callers at once. */
export function reloadAccount(): Promise<User> {
  reloading ??= apiCall(authEndpoints.me, { overlay: false, silent: true })
    .then(({ data }) => {
      if (authStore.getToken()) authStore.setUser(data);
      return data;
    })
    .finally(() => {
      reloading = null;
    });
  return reloading;
}

/**
 * The state pages read the account again (`POST /user`, open to every status): an approval or a
 * review that happened since the login shows at once, and an approved account moves on (to the page
 * it tried to open, else the feed). Read again every minute and when the tab gets the focus back
 * (after the approval e-mail), so the page does the return without a reload.
 */
export const freshAccountQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.account(),
    queryFn: reloadAccount,
    staleTime: 0,
    retry: false,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export function useFreshAccount() {
  return useQuery(freshAccountQueryOptions());
}
