import { createTheme, localStorageColorSchemeManager, Modal } from '@mantine/core';
import { storageKeys } from '@/shared/config/storage-keys';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  components: {
    Modal: Modal.extend({ styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } }),
  },
});

/** The light/dark choice is remembered in local storage (read early by index.html too). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.colorScheme });
