import { type User } from '@legenett/contracts';
import { paths } from '@/shared/config/paths';
import { type AccessNotice } from './access-notice';
import { type RouteAccess } from './route-access';

export type AccessDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      to: string;
      notice?: Exclude<AccessNotice, null>;
      /** A warning toast: a key of the `errors` catalogue section. */
      toast?: 'unauthorized_only' | 'not_health_personnel';
    };

const allow: AccessDecision = { kind: 'allow' };
const home = paths.home.path;

/**
 * Spec point 2 for one route: its access rule, the path and the logged-in user (or null). Pure, so
 * the rules are tested one by one; RouteAccessGuard carries out the decision.
 */
export function decideAccess(access: RouteAccess, pathname: string, user: User | null): AccessDecision {
  if (access === 'unauthorizedOnly') {
    return user ? { kind: 'redirect', to: home, toast: 'unauthorized_only' } : allow;
  }
  if (access === 'public') {
    // After login, '/' leads to the feed unless the user acts as a business profile ("In review"
    // users stay home: the feed would send them back).
    if (pathname === home && user && !user.active_business_profile && user.status_label !== 'In review') {
      return { kind: 'redirect', to: paths.feed.path };
    }
    return allow;
  }
  if (!user) return { kind: 'redirect', to: home, notice: 'registration_required' };
  const inReview = user.status_label === 'In review';
  if (access === 'healthPersonnel') {
    if (user.user_info.approved_hrp === 2 || inReview) return allow;
    return { kind: 'redirect', to: home, toast: 'not_health_personnel' };
  }
  if (inReview) return { kind: 'redirect', to: home, notice: 'on_review' };
  if (access === 'personal' && user.active_business_profile) return { kind: 'redirect', to: home, notice: 'company_page' };
  if (access === 'admin' && !user.roles.includes('admin')) return { kind: 'redirect', to: home };
  return allow;
}
