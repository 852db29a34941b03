import { type Company } from '@legenett/contracts';
import { Alert, Anchor, Group, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { useCompany, useReloadUser } from '../api/companies';
import { managedSlug } from './access';
import { CompanyForm } from './company-form';
import { CompanyLogo } from './company-logo';
import { FollowersList } from './followers-list';
import { ManageDelete } from './manage-delete';
import { ManageInvitations } from './manage-invitations';
import { ManageSettings } from './manage-settings';

const TABS = ['settings', 'details', 'followers', 'invitations', 'delete'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => v !== null && (TABS as readonly string[]).includes(v);

/** Not a company I manage (or none at all): one state for both, as the API does not tell them apart to others. */
export function ManageForbidden() {
  const { t } = useTranslation('companies_ui');
  return (
    <Stack gap="md">
      <Title order={1}>{t('manage.forbidden_title')}</Title>
      <Alert color="yellow">{t('manage.forbidden_body')}</Alert>
      <Anchor component={Link} to={paths.companyProxy.path}>
        {t('company.back')}
      </Anchor>
    </Stack>
  );
}

function ManageTabs({ company }: { company: Company }) {
  const { t } = useTranslation('companies_ui');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'settings';

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <CompanyLogo name={company.name} logo={company.logo} size={64} />
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {t('manage.title', { name: company.name })}
          </Title>
        </Group>
        <Anchor component={Link} to={paths.company.href({ slug: company.slug })}>
          {t('manage.view_page')}
        </Anchor>
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => {
          if (isTab(v)) setParams(v === 'settings' ? {} : { tab: v }, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('manage.tabs')} style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="settings">{t('manage.tab_settings')}</Tabs.Tab>
          <Tabs.Tab value="details">{t('manage.tab_details')}</Tabs.Tab>
          <Tabs.Tab value="followers">{t('manage.tab_followers')}</Tabs.Tab>
          <Tabs.Tab value="invitations">{t('manage.tab_invitations')}</Tabs.Tab>
          <Tabs.Tab value="delete" color="red">
            {t('manage.tab_delete')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings" pt="md">
          <ManageSettings company={company} />
        </Tabs.Panel>
        <Tabs.Panel value="details" pt="md">
          <CompanyForm company={company} />
        </Tabs.Panel>
        <Tabs.Panel value="followers" pt="md">
          <FollowersList slug={company.slug} />
        </Tabs.Panel>
        <Tabs.Panel value="invitations" pt="md">
          <ManageInvitations slug={company.slug} />
        </Tabs.Panel>
        <Tabs.Panel value="delete" pt="md">
          <ManageDelete company={company} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ManagedCompany({ slug }: { slug: string }) {
  const company = useCompany(slug);
  if (company.isPending) return <Skeleton h={240} />;
  if (company.isError || !company.data.is_manager) return <ManageForbidden />;
  return <ManageTabs company={company.data} />;
}

/**
 * `/profile_company_manage/:id`: the route carries the company's id, the API wants its slug; the
 * companies I manage (my business profiles, in the user object) map one to the other. A company
 * created or granted elsewhere may be missing from the stored user: it is asked for once more.
 */
export function CompanyManage({ id }: { id: number }) {
  const user = useCurrentUser();
  const slug = managedSlug(user, id);
  const refresh = useReloadUser(id, slug === null);
  if (slug) return <ManagedCompany slug={slug} />;
  if (refresh.isPending) return <Skeleton h={240} />;
  return <ManageForbidden />;
}
