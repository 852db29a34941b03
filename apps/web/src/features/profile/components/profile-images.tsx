import { type User } from '@legenett/contracts';
import { Avatar, BackgroundImage, Box, Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { type ImageKind, useUploadProfileImage } from '../api/settings';

/** The API's cap (UPLOAD_MAX_MB default); the server decides, this only saves a pointless upload. */
export const MAX_UPLOAD_MB = 8;
const ACCEPT = 'image/jpeg,image/png,image/webp';

function ImageUpload({ kind, current }: { kind: ImageKind; current: string | null }) {
  const { t } = useTranslation('profile');
  const upload = useUploadProfileImage(kind);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onFile = async (file: File | null) => {
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    try {
      await upload.mutateAsync(file);
      notify.success(t('info.uploaded'));
    } finally {
      setPreview(null);
    }
  };
  const src = preview ?? current;
  const what = t(kind === 'avatar' ? 'info.avatar' : 'info.background');
  const alt = t('info.preview_alt', { what: what.toLowerCase() });

  return (
    <Stack gap="xs">
      <Text fw={500}>{what}</Text>
      {kind === 'avatar' ? (
        <Avatar src={src} alt={alt} size={96} radius={96} />
      ) : src ? (
        <BackgroundImage src={src} h={96} radius="md" role="img" aria-label={alt} />
      ) : (
        <Box
          h={96}
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Text c="dimmed" size="sm" p="sm">
            {t('info.no_image')}
          </Text>
        </Box>
      )}
      <Group>
        <FileButton onChange={(f) => void onFile(f)} accept={ACCEPT}>
          {(props) => (
            <Button {...props} variant="default" loading={upload.isPending}>
              {t(kind === 'avatar' ? 'info.upload_avatar' : 'info.upload_background')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('info.upload_hint', { mb: MAX_UPLOAD_MB })}
      </Text>
    </Stack>
  );
}

/** Profile picture and background, each uploaded on choice with a preview while it goes. */
export function ProfileImages({
  user,
}: {
  user: Pick<User, 'profile_avatar' | 'profile_background'> | null;
}) {
  const { t } = useTranslation('profile');
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('info.images')}
      </Title>
      <ImageUpload kind="avatar" current={user?.profile_avatar ?? null} />
      <ImageUpload kind="background" current={user?.profile_background ?? null} />
    </Stack>
  );
}
