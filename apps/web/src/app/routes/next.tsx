import { NextPage } from '@/features/info/components/next-page';

export { NextPage as Component };
