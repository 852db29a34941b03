import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { setUnauthorizedHandler } from '@/shared/api/api-client';
import { setAccountRefusedHandler } from '@/shared/api/handle-api-error';
import { accessNotice, useAccessNotice } from '@/shared/auth/access-notice';
import { type AccessDecision, decideAccess } from '@/shared/auth/access-rules';
import { accountState } from '@/shared/auth/account-state';
import { authStore, parseUser, useCurrentUser } from '@/shared/auth/auth-store';
import { heldPage, useHeldPage } from '@/shared/auth/held-page';
import { useRouteHandle } from '@/shared/auth/route-access';
import { createRefreshHandler } from '@/shared/auth/session-refresh';
import { paths } from '@/shared/config/paths';
import { LoadOnFirstOpen } from '@/shared/ui/load-on-first-open';
import { notify } from '@/shared/ui/notify';
import { refreshSession, reloadAccount } from '../api/session';

const ALLOW: AccessDecision = { kind: 'allow' };

/** The modals of spec point 2 (their own chunk: Mantine's Modal is not start-up code). */
const AccessNoticeModal = lazy(() => import('./access-notice-modal').then((m) => ({ default: m.AccessNoticeModal })));

/**
 * Enforces the route table's `access` rules (spec point 2; decisions in `decideAccess`) and owns
 * the session's 401 handling: one refresh for all waiting requests, else log out and go home. A
 * refused page never renders, not even for a frame.
 */
export function RouteAccessGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const handle = useRouteHandle();
  const user = useCurrentUser();
  const notice = useAccessNotice();
  const held = useHeldPage(user?.id);
  const approved = user !== null && accountState(user) === 'approved';
  // The page on screen (or refused): the one to hold for an account that is not approved yet.
  const here = `${location.pathname}${location.search}${location.hash}`;
  const page = useRef({ here, title: handle?.title, userId: user?.id });
  page.current = { here, title: handle?.title, userId: user?.id };

  useEffect(() => {
    setUnauthorizedHandler(
      createRefreshHandler({
        refresh: refreshSession,
        onFailure: () => {
          authStore.clear();
          queryClient.clear();
          void navigate(paths.home.path, { replace: true });
        },
      }),
    );
    // The API knows the account's state better than the stored copy: read it again after a refusal.
    // A refusal for the account's state (an administrator changed it since the login) holds the page
    // and leads to the state page, which names it.
    setAccountRefusedHandler((reason) => {
      const refused = page.current;
      void reloadAccount()
        .catch(() => undefined)
        .then(() => {
          if (reason !== 'account_in_review' && reason !== 'account_not_approved') return;
          const current = parseUser(authStore.get().user);
          if (current && refused.here !== paths.home.path) heldPage.remember({ userId: current.id, path: refused.here, title: refused.title });
          void navigate(paths.home.path, { replace: true });
        });
    });
    return () => {
      setUnauthorizedHandler(null);
      setAccountRefusedHandler(null);
    };
  }, [navigate, queryClient]);

  // Logging in on a page for visitors (the login modal, verification) is not a visit "while logged
  // in": those pages move on by themselves. Remember whether each visit started logged in.
  const [entry, setEntry] = useState({ key: location.key, hadUser: user !== null });
  if (entry.key !== location.key) setEntry({ key: location.key, hadUser: user !== null });
  const hadUser = entry.key === location.key ? entry.hadUser : user !== null;
  const access = handle?.access ?? 'public';
  const loggedInHere = access === 'unauthorizedOnly' && user !== null && !hadUser;
  const heldPath = approved ? (held?.path ?? null) : null;
  const decision = useMemo(
    () => (loggedInHere ? ALLOW : decideAccess(access, location.pathname, user, heldPath)),
    [loggedInHere, access, location.pathname, user, heldPath],
  );

  useEffect(() => {
    if (decision.kind !== 'redirect') return;
    if (decision.toast) notify.warning(t(decision.toast));
    if (decision.notice) accessNotice.open(decision.notice);
    // The page of this decision (the decision changes with the location and the user).
    const refused = page.current;
    if (decision.hold && refused.userId !== undefined && refused.here !== paths.home.path) {
      heldPage.remember({ userId: refused.userId, path: refused.here, title: refused.title });
    }
    void navigate(decision.to, { replace: true });
  }, [decision, navigate, t]);

  // Approved now, and on the held page (home led there, or the login did): it has been returned.
  useEffect(() => {
    if (approved && held && decision.kind === 'allow' && here === held.path) heldPage.clear();
  }, [approved, held, decision, here]);

  return (
    <>
      {decision.kind === 'allow' ? children : null}
      <LoadOnFirstOpen opened={notice !== null}>{(opened) => <AccessNoticeModal opened={opened} />}</LoadOnFirstOpen>
    </>
  );
}
