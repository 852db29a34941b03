import { AboutPage } from '@/features/info/components/about-page';

export { AboutPage as Component };
