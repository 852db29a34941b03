import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True below the theme's `sm` breakpoint (a phone held upright), where lists fold their filters
 * (`FilterDrawer`) and tab rows become a select. Read synchronously so a phone never renders the
 * desktop layout for one frame.
 */
export function usePhone(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${em(parseFloat(theme.breakpoints.sm) * 16 - 0.1)})`, false, {
    getInitialValueInEffect: false,
  });
}
