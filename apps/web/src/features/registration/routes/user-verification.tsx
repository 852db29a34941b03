import { UserVerificationPage } from '../components/user-verification-page';

export { UserVerificationPage as Component };
