import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { THEME_COLORS } from '@/shared/config/theme-colors';

/** Keeps `<meta name="theme-color">` on the skin the user chose, also after a switch. */
export function useThemeColorMeta(): void {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[scheme]);
  }, [scheme]);
}
