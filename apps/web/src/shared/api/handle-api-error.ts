import { i18n } from '@/shared/i18n/i18n';
import { maintenance } from '@/shared/ui/maintenance-store';
import { notify } from '@/shared/ui/notify';
import { ApiError, NetworkError } from './api-error';

/**
 * The one place that turns a failed call into what the user sees (spec point 8):
 * 503 -> maintenance modal; 422 -> one warning toast per message; any other error with a message ->
 * danger toast. 401 is not shown here: the client hands it to the unauthorized handler.
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
