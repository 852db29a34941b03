import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Stack
      component="footer"
      gap="xs"
      mt="xl"
      py="lg"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="lg" component="nav" aria-label={t('footer.label')}>
        <Anchor component={Link} to={paths.about.path} size="sm">
          {t('nav.about')}
        </Anchor>
        <Anchor component={Link} to={paths.termsAndPrivacy.path} size="sm">
          {t('nav.privacy')}
        </Anchor>
        <Anchor component={Link} to={paths.next.path} size="sm">
          {t('nav.next')}
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed">
        {t('footer.rights', { year: new Date().getFullYear() })} · {t('footer.made_for')}
      </Text>
    </Stack>
  );
}
