import { notifications } from '@mantine/notifications';
import { i18n } from '@/shared/i18n/i18n';

/** Toasts close after 3 seconds (spec point 9). */
export const TOAST_AUTO_CLOSE_MS = 3000;

export const notify = {
  success(message: string) {
    notifications.show({ message, color: 'green', autoClose: TOAST_AUTO_CLOSE_MS });
  },
  /** One per 422 message: never merged, so two fields with the same message give two toasts. */
  warning(message: string) {
    notifications.show({
      title: i18n.t('toast.warning_title'),
      message,
      color: 'yellow',
      autoClose: TOAST_AUTO_CLOSE_MS,
    });
  },
  /** The same error repeated (retries, parallel calls) shows once while it is visible. */
  danger(message: string) {
    notifications.show({
      id: `danger:${message}`,
      title: i18n.t('toast.error_title'),
      message,
      color: 'red',
      autoClose: TOAST_AUTO_CLOSE_MS,
    });
  },
};
