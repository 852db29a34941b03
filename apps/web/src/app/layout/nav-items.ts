import type { ComponentType } from 'react';
import type { RouteAccess, WebKey } from '@/shared/auth/route-access';
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
  SavedSearchIcon,
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
  /**
   * The access rule of the route it leads to (as in the route table); default `login`. Logged-in
   * users see only the entries they may open, and a section without any is left out.
   */
  access?: RouteAccess;
  /**
   * The pages that count as this entry, when not every page under `href` does: "My profile" is the
   * caller's own profile (`/profile`, `/profile/<own slug>`), never a colleague's `/profile/<slug>`.
   */
  current?: (pathname: string, own: { slug: string } | null) => boolean;
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
      { label: 'nav.home', href: paths.home.path, icon: HomeIcon, access: 'public' },
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
      { label: 'nav.videos', href: paths.videos.path, icon: VideoIcon, access: 'healthPersonnel' },
      { label: 'nav.audio', href: paths.audio.path, icon: HeadphonesIcon, access: 'healthPersonnel' },
    ],
  },
  {
    label: 'nav.section_mine',
    items: [
      {
        label: 'nav.profile',
        href: paths.profile.path,
        icon: UserIcon,
        access: 'personal',
        current: (pathname, own) => pathname === paths.profile.path || (own !== null && pathname === paths.profileBySlug.href({ slug: own.slug })),
      },
      { label: 'nav.my_courses', href: paths.myCourses.path, icon: SchoolIcon, access: 'personal' },
      { label: 'nav.my_jobs', href: paths.myJobs.path, icon: BriefcaseIcon, access: 'personal' },
      { label: 'nav.my_products', href: paths.myProducts.path, icon: CartIcon, access: 'personal' },
      { label: 'nav.alerts', href: paths.alerts.path, icon: SavedSearchIcon, access: 'personal' },
      { label: 'nav.professional_experience', href: paths.professionalExperience.path, icon: DocumentIcon, access: 'account' },
    ],
  },
  {
    label: 'nav.section_about',
    items: [
      { label: 'nav.about', href: paths.about.path, icon: InfoIcon, access: 'public' },
      { label: 'nav.next', href: paths.next.path, icon: SparkIcon, access: 'public' },
      { label: 'nav.privacy', href: paths.termsAndPrivacy.path, icon: DocumentIcon, access: 'public' },
    ],
  },
];

/** The admin area's entry, shown to administrators only; its label is in the `admin` namespace. */
export const adminNavItem = { label: 'nav.admin', href: paths.admin.path, icon: ShieldIcon } as const;
