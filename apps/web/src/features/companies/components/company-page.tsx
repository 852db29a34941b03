import { type Company } from '@legenett/contracts';
import { Alert, Anchor, Badge, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '@/shared/api/api-error';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { SendMessageButton } from '@/shared/messages/send-message-button';
import { notify } from '@/shared/ui/notify';
import { useCompany, useToggleFollow } from '../api/companies';
import { CompanyLogo } from './company-logo';
import { CompanyPosts } from './company-posts';
import { FollowersList } from './followers-list';

/** Missing, deleted, or unpublished and not mine: the API answers 404 for all three. */
export function CompanyNotFound() {
  const { t } = useTranslation('companies_ui');
  return (
    <Stack gap="md">
      <Title order={1}>{t('company.not_found_title')}</Title>
      <Alert color="yellow">{t('company.not_found_body')}</Alert>
      <Anchor component={Link} to={paths.companyProxy.path}>
        {t('company.back')}
      </Anchor>
    </Stack>
  );
}

/** Follow / unfollow with the follower count; personal, so not offered while acting as a business profile. */
function FollowButton({ company }: { company: Company }) {
  const { t } = useTranslation('companies_ui');
  const user = useCurrentUser();
  const toggle = useToggleFollow(company.slug);
  const count = (
    <Text size="sm" c="dimmed" aria-live="polite">
      {t('company.followers', { count: company.followers_count })}
    </Text>
  );
  if (user?.active_business_profile) {
    return (
      <Stack gap={4}>
        {count}
        <Text size="sm">{t('company.follow_as_company')}</Text>
      </Stack>
    );
  }
  const following = company.followed_by_me;
  return (
    <Group gap="sm">
      <Button
        variant={following ? 'default' : 'filled'}
        loading={toggle.isPending}
        onClick={() =>
          toggle.mutate(!following, {
            onSuccess: (s) => notify.success(t(s.following ? 'company.followed' : 'company.unfollowed', { name: company.name })),
          })
        }
      >
        {t(following ? 'company.unfollow' : 'company.follow')}
      </Button>
      {count}
    </Group>
  );
}

function Contact({ company }: { company: Company }) {
  const { t } = useTranslation('companies_ui');
  const website = company.website ? (/^https?:\/\//i.test(company.website) ? company.website : `https://${company.website}`) : null;
  const address = [company.address, company.postal_code].filter(Boolean).join(', ');
  const rows: [string, ReactNode][] = [];
  if (company.organisation_number) rows.push([t('company.organisation_number'), company.organisation_number]);
  if (company.email) rows.push([t('company.email'), <Anchor href={`mailto:${company.email}`}>{company.email}</Anchor>]);
  if (company.phone) rows.push([t('company.phone'), <Anchor href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</Anchor>]);
  if (website && company.website)
    rows.push([
      t('company.website'),
      <Anchor href={website} target="_blank" rel="noreferrer noopener">
        {company.website}
      </Anchor>,
    ]);
  if (address) rows.push([t('company.address'), address]);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="company-contact-heading">
      <Title order={2} size="h4" id="company-contact-heading" mb="sm">
        {t('company.contact')}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('company.no_contact')}
        </Text>
      ) : (
        <Stack component="dl" gap={6} m={0}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed" fw={500}>
                {label}
              </Text>
              <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function CompanyView({ company }: { company: Company }) {
  const { t } = useTranslation('companies_ui');
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.companyProxy.path} size="sm">
        {t('company.back')}
      </Anchor>
      <Card withBorder padding="lg" component="header">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <CompanyLogo name={company.name} logo={company.logo} size={96} />
          <Stack gap="sm" style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {company.name}
            </Title>
            {company.categories.length > 0 ? (
              <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('company.categories')}>
                {company.categories.map((c) => (
                  <li key={c.id}>
                    <Badge variant="light">{c.name}</Badge>
                  </li>
                ))}
              </Group>
            ) : null}
            <FollowButton company={company} />
          </Stack>
          <SendMessageButton target={{ company: company.id }} name={company.name} own={company.is_manager} />
          {company.is_manager ? (
            <Button component={Link} to={paths.companyManage.href({ id: company.id })} variant="light">
              {t('company.manage')}
            </Button>
          ) : null}
        </Group>
        {!company.is_published ? (
          <Alert color="yellow" mt="md">
            {t('company.unpublished_notice')}
          </Alert>
        ) : null}
      </Card>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            {company.description ? (
              <section aria-labelledby="company-about-heading">
                <Title order={2} size="h3" id="company-about-heading" mb="xs">
                  {t('company.about')}
                </Title>
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{company.description}</Text>
              </section>
            ) : null}
            <section aria-labelledby="company-posts-heading">
              <Title order={2} size="h3" id="company-posts-heading" mb="sm">
                {t('company.tab_posts')}
              </Title>
              <CompanyPosts slug={company.slug} companyName={company.name} />
            </section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg">
            <Contact company={company} />
            <Card withBorder padding="md" component="section" aria-labelledby="company-followers-heading">
              <Title order={2} size="h4" id="company-followers-heading" mb="sm">
                {t('company.tab_followers', { count: company.followers_count })}
              </Title>
              <FollowersList slug={company.slug} />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** `/profile_company/:slug`: the company page, or a not-found state. */
export function CompanyPage({ slug }: { slug: string }) {
  const company = useCompany(slug);
  if (company.isPending) return <Skeleton h={240} />;
  if (company.isError) {
    if (company.error instanceof ApiError && company.error.status === 404) return <CompanyNotFound />;
    return <Alert color="red">{company.error.message}</Alert>;
  }
  return <CompanyView company={company.data} />;
}
