import { type ForbiddenReason } from '@legenett/contracts';
import { accessNotice, type AccessNotice } from '@/shared/auth/access-notice';
import { currentLocale, i18n } from '@/shared/i18n/i18n';
import { formatNumber } from '@/shared/lib/numbers';
import { maintenance } from '@/shared/ui/maintenance-store';
import { notify } from '@/shared/ui/notify';
import { ApiError, NetworkError } from './api-error';

/**
 * 403 reasons that are a state of the account, each with the modal of spec point 2, or none: an
 * account in review or not approved is led to its state page by the route guard (which holds the
 * refused page), not shown a modal over a page it may not read.
 */
const NOTICE_OF_REASON: Partial<Record<ForbiddenReason, Exclude<AccessNotice, null> | 'state_page'>> = {
  account_in_review: 'state_page',
  account_not_approved: 'state_page',
  business_profile_active: 'company_page',
  not_health_personnel: 'not_health_personnel',
};

/**
 * Called when the API refuses for a reason that is a state of the account (in review, not
 * approved, acting as a company): the stored user object may be out of date, so the route guard
 * reads it again and the header and navigation follow.
 */
export type AccountRefusedHandler = (reason: ForbiddenReason) => void;
let accountRefusedHandler: AccountRefusedHandler | null = null;

export function setAccountRefusedHandler(handler: AccountRefusedHandler | null): void {
  accountRefusedHandler = handler;
}

/** "30 sekunder", "2 minutter" / "30 seconds", "2 minutes": whole minutes from a minute on, rounded up. */
export function formatWait(seconds: number, locale: string): string {
  const minutes = seconds >= 60;
  return formatNumber(minutes ? Math.ceil(seconds / 60) : Math.max(1, seconds), locale === 'en' ? 'en' : 'no', {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'long',
  });
}

/**
 * The one place that turns a failed call into what the user sees (spec point 8):
 * 503 -> maintenance modal; 422 -> one warning toast per message; a 403 whose `reason` is a state of
 * the account -> that state's modal or page (never a toast); 429 -> how long to wait (`Retry-After`), in the
 * user's language; any other error with a message -> danger toast. 401 is not shown here: the
 * client hands it to the unauthorized handler.
 */
export function showApiError(error: unknown): void {
  if (error instanceof NetworkError) {
    notify.danger(i18n.t('toast.network_error'));
    return;
  }
  if (!(error instanceof ApiError) || error.status === 401) return;
  if (error.status === 503) {
    maintenance.open(ApiError.messageOf(error.body));
    return;
  }
  if (error.status === 403) {
    const reason = error.error?.reason;
    const notice = reason ? NOTICE_OF_REASON[reason] : undefined;
    if (reason && notice) {
      if (notice !== 'state_page') accessNotice.open(notice);
      accountRefusedHandler?.(reason);
      return;
    }
  }
  if (error.status === 429) {
    const wait = error.retryAfterSeconds;
    notify.warning(
      wait === null ? i18n.t('toast.rate_limited_unknown') : i18n.t('toast.rate_limited', { wait: formatWait(wait, currentLocale()) }),
    );
    return;
  }
  const validation = error.validation;
  if (validation) {
    const messages = Object.values(validation.errors).flat();
    if (messages.length === 0) notify.warning(validation.message);
    messages.forEach((message) => notify.warning(message));
    return;
  }
  const message = ApiError.messageOf(error.body);
  if (message) notify.danger(message);
}
