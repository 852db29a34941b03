import { type User } from '@legenett/contracts';
import { paths } from '@/shared/config/paths';
import { type AccessNotice } from './access-notice';
import { accountState } from './account-state';
import { type RouteAccess } from './route-access';

export type AccessDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      to: string;
      notice?: Exclude<AccessNotice, null>;
      /** A warning toast: a key of the `errors` catalogue section. */
      toast?: 'unauthorized_only';
      /**
       * The account is not approved yet: the page is held for it (`held-page.ts`) and its state page
       * (home) names it, instead of a modal or a toast over a page it may not read.
       */
      hold?: true;
    };

const allow: AccessDecision = { kind: 'allow' };
const home = paths.home.path;

const held: AccessDecision = { kind: 'redirect', to: home, hold: true };

/**
 * Spec point 2 for one route: its access rule, the path and the logged-in user (or null). Pure, so
 * the rules are tested one by one; RouteAccessGuard carries out the decision. `heldPath` is the page
 * the account tried to open before it was approved: once approved, home leads there, not to the feed.
 */
export function decideAccess(access: RouteAccess, pathname: string, user: User | null, heldPath: string | null = null): AccessDecision {
  if (access === 'unauthorizedOnly') {
    return user ? { kind: 'redirect', to: home, toast: 'unauthorized_only' } : allow;
  }
  if (access === 'public') {
    // After login, '/' leads to the feed unless the user acts as a business profile. Accounts that
    // are not approved stay home, which shows them their account's state.
    if (pathname === home && user && !user.active_business_profile && accountState(user) === 'approved') {
      return { kind: 'redirect', to: heldPath ?? paths.feed.path };
    }
    return allow;
  }
  if (!user) return { kind: 'redirect', to: home, notice: 'registration_required' };
  // The inbox reads for every state (the API's `user` gate); writing is the API's `member` gate.
  if (access === 'inbox') return allow;
  const inReview = user.status_label === 'In review';
  if (access === 'healthPersonnel') {
    if (user.user_info.approved_hrp === 2 || inReview) return allow;
    // Awaiting approval: the state page explains it (the HPR check is what approval waits for).
    if (accountState(user) === 'not_approved') return held;
    return { kind: 'redirect', to: home, notice: 'not_health_personnel' };
  }
  if (inReview) return held;
  const personal = access === 'personal' || access === 'account';
  if (personal && user.active_business_profile) return { kind: 'redirect', to: home, notice: 'company_page' };
  // Awaiting approval (or rejected): only the own account's pages; content waits for the approval.
  if (access !== 'account' && accountState(user) === 'not_approved') return held;
  if (access === 'admin' && !user.roles.includes('admin')) return { kind: 'redirect', to: home };
  return allow;
}

/**
 * Whether a navigation entry with this access rule leads somewhere for `user`: visitors see every
 * entry (a login-required one asks them to log in), logged-in users only what they may open.
 */
export function mayNavigate(access: RouteAccess, user: User | null): boolean {
  if (!user || access === 'public') return true;
  return decideAccess(access, '', user).kind === 'allow';
}
