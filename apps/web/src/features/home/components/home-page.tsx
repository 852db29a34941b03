import { Anchor, Box, Button, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import type { WebKey } from '@/shared/auth/route-access';
import {
  BriefcaseIcon,
  BuildingIcon,
  CartIcon,
  FeedIcon,
  FlagIcon,
  HeadphonesIcon,
  SchoolIcon,
  ShieldIcon,
  UserIcon,
  VideoIcon,
} from '@/shared/ui/icons';

interface Feature {
  title: WebKey;
  text: WebKey;
  href: string;
  icon: ComponentType<{ size?: number }>;
}

const features: Feature[] = [
  { title: 'home.feature_feed_title', text: 'home.feature_feed_text', href: paths.feed.path, icon: FeedIcon },
  { title: 'home.feature_jobs_title', text: 'home.feature_jobs_text', href: paths.jobs.path, icon: BriefcaseIcon },
  { title: 'home.feature_courses_title', text: 'home.feature_courses_text', href: paths.webinars.path, icon: SchoolIcon },
  { title: 'home.feature_marketplace_title', text: 'home.feature_marketplace_text', href: paths.marketplace.path, icon: CartIcon },
  { title: 'home.feature_petitions_title', text: 'home.feature_petitions_text', href: paths.petitions.path, icon: FlagIcon },
  { title: 'home.feature_companies_title', text: 'home.feature_companies_text', href: paths.companyProxy.path, icon: BuildingIcon },
  { title: 'home.feature_videos_title', text: 'home.feature_videos_text', href: paths.videos.path, icon: VideoIcon },
  { title: 'home.feature_audio_title', text: 'home.feature_audio_text', href: paths.audio.path, icon: HeadphonesIcon },
];

const audiences: { title: WebKey; text: WebKey; category: string }[] = [
  { title: 'pages.doctors_title', text: 'home.audience_doctors', category: 'doctors' },
  { title: 'pages.students_title', text: 'home.audience_students', category: 'students' },
  { title: 'pages.companies_title', text: 'home.audience_companies', category: 'companies' },
];

/**
 * The public front page. Parts that come from other features (counties, intro video) arrive as slots,
 * so this feature imports no other.
 */
export function HomePage({ regions, introVideo }: { regions?: ReactNode; introVideo?: ReactNode }) {
  const { t } = useTranslation();

  return (
    <Stack gap={48} py="md">
      <Paper
        component="section"
        aria-labelledby="home-hero-title"
        radius="lg"
        p={{ base: 'lg', sm: 48 }}
        style={{
          background:
            'light-dark(linear-gradient(135deg, var(--mantine-color-blue-0), var(--mantine-color-cyan-0)), linear-gradient(135deg, var(--mantine-color-dark-6), var(--mantine-color-dark-7)))',
        }}
      >
        <Title id="home-hero-title" order={1} fz={{ base: 30, sm: 44 }} lh={1.15} maw={720}>
          {t('home.hero_title')}
        </Title>
        <Text size="lg" mt="md" maw={680} c="dimmed">
          {t('home.hero_lead')}
        </Text>
        <Group mt="xl" gap="sm">
          <Button component={Link} to={paths.register.path} size="md">
            {t('home.cta_register')}
          </Button>
          <Button component={Link} to={paths.login.path} size="md" variant="default">
            {t('home.cta_login')}
          </Button>
        </Group>
        <Group mt="xl" gap="sm" wrap="nowrap" align="flex-start" maw={680}>
          <ThemeIcon variant="light" color="teal" size="lg" radius="xl">
            <ShieldIcon size={20} />
          </ThemeIcon>
          <Box>
            <Text fw={600}>{t('home.trust_title')}</Text>
            <Text size="sm" c="dimmed">
              {t('home.trust_text')}
            </Text>
          </Box>
        </Group>
      </Paper>

      <Box component="section" aria-labelledby="home-features-title">
        <Title id="home-features-title" order={2} mb="lg">
          {t('home.features_title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {features.map(({ title, text, href, icon: FeatureIcon }) => (
            <Card key={title} withBorder padding="lg" radius="md">
              <Group gap="sm" wrap="nowrap" mb="xs">
                <ThemeIcon variant="light" size={40} radius="md">
                  <FeatureIcon size={22} />
                </ThemeIcon>
                <Title order={3} size="h4">
                  <Anchor component={Link} to={href} c="inherit" fw={700} fz="inherit" underline="hover">
                    {t(title)}
                  </Anchor>
                </Title>
              </Group>
              <Text size="sm" c="dimmed">
                {t(text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Box>

      <Box component="section" aria-labelledby="home-audiences-title" className="below-fold">
        <Title id="home-audiences-title" order={2} mb="lg">
          {t('home.audiences_title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {audiences.map(({ title, text, category }) => (
            <Card key={category} withBorder padding="lg" radius="md">
              <Group gap="sm" wrap="nowrap" mb="xs">
                <ThemeIcon variant="light" color="grape" radius="xl">
                  <UserIcon size={18} />
                </ThemeIcon>
                <Anchor component={Link} to={paths.page.href({ category })} fw={700}>
                  {t(title)}
                </Anchor>
              </Group>
              <Text size="sm" c="dimmed">
                {t(text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Box>

      {introVideo}

      {regions && (
        <Box component="section" aria-labelledby="home-regions-title" className="below-fold">
          <Title id="home-regions-title" order={2} mb={4}>
            {t('home.regions_title')}
          </Title>
          <Text c="dimmed" mb="md">
            {t('home.regions_lead')}
          </Text>
          {regions}
        </Box>
      )}
    </Stack>
  );
}
