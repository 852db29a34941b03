import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { CompanyDirectory } from '../components/company-directory';

export function Component() {
  const { t } = useTranslation('companies_ui');
  return (
    <Page title={t('directory.title')} size="lg">
      <CompanyDirectory />
    </Page>
  );
}
