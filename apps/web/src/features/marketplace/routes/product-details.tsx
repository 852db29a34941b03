import { Container } from '@mantine/core';
import { Navigate, useParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { ProductDetails } from '../components/product-details';

/** The id of the route, or null when it is not a positive whole number. */
export function useProductId(): number | null {
  const { id } = useParams();
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function Component() {
  const id = useProductId();
  if (id === null) return <Navigate to={paths.notFound.path} replace />;
  return (
    <Container size="md" px={0} py="md">
      <ProductDetails key={id} id={id} mine={false} />
    </Container>
  );
}
