import { Box, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a connection (`navigator.onLine`, kept up by its 'online'/'offline' events). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/** "14.32" in Norwegian (Språkrådet's clock notation), "14:32" in English. */
export function formatClock(time: Date, language: string): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(time.getHours())}${language === 'en' ? ':' : '.'}${pad(time.getMinutes())}`;
}

/**
 * Shown without a connection (issue 41): the pages show what the query cache holds (the feed, the
 * inbox, the conversations opened), and this says so with the time of the newest saved answer.
 * A status region that is always there, so that screen readers announce the change.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const queryClient = useQueryClient();
  let updatedAt = 0;
  if (!online) {
    for (const query of queryClient.getQueryCache().getAll()) {
      if (query.state.data !== undefined) updatedAt = Math.max(updatedAt, query.state.dataUpdatedAt);
    }
  }
  return (
    <div role="status">
      {online ? null : (
        <Box mb="sm" p="xs" bg="var(--mantine-color-yellow-light)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Text size="sm" fw={500}>
            {updatedAt > 0 ? t('offline.banner_with_time', { time: formatClock(new Date(updatedAt), i18n.language) }) : t('offline.banner')}
          </Text>
        </Box>
      )}
    </div>
  );
}
