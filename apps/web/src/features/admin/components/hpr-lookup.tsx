import { type AdminHprLookup } from '@legenett/contracts';
import { Alert, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The queue's warnings: a name that differs from the register, an HPR number other accounts gave too. */
function HprFlags({ hpr }: { hpr: AdminHprLookup }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {hpr.name_matches === false && (
        <Badge color="red" variant="light" tt="none">
          {t('hpr.name_mismatch_short')}
        </Badge>
      )}
      {hpr.other_accounts > 0 && (
        <Badge color="red" variant="light" tt="none">
          {t('hpr.shared_number', { count: hpr.other_accounts })}
        </Badge>
      )}
    </>
  );
}

/** One line for the queue: found or not, and as what, with its warnings. */
export function HprSummary({ hpr }: { hpr: AdminHprLookup }) {
  const { t } = useTranslation('admin');
  if (!hpr.found) {
    return (
      <Group gap={6} wrap="wrap">
        <Badge color="gray" variant="outline" tt="none">
          {t('hpr.not_found')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('hpr.number')}: {hpr.hpr_number ?? t('hpr.no_number')}
        </Text>
        <HprFlags hpr={hpr} />
      </Group>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={hpr.confirms_health_personnel ? 'green' : 'orange'} variant="light" tt="none">
        {hpr.confirms_health_personnel ? t('hpr.confirmed') : t('hpr.found')}
      </Badge>
      {hpr.profession && <Text size="sm">{t(`hpr.professions.${hpr.profession}`)}</Text>}
      <Text size="sm" c="dimmed">
        {t('hpr.number')}: {hpr.hpr_number}
      </Text>
      <HprFlags hpr={hpr} />
    </Group>
  );
}

/** The whole lookup, for the detail view. */
export function HprDetails({ hpr }: { hpr: AdminHprLookup }) {
  const { t } = useTranslation('admin');
  const yesNo = (v: boolean) => (v ? t('hpr.yes') : t('hpr.no'));
  return (
    <Stack gap="xs">
      <HprSummary hpr={hpr} />
      {hpr.found && (
        <>
          <Text size="sm" c="dimmed">
            {hpr.matched_by === 'hpr_number'
              ? t('hpr.matched_by_hpr_number')
              : t('hpr.matched_by_national_id')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <Field
              label={t('hpr.profession')}
              value={hpr.profession ? t(`hpr.professions.${hpr.profession}`) : '–'}
            />
            <Field label={t('hpr.authorisation')} value={yesNo(hpr.has_authorisation)} />
            <Field label={t('hpr.licence')} value={yesNo(hpr.has_licence)} />
          </SimpleGrid>
          {hpr.name_matches === false && (
            <Alert color="orange" variant="light" p="xs">
              {t('hpr.name_mismatch')}
            </Alert>
          )}
        </>
      )}
      {hpr.number_in_use && (
        <Alert color="red" variant="light" p="xs">
          {t('hpr.shared_number_approved')}
        </Alert>
      )}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
