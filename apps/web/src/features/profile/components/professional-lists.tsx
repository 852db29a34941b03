import { type Education, type Experience } from '@legenett/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { period } from './format';

/** One experience as a short block: position, workplace, period. */
export function ExperienceSummary({ item }: { item: Experience }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const place = [
    item.workplace_name,
    item.hospital_clinic?.name,
    item.department?.name ?? item.department_name,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap={2}>
      <Text fw={600}>{item.position ?? t(`experience.type_${item.workplace_type}`)}</Text>
      {place && <Text size="sm">{place}</Text>}
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {period(item.started_at, item.finished_at, item.is_current, locale, t('experience.now'))}
        </Text>
        {item.field_of_work && (
          <Badge variant="light" size="sm">
            {item.field_of_work}
          </Badge>
        )}
        {item.resigned && (
          <Badge variant="outline" size="sm" color="gray">
            {t('experience.resigned')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

export function EducationSummary({ item }: { item: Education }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  return (
    <Stack gap={2}>
      <Text fw={600}>{item.university?.name}</Text>
      {(item.university_specialty || item.academic_level) && (
        <Text size="sm">
          {[item.university_specialty?.name, item.academic_level?.name].filter(Boolean).join(', ')}
        </Text>
      )}
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {period(item.started_at, item.graduated_at, item.currently_studying, locale, t('experience.now'))}
        </Text>
        {item.doctorate && (
          <Badge variant="light" size="sm">
            {t('education.doctorate')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}
