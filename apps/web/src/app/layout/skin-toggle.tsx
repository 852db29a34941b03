import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '@/shared/ui/icons';

/**
 * Light/dark skin, a toggle button (aria-pressed = dark); Mantine's manager remembers the choice.
 * Its hint is the native `title`, not Mantine's Tooltip: the tooltip's positioning library is not
 * part of the start-up chunk, and swapping it in later re-mounted the button (a keyboard user who
 * had tabbed onto it lost focus, and a click in that moment was lost).
 */
export function SkinToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="xl"
      aria-label={t('header.skin_dark')}
      title={t('header.skin_dark')}
      aria-pressed={dark}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? <SunIcon size={18} /> : <MoonIcon size={18} />}
    </ActionIcon>
  );
}
