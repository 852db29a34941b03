import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Page } from '@/shared/ui/page';
import { positiveInt } from '../components/access';
import { CompanyForm } from '../components/company-form';
import { CompanyManage, ManageForbidden } from '../components/company-manage';

/** Without an id: the new-company form. With one: the manage tabs of that company (managers only). */
export function Component() {
  const { t } = useTranslation('companies_ui');
  const { id } = useParams();
  if (id === undefined) {
    return (
      <Page title={t('form.create_title')}>
        <CompanyForm />
      </Page>
    );
  }
  const companyId = positiveInt(id);
  return (
    <Container size="md" px={0} py="md">
      {companyId === null ? <ManageForbidden /> : <CompanyManage key={companyId} id={companyId} />}
    </Container>
  );
}
