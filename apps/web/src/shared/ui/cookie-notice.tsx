import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { storageKeys } from '@/shared/config/storage-keys';
import { safeStorage } from '@/shared/lib/storage';

/** Informs once about the strictly necessary storage we use; remembered when accepted. */
export function CookieNotice() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(() => safeStorage.get(storageKeys.cookieConsent) === 'accepted');
  if (accepted) return null;

  const accept = () => {
    safeStorage.set(storageKeys.cookieConsent, 'accepted');
    setAccepted(true);
  };

  return (
    <Paper
      component="section"
      aria-label={t('cookie.label')}
      shadow="lg"
      withBorder
      p="md"
      radius="md"
      pos="fixed"
      bottom={16}
      right={16}
      left={{ base: 16, sm: 'auto' }}
      maw={520}
      style={{ zIndex: 250 }}
    >
      <Text size="sm" mb="sm">
        {t('cookie.text')}{' '}
        <Anchor component={Link} to={paths.termsAndPrivacy.path} size="sm">
          {t('cookie.more')}
        </Anchor>
      </Text>
      <Group justify="flex-end">
        <Button size="xs" onClick={accept}>
          {t('cookie.accept')}
        </Button>
      </Group>
    </Paper>
  );
}
