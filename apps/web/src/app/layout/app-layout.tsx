import { AppShell, Box, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { RouteAccessGuard } from '@/features/auth/components/route-access-guard';
import { AudioMiniPlayer } from '@/features/media/components/audio-mini-player';
import { useRouteHandle } from '@/shared/auth/route-access';
import { CookieNotice } from '@/shared/ui/cookie-notice';
import { GlobalLoadingOverlay } from '@/shared/ui/global-loading-overlay';
import { MaintenanceModal } from '@/shared/ui/maintenance-modal';
import { Footer } from './footer';
import { Header } from './header';
import { Navigation } from './navigation';
import classes from './app-layout.module.css';

const MAIN_ID = 'main-content';

export function AppLayout() {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const handle = useRouteHandle();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const withNavigation = handle?.layout !== 'full';

  const pageTitle = handle?.title ? t(handle.title) : null;
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
        navbar={withNavigation ? { width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } } : undefined}
        padding="md"
        className={classes.shell}
      >
        <AppShell.Header>
          <Header withNavigation={withNavigation} navOpened={navOpened} onToggleNav={toggleNav} />
        </AppShell.Header>
        {withNavigation && (
          <AppShell.Navbar id="main-navigation" aria-label={t('nav.label')} p="sm">
            <AppShell.Section grow component={ScrollArea} type="scroll">
              <Navigation onNavigate={closeNav} />
            </AppShell.Section>
          </AppShell.Navbar>
        )}
        <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          <Box maw={1200} mx="auto">
            <CookieNotice />
            <RouteAccessGuard>
              <Outlet />
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
      <MaintenanceModal />
      <AudioMiniPlayer />
      <ScrollRestoration />
    </>
  );
}
