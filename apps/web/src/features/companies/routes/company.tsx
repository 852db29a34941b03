import { Container } from '@mantine/core';
import { Navigate, useParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { CompanyPage } from '../components/company-page';

export function Component() {
  const { slug } = useParams();
  if (!slug) return <Navigate to={paths.companyProxy.path} replace />;
  return (
    <Container size="lg" px={0} py="md">
      <CompanyPage key={slug} slug={slug} />
    </Container>
  );
}
