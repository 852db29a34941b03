import { Box, Title } from '@mantine/core';
import { RichText } from '@/shared/ui/rich-text';

export function InfoSection({ title, text }: { title: string; text: string }) {
  return (
    <Box component="section" mb="xl">
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      <RichText text={text} />
    </Box>
  );
}
