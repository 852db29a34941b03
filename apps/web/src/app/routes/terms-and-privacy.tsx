import { PrivacyPage } from '@/features/info/components/privacy-page';

export { PrivacyPage as Component };
