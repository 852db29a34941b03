import { Anchor, Card, Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlayIcon } from '@/shared/ui/icons';
import { useFrontendSettings } from '@/shared/reference/frontend-settings';

/** The introduction video configured in the frontend settings, when there is one. */
export function IntroVideo() {
  const { t } = useTranslation();
  const settings = useFrontendSettings();
  const link = settings.data?.prev_image_video_link;
  if (!link) return null;
  const image = settings.data?.prev_image_video_src;
  return (
    <Card withBorder padding="lg" radius="md" maw={560}>
      {image && (
        <Card.Section mb="md">
          <Image src={image} alt="" h={200} fit="cover" />
        </Card.Section>
      )}
      <Text fw={600} mb={4}>
        {t('home.video_title')}
      </Text>
      <Anchor href={link} target="_blank" rel="noopener noreferrer">
        <Group gap={6} component="span">
          <PlayIcon size={18} />
          {t('home.video_link')}
        </Group>
      </Anchor>
    </Card>
  );
}
