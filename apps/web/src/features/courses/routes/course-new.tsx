import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { CourseForm } from '../components/course-form';

export function Component() {
  const { t } = useTranslation('courses');
  return (
    <Page title={t('new_course')}>
      <CourseForm course={null} />
    </Page>
  );
}
