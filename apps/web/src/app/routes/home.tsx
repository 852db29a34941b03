import { HomePage } from '@/features/home/components/home-page';
import { CountyList } from '@/features/reference/components/county-list';
import { IntroVideo } from '@/features/reference/components/intro-video';

export function HomeRoute() {
  return <HomePage regions={<CountyList />} introVideo={<IntroVideo />} />;
}

export { HomeRoute as Component };
