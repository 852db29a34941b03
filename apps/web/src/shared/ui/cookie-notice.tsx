import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { storageKeys } from '@/shared/config/storage-keys';
import { safeStorage } from '@/shared/lib/storage';

/**
 * Informs once about the strictly necessary storage we use; remembered when accepted. A bar in the
 * page's flow at the top of the main content (not floating over it): it pushes the page down instead
 * of covering form fields and submit buttons, and dialogs (the login form) lie above it.
 */
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
      withBorder
      p="sm"
      radius="md"
      mb="md"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          {t('cookie.text')}{' '}
          <Anchor component={Link} to={paths.termsAndPrivacy.path} size="sm">
            {t('cookie.more')}
          </Anchor>
        </Text>
        <Button size="xs" onClick={accept}>
          {t('cookie.accept')}
        </Button>
      </Group>
    </Paper>
  );
}
