import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '@/shared/ui/icons';

// The tooltip (and its positioning library) arrives right after start-up; the button works before.
const Tooltip = lazy(() => import('./header-menus').then((m) => ({ default: m.Tooltip })));

/** Light/dark skin, a toggle button (aria-pressed = dark); Mantine's manager remembers the choice. */
export function SkinToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const button = (
    <ActionIcon
      variant="default"
      size="lg"
      radius="xl"
      aria-label={t('header.skin_dark')}
      aria-pressed={dark}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? <SunIcon size={18} /> : <MoonIcon size={18} />}
    </ActionIcon>
  );
  return (
    <Suspense fallback={button}>
      <Tooltip label={t('header.skin_dark')} withArrow>
        {button}
      </Tooltip>
    </Suspense>
  );
}
