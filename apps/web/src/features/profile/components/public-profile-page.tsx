import {
  Anchor,
  Avatar,
  Badge,
  BackgroundImage,
  Box,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PostList } from '@/shared/posts/post-list';
import { useUserPosts } from '@/shared/posts/api';
import { paths } from '@/shared/config/paths';
import { useFollowingChanged, usePublicProfile } from '../api/public-profile';
import { VerifiedBadge } from '@/shared/ui/verified-badge';
import { BlockButton } from '@/shared/messages/block-button';
import { SendMessageButton } from '@/shared/messages/send-message-button';
import { FollowButton, FollowersLink } from '@/shared/network/components';
import { EducationSummary, ExperienceSummary } from './professional-lists';

function ProfilePosts({ slug, name }: { slug: string; name: string }) {
  const { t } = useTranslation('network');
  return <PostList query={useUserPosts(slug)} label={t('posts_list', { name })} empty={t('posts_empty')} />;
}

/** `/profile/:slug`: a member's page (name, pictures, specialities, workplace, experience, education). */
export function PublicProfilePage({ slug }: { slug: string }) {
  const { t } = useTranslation('profile');
  const { t: tn } = useTranslation('network');
  const query = usePublicProfile(slug);
  const followingChanged = useFollowingChanged(slug);
  if (query.isPending) return <Loader aria-label={t('page.loading')} m="xl" />;
  if (!query.data) {
    return (
      <Container size="md" py="xl">
        <Title order={1}>{t('page.not_found')}</Title>
      </Container>
    );
  }
  const p = query.data;
  const name = `${p.first_name} ${p.last_name}`;
  const place = [p.position, p.workplace_name, p.city?.name ?? p.county?.name].filter(Boolean).join(' · ');

  return (
    <Container size="md" px={0} py="md">
      <Card withBorder padding={0} radius="md">
        {p.profile_background ? (
          <BackgroundImage src={p.profile_background} h={{ base: 120, sm: 200 }} />
        ) : (
          <Box h={{ base: 80, sm: 120 }} bg="var(--mantine-primary-color-light)" />
        )}
        <Stack p="md" gap="xs" mt={-56}>
          <Avatar
            src={p.profile_avatar}
            alt={t('page.avatar_alt', { name })}
            size={112}
            radius={112}
            style={{ border: '4px solid var(--mantine-color-body)' }}
          >
            {p.first_name.charAt(0)}
            {p.last_name.charAt(0)}
          </Avatar>
          <Group justify="space-between" align="flex-end">
            <Stack gap={2}>
              <Title order={1}>{name}</Title>
              <VerifiedBadge verifiedAs={p.verified_as} variant="full" />
              {place && <Text c="dimmed">{place}</Text>}
            </Stack>
            {p.is_me ? (
              <Group>
                <Button
                  component={Link}
                  to={paths.profileSettings.href({ slug: 'profile-information' })}
                  variant="default"
                >
                  {t('page.edit_profile')}
                </Button>
                <Button component={Link} to={paths.professionalExperience.path} variant="subtle">
                  {t('page.manage_experience')}
                </Button>
              </Group>
            ) : (
              <Group>
                <FollowButton profile={p} onChanged={followingChanged} />
                <SendMessageButton target={{ user: p.id }} name={name} />
                <BlockButton person={{ id: p.id, name }} />
              </Group>
            )}
          </Group>
          <FollowersLink profile={p} />
          {p.specialities.length > 0 && (
            <Group gap="xs" aria-label={t('page.specialities')}>
              {p.specialities.map((s) => (
                <Badge key={s.id} variant="light">
                  {s.name}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Card>
      {p.about && (
        <Stack gap="xs" mt="lg" component="section" aria-label={t('page.about')}>
          <Title order={2} size="h3">
            {t('page.about')}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{p.about}</Text>
        </Stack>
      )}
      <Stack gap="sm" mt="lg" component="section" aria-label={t('page.experience')}>
        <Title order={2} size="h3">
          {t('page.experience')}
        </Title>
        {p.professional_experiences.length === 0 && <Text c="dimmed">{t('page.no_experience')}</Text>}
        {p.professional_experiences.map((e) => (
          <Card key={e.id} withBorder>
            <ExperienceSummary item={e} />
          </Card>
        ))}
      </Stack>
      <Stack gap="sm" mt="lg" component="section" aria-label={t('page.education')}>
        <Title order={2} size="h3">
          {t('page.education')}
        </Title>
        {p.educations.length === 0 && <Text c="dimmed">{t('page.no_education')}</Text>}
        {p.educations.map((e) => (
          <Card key={e.id} withBorder>
            <EducationSummary item={e} />
          </Card>
        ))}
      </Stack>
      <Stack gap="sm" mt="lg" component="section" aria-labelledby="profile-posts-heading">
        <Group justify="space-between">
          <Title order={2} size="h3" id="profile-posts-heading">
            {tn('posts_title')}
          </Title>
          {p.is_me ? (
            <Anchor component={Link} to={paths.archivedPosts.href({ slug: p.slug })} size="sm">
              {tn('archived_link')}
            </Anchor>
          ) : null}
        </Group>
        <ProfilePosts slug={p.slug} name={name} />
      </Stack>
    </Container>
  );
}
