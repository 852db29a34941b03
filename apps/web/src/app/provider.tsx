import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/shared/i18n/i18n';
import { TOAST_AUTO_CLOSE_MS } from '@/shared/ui/notify';
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
        },
      }),
    [t],
  );
  return (
    <MantineProvider
      theme={localised}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedMantine>
        <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={6} zIndex={500} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </LocalisedMantine>
    </I18nextProvider>
  );
}
