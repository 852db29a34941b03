import { Anchor, Box, Burger, Button, Group, Text } from '@mantine/core';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AccountStateBadge } from '@/features/auth/components/account-state-page';
import { mayReadOwnNotifications, mayUseMessages, mayUseSearch } from '@/shared/auth/account-state';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { useRevealAfterFirstPaint } from '@/shared/lib/use-after-first-paint';
import { usePhone } from '@/shared/ui/use-phone';
import { LanguageSwitch } from './language-switch';
import { SkinToggle } from './skin-toggle';
import { importWhenOnline } from '@/shared/lib/import-when-online';
import { ShellPart } from '@/shared/ui/shell-part';

const loadMenus = () => importWhenOnline(() => import('./header-menus'));
const UserMenu = lazy(() => loadMenus().then((m) => ({ default: m.UserMenu })));
const NotificationBell = lazy(() => loadMenus().then((m) => ({ default: m.NotificationBell })));
const MessagesIcon = lazy(() => loadMenus().then((m) => ({ default: m.MessagesIcon })));
const GlobalSearch = lazy(() => loadMenus().then((m) => ({ default: m.GlobalSearch })));

/** The order the header's parts appear in after the first paint, one per task (`useRevealAfterFirstPaint`). */
const REVEAL = { userMenu: 1, bell: 2, messages: 3, search: 4 } as const;

/** Holds a header control's place (34 px, as the bell and the avatar) until its chunk is there, so nothing moves. */
const Placeholder = () => <Box w={34} h={34} aria-hidden="true" />;

interface HeaderProps {
  withNavigation: boolean;
  navOpened: boolean;
  onToggleNav: () => void;
}

function Logo() {
  return (
    <svg width={30} height={30} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-blue-filled)" />
      <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill="#fff" />
    </svg>
  );
}

export function Header({ withNavigation, navOpened, onToggleNav }: HeaderProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // The search, the messages, the bell and the account menu (their chunk brings Menu, Popover and the
  // positioning library) load once the page has painted, then appear one per task, each its own
  // render and commit; their placeholders keep the room until then.
  // A visitor has none of them, and does not load their chunk.
  const shown = useRevealAfterFirstPaint(user ? Object.keys(REVEAL).length : 0, loadMenus);
  // On a phone the language and the skin live in the burger menu (Navigation), so search, bell,
  // messages and the avatar fit in 390 px with room for one more; pages without that menu keep them.
  const settingsInMenu = usePhone() && withNavigation;
  return (
    // Tighter on a phone: burger, logo, search, bell and account fit in 390 px.
    <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap={8}>
      <Group gap={8} wrap="nowrap">
        {withNavigation && (
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            hiddenFrom="sm"
            size="sm"
            aria-label={t(navOpened ? 'header.close_menu' : 'header.open_menu')}
            aria-expanded={navOpened}
            aria-controls="main-navigation"
          />
        )}
        <Anchor component={Link} to={paths.home.path} aria-label={t('header.home_link')} underline="never" c="inherit">
          <Group gap={8} wrap="nowrap">
            <Logo />
            {/* On a phone the account menu needs the room; the logo stays. */}
            <Text fw={800} fz={{ base: 'lg', xs: 'xl' }} visibleFrom={user ? 'xs' : undefined}>
              {t('app_name')}
            </Text>
          </Group>
        </Anchor>
      </Group>
      <Group gap={6} wrap="nowrap">
        {user && mayUseSearch(user) ? (
          <ShellPart fallback={<Placeholder />}>{shown >= REVEAL.search ? <GlobalSearch /> : <Placeholder />}</ShellPart>
        ) : null}
        {!settingsInMenu && (
          <>
            <LanguageSwitch />
            <SkinToggle />
          </>
        )}
        {user ? (
          <>
            {/* An account that is not approved sees its state, not a bell it may not read. */}
            <Box visibleFrom="md">
              <AccountStateBadge user={user} />
            </Box>
            <ShellPart fallback={<Placeholder />}>
              {mayUseMessages(user) && (shown >= REVEAL.messages ? <MessagesIcon /> : <Placeholder />)}
            </ShellPart>
            <ShellPart fallback={<Placeholder />}>
              {mayReadOwnNotifications(user) && (shown >= REVEAL.bell ? <NotificationBell /> : <Placeholder />)}
            </ShellPart>
            <ShellPart fallback={<Placeholder />}>{shown >= REVEAL.userMenu ? <UserMenu user={user} /> : <Placeholder />}</ShellPart>
          </>
        ) : (
          <>
            <Button component={Link} to={paths.login.path} variant="default" size="sm" visibleFrom="sm">
              {t('header.login')}
            </Button>
            <Button component={Link} to={paths.register.path} size="sm" visibleFrom="sm">
              {t('header.register')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
