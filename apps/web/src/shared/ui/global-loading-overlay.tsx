import { LoadingOverlay } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { usePendingRequestCount } from '@/shared/api/pending-requests';

/**
 * The global loading overlay: shown while a page is loading or a blocking request runs. A short delay
 * keeps fast answers from flashing it.
 */
export function GlobalLoadingOverlay({ navigating }: { navigating: boolean }) {
  const { t } = useTranslation();
  const pending = usePendingRequestCount();
  const busy = navigating || pending > 0;
  const [visible] = useDebouncedValue(busy, busy ? 200 : 0);
  const shown = busy && visible;
  return (
    <>
      <LoadingOverlay visible={shown} pos="fixed" zIndex={300} overlayProps={{ blur: 1 }} />
      <span role="status" aria-live="polite" className="visually-hidden">
        {shown ? t('loading') : ''}
      </span>
    </>
  );
}
