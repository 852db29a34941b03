import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '@/shared/ui/icons';

/** Light/dark skin, a toggle button (aria-pressed = dark); Mantine's manager remembers the choice. */
export function SkinToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  return (
    <Tooltip label={t('header.skin_dark')} withArrow>
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
    </Tooltip>
  );
}
