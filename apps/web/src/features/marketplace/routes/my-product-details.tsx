import { Container } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { ProductDetails } from '../components/product-details';
import { useProductId } from './product-details';

export function Component() {
  const id = useProductId();
  if (id === null) return <Navigate to={paths.notFound.path} replace />;
  return (
    <Container size="md" px={0} py="md">
      <ProductDetails key={id} id={id} mine />
    </Container>
  );
}
