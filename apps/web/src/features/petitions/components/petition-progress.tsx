import { type Petition } from '@legenett/contracts';
import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate } from '@/shared/lib/dates';

/** Count, goal as a progress bar, and the countdown to the end date. */
export function PetitionProgress({ petition }: { petition: Petition }) {
  const { t } = useTranslation('petitions');
  const locale = useLocale();
  const goal = petition.signature_goal;
  const percent = goal ? Math.min(100, Math.round((petition.signatures_count / goal) * 100)) : null;
  const countdown =
    petition.days_left === null
      ? petition.status === 'draft'
        ? null
        : t('ended')
      : petition.days_left === 0
        ? t('last_day')
        : t('days_left', { count: petition.days_left });
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{t('signatures', { count: petition.signatures_count })}</Text>
        <Text size="sm" c="dimmed">
          {countdown}
          {petition.end_date && petition.days_left !== null
            ? ` · ${t('ends', { date: formatDate(petition.end_date, locale) })}`
            : ''}
        </Text>
      </Group>
      {goal !== null && percent !== null && (
        <>
          <Progress.Root mt={4}>
            <Progress.Section
              value={percent}
              aria-label={t('progress_label', { count: petition.signatures_count, goal })}
              aria-valuenow={petition.signatures_count}
              aria-valuemin={0}
              aria-valuemax={goal}
            />
          </Progress.Root>
          <Text size="xs" c="dimmed" mt={2}>
            {t('goal', { goal })}
          </Text>
        </>
      )}
    </div>
  );
}
