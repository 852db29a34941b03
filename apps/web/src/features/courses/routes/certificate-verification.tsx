import { CertificateVerificationPage } from '../components/certificate-verification-page';

export { CertificateVerificationPage as Component };
