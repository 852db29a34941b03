import { ActionIcon, Anchor, Box, Group, Image, Modal, Text, VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@/shared/ui/icons';

export interface LightboxImage {
  /** The full-size image. */
  src: string;
  alt: string;
}

export interface LightboxProps {
  images: readonly LightboxImage[];
  /** The image shown; null keeps the viewer closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The dialog's name ("Images of the post"). */
  label: string;
}

/**
 * Images full size in a modal dialog: a named close button, Escape closes, the arrow keys (and two
 * named buttons) move between images, the focus stays inside and returns to the thumbnail that
 * opened it (Mantine's Modal). Texts are the feed's `lightbox.*`. Post cards load it on first open
 * (`LoadOnFirstOpen`).
 */
export function Lightbox({ images, index, onIndexChange, onClose, label }: LightboxProps) {
  const { t } = useTranslation('feed');
  const counterId = useId();
  const total = images.length;
  const current = index === null ? null : images[index];
  const go = (step: number) => {
    if (index === null || total < 2) return;
    onIndexChange((index + step + total) % total);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'Home' && total > 0) onIndexChange(0);
    else if (event.key === 'End' && total > 0) onIndexChange(total - 1);
    else return;
    event.preventDefault();
  };

  return (
    <Modal.Root
      opened={current !== null && current !== undefined}
      onClose={onClose}
      fullScreen
      returnFocus
      trapFocus
    >
      <Modal.Overlay />
      {/* Named on the dialog itself (Modal's own props go to its root, not to the dialog). */}
      <Modal.Content aria-label={label} bg="rgba(0, 0, 0, 0.92)">
        <Modal.Body p={0} h="100%">
          {current ? (
            <Box
              h="100dvh"
              onKeyDown={onKeyDown}
              style={{ display: 'flex', flexDirection: 'column', color: 'white' }}
              data-testid="lightbox"
            >
              <Group justify="space-between" p="sm" wrap="nowrap">
                <Text id={counterId} c="white" size="sm" aria-live="polite">
                  {t('lightbox.counter', { index: (index ?? 0) + 1, total })}
                </Text>
                <Group gap="sm" wrap="nowrap">
                  <Anchor
                    href={current.src}
                    target="_blank"
                    rel="noreferrer"
                    c="white"
                    size="sm"
                    underline="always"
                  >
                    {t('lightbox.original')}
                  </Anchor>
                  <ActionIcon
                    variant="filled"
                    color="dark"
                    size="lg"
                    radius="xl"
                    onClick={onClose}
                    aria-label={t('lightbox.close')}
                    data-autofocus
                  >
                    <CloseIcon />
                  </ActionIcon>
                </Group>
              </Group>
              <VisuallyHidden>{t('lightbox.keys')}</VisuallyHidden>
              <Group
                wrap="nowrap"
                gap="xs"
                px="xs"
                pb="md"
                style={{ flex: 1, minHeight: 0 }}
                justify="center"
              >
                {total > 1 ? (
                  <ActionIcon
                    variant="filled"
                    color="dark"
                    size="xl"
                    radius="xl"
                    onClick={() => go(-1)}
                    aria-label={t('lightbox.previous')}
                  >
                    <ChevronLeftIcon />
                  </ActionIcon>
                ) : null}
                <Box
                  style={{
                    flex: 1,
                    minWidth: 0,
                    height: '100%',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                  }}
                >
                  <Image
                    src={current.src}
                    alt={current.alt}
                    aria-describedby={counterId}
                    fit="contain"
                    style={{ maxWidth: '100%', maxHeight: '100%', width: 'auto', height: 'auto' }}
                  />
                </Box>
                {total > 1 ? (
                  <ActionIcon
                    variant="filled"
                    color="dark"
                    size="xl"
                    radius="xl"
                    onClick={() => go(1)}
                    aria-label={t('lightbox.next')}
                  >
                    <ChevronRightIcon />
                  </ActionIcon>
                ) : null}
              </Group>
            </Box>
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
