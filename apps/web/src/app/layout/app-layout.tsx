import { AppShell, Box, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { RouteAccessGuard } from '@/features/auth/components/route-access-guard';
import { audioPlayerStore } from '@/features/media/audio-player-store';
import { useRouteHandle } from '@/shared/auth/route-access';
import { createExternalStore, useExternalStore } from '@/shared/lib/external-store';
import { CookieNotice } from '@/shared/ui/cookie-notice';
import { GlobalLoadingOverlay } from '@/shared/ui/global-loading-overlay';
import { LoadOnFirstOpen } from '@/shared/ui/load-on-first-open';
import { OfflineBanner } from '@/shared/ui/offline-banner';
import { useOutboxSender } from '@/shared/offline/outbox-sender';
import { useMaintenance } from '@/shared/ui/maintenance-store';
import { useThemeColorMeta } from '@/shared/ui/theme-color';
import { Footer } from './footer';
import { Header } from './header';
import { Navigation } from './navigation';
import classes from './app-layout.module.css';
import { importWhenOnline } from '@/shared/lib/import-when-online';
import { ShellPart } from '@/shared/ui/shell-part';

const MAIN_ID = 'main-content';

const AudioMiniPlayer = lazy(() =>
  importWhenOnline(() => import('@/features/media/components/audio-mini-player')).then((m) => ({ default: m.AudioMiniPlayer })),
);

const MaintenanceModal = lazy(() => import('@/shared/ui/maintenance-modal').then((m) => ({ default: m.MaintenanceModal })));

/** The 503 dialog, fetched when an API call first answers 503 (Mantine's Modal is not start-up code). */
function LazyMaintenanceModal() {
  const { open } = useMaintenance();
  return <LoadOnFirstOpen opened={open}>{(opened) => <MaintenanceModal opened={opened} />}</LoadOnFirstOpen>;
}

/** Whether a track has played in this tab: the sticky player is fetched then, and stays mounted. */
const playerWanted = createExternalStore(false);
audioPlayerStore.subscribe(() => {
  if (audioPlayerStore.get()) playerWanted.set(true);
});

/**
 * The sticky audio player, fetched (with its texts) when a track first plays: most visits never play
 * one, and its slider and speed picker need not be in the start-up code.
 */
function StickyAudioPlayer() {
  const wanted = useExternalStore(playerWanted);
  if (!wanted) return null;
  return (
    <ShellPart>
      <AudioMiniPlayer />
    </ShellPart>
  );
}

export function AppLayout() {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const handle = useRouteHandle();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const withNavigation = handle?.layout !== 'full';
  // Messages written offline go out when the app starts and when the connection returns.
  useOutboxSender();

  const pageTitle = handle?.title ? t(handle.title) : null;
  useThemeColorMeta();
  useEffect(() => {
    const app = t('app_name');
    document.title = pageTitle && pageTitle !== app ? `${pageTitle} – ${app}` : `${app} – ${t('tagline')}`;
  }, [pageTitle, t, i18n.language]);

  return (
    <>
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        {t('skip_link')}
      </a>
      <AppShell
        header={{ height: 64 }}
        navbar={
          withNavigation ? { width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } } : undefined
        }
        padding="md"
        className={classes.shell}
      >
        <AppShell.Header>
          <Header withNavigation={withNavigation} navOpened={navOpened} onToggleNav={toggleNav} />
        </AppShell.Header>
        {withNavigation && (
          <AppShell.Navbar id="main-navigation" aria-label={t('nav.label')} p="sm">
            {/* The browser's own scrolling: Mantine's ScrollArea would bring a positioning library into start-up. */}
            <AppShell.Section grow className={classes.navScroll}>
              <Navigation onNavigate={closeNav} />
            </AppShell.Section>
          </AppShell.Navbar>
        )}
        <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          <Box maw={1200} mx="auto">
            <CookieNotice />
            <OfflineBanner />
            <RouteAccessGuard>
              {/* A page's catalogue sections load with its route; one used beyond those suspends here. */}
              <Suspense
                fallback={
                  <Center py="xl">
                    <Loader />
                  </Center>
                }
              >
                <Outlet />
              </Suspense>
            </RouteAccessGuard>
          </Box>
        </AppShell.Main>
        <div className={classes.footer}>
          <Box maw={1200} mx="auto">
            <Footer />
          </Box>
        </div>
      </AppShell>
      <GlobalLoadingOverlay navigating={navigation.state === 'loading'} />
      <LazyMaintenanceModal />
      <StickyAudioPlayer />
      <ScrollRestoration />
    </>
  );
}
