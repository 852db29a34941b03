import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { WebKey } from '@/shared/auth/route-access';
import { paths } from '@/shared/config/paths';
import { Page } from '@/shared/ui/page';
import { RichText } from '@/shared/ui/rich-text';

/** `/pages/:category`: one page per audience of the portal. */
export const PAGE_CATEGORIES = {
  doctors: { title: 'pages.doctors_title', text: 'pages.doctors_text' },
  students: { title: 'pages.students_title', text: 'pages.students_text' },
  companies: { title: 'pages.companies_title', text: 'pages.companies_text' },
} as const satisfies Record<string, { title: WebKey; text: WebKey }>;

export type PageCategory = keyof typeof PAGE_CATEGORIES;

export function isPageCategory(value: string | undefined): value is PageCategory {
  return value !== undefined && Object.hasOwn(PAGE_CATEGORIES, value);
}

export function CategoryPage({ category }: { category: PageCategory }) {
  const { t } = useTranslation();
  const { title, text } = PAGE_CATEGORIES[category];
  return (
    <Page title={t(title)}>
      <RichText text={t(text)} />
      <Anchor component={Link} to={paths.home.path} mt="md" display="inline-block">
        {t('pages.back_home')}
      </Anchor>
    </Page>
  );
}
