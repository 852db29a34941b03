import { RegisterPage } from '../components/register-page';

export { RegisterPage as Component };
