import { ForgotPasswordPage } from '../components/forgot-password-page';

export { ForgotPasswordPage as Component };
