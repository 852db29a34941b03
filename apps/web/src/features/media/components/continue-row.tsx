import { type MediaKind } from '@legenett/contracts';
import { SimpleGrid, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContinueList } from '../api/media';
import { MediaCard } from './media-card';

/** "Continue watching / listening": started, unfinished items; nothing when there are none. */
export function ContinueRow({ kind }: { kind: MediaKind }) {
  const { t } = useTranslation('media');
  const list = useContinueList(kind);
  const items = list.data ?? [];
  if (items.length === 0) return null;
  const heading = kind === 'video' ? t('continue_watching') : t('continue_listening');
  return (
    <section aria-label={heading}>
      <Title order={2} size="h4" mb="xs">
        {heading}
      </Title>
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 4 }}
        mb="lg"
        component="ul"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {items.slice(0, 4).map((item) => (
          <li key={item.id}>
            <MediaCard item={item} />
          </li>
        ))}
      </SimpleGrid>
    </section>
  );
}
