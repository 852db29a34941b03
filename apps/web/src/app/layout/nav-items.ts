import type { ComponentType } from 'react';
import type { WebKey } from '@/shared/auth/route-access';
import { paths } from '@/shared/config/paths';
import {
  BriefcaseIcon,
  BuildingIcon,
  CartIcon,
  DocumentIcon,
  FeedIcon,
  FlagIcon,
  HeadphonesIcon,
  HomeIcon,
  InfoIcon,
  SchoolIcon,
  ShieldIcon,
  SparkIcon,
  UserIcon,
  VideoIcon,
} from '@/shared/ui/icons';

export interface NavItem {
  label: WebKey;
  href: string;
  icon: ComponentType<{ size?: number }>;
}

export interface NavSection {
  label: WebKey;
  items: NavItem[];
}

/** The navigation: every area of the spec. */
export const navSections: NavSection[] = [
  {
    label: 'nav.section_community',
    items: [
      { label: 'nav.home', href: paths.home.path, icon: HomeIcon },
      { label: 'nav.feed', href: paths.feed.path, icon: FeedIcon },
      { label: 'nav.petitions', href: paths.petitions.path, icon: FlagIcon },
      { label: 'nav.companies', href: paths.companyProxy.path, icon: BuildingIcon },
    ],
  },
  {
    label: 'nav.section_career',
    items: [
      { label: 'nav.jobs', href: paths.jobs.path, icon: BriefcaseIcon },
      { label: 'nav.courses', href: paths.webinars.path, icon: SchoolIcon },
      { label: 'nav.marketplace', href: paths.marketplace.path, icon: CartIcon },
    ],
  },
  {
    label: 'nav.section_media',
    items: [
      { label: 'nav.videos', href: paths.videos.path, icon: VideoIcon },
      { label: 'nav.audio', href: paths.audio.path, icon: HeadphonesIcon },
    ],
  },
  {
    label: 'nav.section_mine',
    items: [
      { label: 'nav.profile', href: paths.profile.path, icon: UserIcon },
      { label: 'nav.my_courses', href: paths.myCourses.path, icon: SchoolIcon },
      { label: 'nav.my_jobs', href: paths.myJobs.path, icon: BriefcaseIcon },
      { label: 'nav.my_products', href: paths.myProducts.path, icon: CartIcon },
    ],
  },
  {
    label: 'nav.section_about',
    items: [
      { label: 'nav.about', href: paths.about.path, icon: InfoIcon },
      { label: 'nav.next', href: paths.next.path, icon: SparkIcon },
      { label: 'nav.privacy', href: paths.termsAndPrivacy.path, icon: DocumentIcon },
    ],
  },
];

/** The admin area's entry, shown to administrators only; its label is in the `admin` namespace. */
export const adminNavItem = { label: 'nav', href: paths.admin.path, icon: ShieldIcon } as const;
