import { type ProductImage } from '@legenett/contracts';
import { ActionIcon, Group, Image, Stack, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The photos of a product: one large photo, previous/next buttons and a row of thumbnails, each a
 * button; the arrow keys move through the photos when the gallery has focus.
 */
export function ProductGallery({ images, title }: { images: ProductImage[]; title: string }) {
  const { t } = useTranslation('marketplace');
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  if (!current) return null;
  const total = images.length;
  const go = (next: number) => setIndex((next + total) % total);

  return (
    <Stack
      component="section"
      aria-label={t('detail.gallery')}
      gap="xs"
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(index + 1);
        if (e.key === 'ArrowLeft') go(index - 1);
      }}
    >
      <Image
        src={current.url}
        alt={`${title} – ${t('detail.image_of', { index: index + 1, total })}`}
        mah={420}
        fit="contain"
        radius="md"
        bg="var(--mantine-color-default-hover)"
      />
      {total > 1 ? (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <ActionIcon variant="default" size="lg" aria-label={t('detail.previous_image')} onClick={() => go(index - 1)}>
            ‹
          </ActionIcon>
          <Group gap={6} wrap="wrap" justify="center">
            {images.map((img, i) => (
              <UnstyledButton
                key={img.id}
                aria-label={t('detail.show_image', { index: i + 1 })}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                style={{
                  borderRadius: 6,
                  outline: i === index ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                }}
              >
                <Image src={img.thumb_url} alt="" w={56} h={56} fit="cover" radius="sm" />
              </UnstyledButton>
            ))}
          </Group>
          <ActionIcon variant="default" size="lg" aria-label={t('detail.next_image')} onClick={() => go(index + 1)}>
            ›
          </ActionIcon>
        </Group>
      ) : null}
    </Stack>
  );
}
