import { ConfirmEmailPage } from '../components/confirm-email-page';

export { ConfirmEmailPage as Component };
