import { type User } from '@legenett/contracts';
import { paths } from '@/shared/config/paths';
import { heldPage } from './held-page';

/**
 * What an account may use, mirroring the API's status gates (docs/api-conventions.md,
 * `apps/api/src/common/auth/access.guard.ts`):
 * - `approved`: everything its permissions allow;
 * - `in_review`: 403 `account_in_review` on content; videos and audio stay open;
 * - `not_approved` ("Awaiting approval", "Rejected", ...): 403 `account_not_approved` on content;
 *   the account endpoints (profile information, professional experience, education, settings) work.
 * Decisions: docs/account-states.md.
 */
export type AccountState = 'approved' | 'in_review' | 'not_approved';

export function accountState(user: User): AccountState {
  if (user.status_label === 'Approved') return 'approved';
  if (user.status_label === 'In review') return 'in_review';
  return 'not_approved';
}

/** The own notifications (bell, live count) are member-only and personal: approved, not acting as a company. */
export function mayReadOwnNotifications(user: User): boolean {
  return accountState(user) === 'approved' && !user.active_business_profile;
}

/**
 * Messages live (the header's icon, `event: chat` on the stream) and writing: approved accounts,
 * also as a business profile (the company's inbox, answered as the company). Accounts that are not
 * approved read their inbox on `/messages` only.
 */
export function mayUseMessages(user: User): boolean {
  return accountState(user) === 'approved';
}

/** The header's search (`GET /search`) is member-only, not personal: approved accounts, also as a company. */
export function mayUseSearch(user: User): boolean {
  return accountState(user) === 'approved';
}

/**
 * Where a user starts after logging in, registering or switching profile: an account that is not
 * approved on its state page (home), a business profile on the company's own page, an account
 * approved since it tried to open a page on that page (`held-page.ts`), everyone else on the feed.
 */
export function landingPath(user: User): string {
  if (accountState(user) !== 'approved') return paths.home.path;
  const company = user.active_business_profile;
  if (company) return paths.company.href({ slug: company.slug });
  return heldPage.of(user.id)?.path ?? paths.feed.path;
}
