import { Navigate, useParams } from 'react-router-dom';
import { CategoryPage, isPageCategory } from '@/features/info/components/category-page';
import { paths } from '@/shared/config/paths';

export function Component() {
  const { category } = useParams();
  if (!isPageCategory(category)) return <Navigate to={paths.notFound.path} replace />;
  return <CategoryPage category={category} />;
}
