import { type CompanySummary } from '@legenett/contracts';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { CompanyLogo } from './company-logo';

/** One company in the directory: logo, linked name, categories, follower count. */
export function CompanyCard({ company }: { company: CompanySummary }) {
  const { t } = useTranslation('companies_ui');
  return (
    <Card withBorder padding="md" component="article" h="100%" aria-labelledby={`company-${company.id}-name`}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <CompanyLogo name={company.name} logo={company.logo} />
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Anchor
            component={Link}
            to={paths.company.href({ slug: company.slug })}
            id={`company-${company.id}-name`}
            fw={600}
            size="lg"
            style={{ overflowWrap: 'anywhere' }}
          >
            {company.name}
          </Anchor>
          <Group gap={6}>
            {!company.is_published ? (
              <Badge color="gray" variant="outline">
                {t('company.unpublished')}
              </Badge>
            ) : null}
            {company.categories.map((c) => (
              <Badge key={c.id} variant="light">
                {c.name}
              </Badge>
            ))}
          </Group>
          {company.description ? (
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {company.description}
            </Text>
          ) : null}
          <Text size="sm">{t('company.followers', { count: company.followers_count })}</Text>
        </Stack>
      </Group>
    </Card>
  );
}
