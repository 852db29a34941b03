import { Button, Drawer, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterIcon } from './icons';
import { usePhone } from './use-phone';

/**
 * A list's filters: shown as they are from the `sm` breakpoint up, and folded behind one
 * "Filters (N active)" button on a phone, which opens them in a full-screen sheet from the bottom, so that the
 * first item of the list is above the fold. The filters keep applying as they change (they live in
 * the URL); "Show results" only closes the drawer. Used by every list page with filters (jobs,
 * marketplace, courses, petitions, videos and audio): `docs/how-to/web-feature.md`.
 */
export function FilterDrawer({
  activeCount,
  children,
}: {
  /** How many filters differ from their default (the button shows it). */
  activeCount: number;
  /** The filter fields (usually a `role="search"` form). */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [opened, { open, close }] = useDisclosure(false);
  const drawerId = useId();

  if (!phone) return <>{children}</>;
  return (
    <>
      <Group mb="md">
        <Button
          variant={activeCount > 0 ? 'light' : 'default'}
          leftSection={<FilterIcon size={18} />}
          onClick={open}
          aria-expanded={opened}
          aria-controls={opened ? drawerId : undefined}
          aria-haspopup="dialog"
        >
          {activeCount > 0 ? t('filter_drawer.open_count', { count: activeCount }) : t('filter_drawer.open')}
        </Button>
      </Group>
      <Drawer
        id={drawerId}
        opened={opened}
        onClose={close}
        // The whole screen: the fields start at the top, so a select's options open below it with room
        // (a sheet hugging the bottom left them no room and made them flip back and forth).
        position="bottom"
        size="100%"
        title={t('filter_drawer.title')}
        closeButtonProps={{ 'aria-label': t('close_dialog') }}
      >
        {children}
        <Button fullWidth onClick={close} mt="xs">
          {t('filter_drawer.show')}
        </Button>
      </Drawer>
    </>
  );
}
