import { Container, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A content page: a readable width and one h1. */
export function Page({
  title,
  children,
  size = 'md',
}: {
  title: string;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Container size={size} px={0} py="md">
      <Title order={1} mb="lg">
        {title}
      </Title>
      {children}
    </Container>
  );
}
