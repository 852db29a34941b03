import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/shared/i18n/i18n';
import { importWhenOnline } from '@/shared/lib/import-when-online';
import { useAfterFirstPaint } from '@/shared/lib/use-after-first-paint';
import { ShellPart } from '@/shared/ui/shell-part';
import { colorSchemeManager, cssVariablesResolver, theme } from '@/shared/ui/theme';

/** The theme with the texts it needs in the user's language (every dialog's close button has a name). */
function LocalisedMantine({ children }: { children: ReactNode }) {
  // Does not suspend: the theme must exist for the start-up loader shown while the shell's texts load.
  const { t } = useTranslation('web', { useSuspense: false });
  const localised = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          // A plain override, as `Modal.extend` gives: Modal itself loads with the first dialog.
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('close_dialog') } } },
          // The toasts' close button (Mantine's Notification; `notify.ts`).
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('close_toast') } } },
        },
      }),
    [t],
  );
  return (
    <MantineProvider
      theme={localised}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      {children}
    </MantineProvider>
  );
}

const LazyToasts = lazy(() => importWhenOnline(() => import('./toasts')).then((m) => ({ default: m.Toasts })));

/**
 * Where toasts show. Its code (the container, its transitions, react-transition-group and
 * react-remove-scroll, ~7 KiB brotli) loads after the first paint: `notify()` puts a toast in Mantine's
 * store, and a toast asked for before the container is there shows when it arrives.
 */
function Toasts() {
  const painted = useAfterFirstPaint();
  if (!painted) return null;
  return (
    <ShellPart>
      <LazyToasts />
    </ShellPart>
  );
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedMantine>
        <Toasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </LocalisedMantine>
    </I18nextProvider>
  );
}
