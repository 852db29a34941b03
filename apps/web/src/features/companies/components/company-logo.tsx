import { Avatar } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { initials } from '@/shared/posts/format';

/** A company's logo, or its initials on a coloured square when it has none. */
export function CompanyLogo({ name, logo, size = 56 }: { name: string; logo: string | null; size?: number }) {
  const { t } = useTranslation('companies_ui');
  return (
    <Avatar src={logo} alt={logo ? t('company.logo', { name }) : undefined} size={size} radius="md" color="teal" aria-hidden={logo ? undefined : true}>
      {initials(name)}
    </Avatar>
  );
}
