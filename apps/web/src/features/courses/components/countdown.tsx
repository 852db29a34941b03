import { Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownParts } from './format';

/**
 * Days, hours, min and sec until `start`, ticking every second. `skew` (server time minus device
 * time when the page was loaded) keeps a wrong device clock from showing a wrong countdown.
 * Calls `onStart` once the time has come.
 */
export function Countdown({ start, skew, onStart }: { start: string; skew: number; onStart: () => void }) {
  const { t } = useTranslation('courses');
  const target = new Date(start).getTime();
  const [now, setNow] = useState(() => Date.now() + skew);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + skew), 1000);
    return () => clearInterval(timer);
  }, [skew]);
  useEffect(() => {
    if (now >= target) onStart();
  }, [now, target, onStart]);

  const parts = countdownParts(target, now);
  return (
    <Paper withBorder p="sm" role="timer" aria-label={t('starts_in')}>
      <Text size="sm" fw={600} mb={4}>
        {t('starts_in')}
      </Text>
      <Group gap="md">
        {(['days', 'hours', 'min', 'sec'] as const).map((unit) => (
          <Stack key={unit} gap={0} align="center">
            <Text fz="xl" fw={700} ff="monospace">
              {String(parts[unit]).padStart(2, '0')}
            </Text>
            <Text size="xs">{t(`countdown.${unit}`)}</Text>
          </Stack>
        ))}
      </Group>
    </Paper>
  );
}
