import { ResetPasswordPage } from '../components/reset-password-page';

export { ResetPasswordPage as Component };
