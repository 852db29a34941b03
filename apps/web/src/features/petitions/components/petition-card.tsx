import { type Petition } from '@legenett/contracts';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { PetitionProgress } from './petition-progress';

export function StatusBadge({ petition }: { petition: Petition }) {
  const { t } = useTranslation('petitions');
  const color = { draft: 'gray', active: 'green', finished: 'blue', closed: 'orange' }[petition.status];
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Badge color={color} variant="light">
        {t(`status.${petition.status}`)}
      </Badge>
      {petition.is_archived && (
        <Badge color="gray" variant="outline">
          {t('status.archived')}
        </Badge>
      )}
    </Group>
  );
}

/** One petition in a list: title, status, summary, count, goal and countdown. */
export function PetitionCard({ petition }: { petition: Petition }) {
  const { t } = useTranslation('petitions');
  const href = petition.status === 'draft' ? paths.petitionUpdate.href({ id: petition.id }) : paths.petitionDetails.href({ id: petition.id });
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`petition-${petition.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Anchor component={Link} to={href} fw={600} id={`petition-${petition.id}`}>
            {petition.title}
          </Anchor>
          <StatusBadge petition={petition} />
        </Group>
        {petition.summary && (
          <Text size="sm" lineClamp={3}>
            {petition.summary}
          </Text>
        )}
        {petition.recipient && (
          <Text size="sm" c="dimmed">
            {t('recipient')}: {petition.recipient}
          </Text>
        )}
        <PetitionProgress petition={petition} />
      </Stack>
    </Card>
  );
}
