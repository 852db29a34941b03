import { type User } from '@legenett/contracts';
import { Anchor, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { accountState } from '@/shared/auth/account-state';
import { heldPage, useHeldPage } from '@/shared/auth/held-page';
import type { WebKey } from '@/shared/auth/route-access';
import { paths } from '@/shared/config/paths';
import { DocumentIcon, HeadphonesIcon, SchoolIcon, ShieldIcon, UserIcon, VideoIcon } from '@/shared/ui/icons';
import { useFreshAccount } from '../api/session';
import { useLogout } from '../api/logout';

interface Step {
  title: WebKey;
  text: WebKey;
  href: string;
  icon: ComponentType<{ size?: number }>;
}

/** Where questions about an account go (the about page's contact address). */
const CONTACT_EMAIL = 'post@legenett.no';

/** What an account awaiting approval may do: only its own account's pages (API access `user`). */
const meanwhile: Step[] = [
  {
    title: 'account_state.meanwhile_profile',
    text: 'account_state.meanwhile_profile_text',
    href: paths.profileSettings.href({ slug: 'profile-information' }),
    icon: UserIcon,
  },
  {
    title: 'account_state.meanwhile_experience',
    text: 'account_state.meanwhile_experience_text',
    href: paths.professionalExperience.path,
    icon: SchoolIcon,
  },
  {
    title: 'account_state.meanwhile_security',
    text: 'account_state.meanwhile_security_text',
    href: paths.profileSettings.href({ slug: 'two-step' }),
    icon: ShieldIcon,
  },
];

/** What an "In review" account may use: videos and audio (spec point 2). */
const openInReview: Step[] = [
  { title: 'nav.videos', text: 'home.feature_videos_text', href: paths.videos.path, icon: VideoIcon },
  { title: 'nav.audio', text: 'home.feature_audio_text', href: paths.audio.path, icon: HeadphonesIcon },
];

function StepCards({ steps }: { steps: Step[] }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: steps.length }} spacing="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {steps.map(({ title, text, href, icon: StepIcon }) => (
        <Card component="li" key={href} withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
              <StepIcon size={20} />
            </ThemeIcon>
            <Anchor component={Link} to={href} fw={700}>
              {t(title)}
            </Anchor>
            <Text size="sm">{t(text)}</Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The badge of an account that is not approved (header, state page); null for approved accounts. */
export function AccountStateBadge({ user }: { user: User }) {
  const { t } = useTranslation();
  const state = accountState(user);
  if (state === 'approved') return null;
  const rejected = user.status_label === 'Rejected';
  const label = state === 'in_review' ? 'account_state.badge_in_review' : rejected ? 'account_state.badge_rejected' : 'account_state.badge_not_approved';
  return (
    <Badge color={rejected ? 'red' : 'yellow'} variant="light" size="lg" radius="sm" tt="none">
      {t(label)}
    </Badge>
  );
}

/**
 * Home for an account that is not approved: what its state means, what happens next and how long
 * it usually takes, and what it can do meanwhile. Reads the account again, so an approval since the
 * login takes effect (the route guard then leads to the feed).
 */
export function AccountStatePage({ user }: { user: User }) {
  const { t } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const logout = useLogout();
  useFreshAccount();
  const state = accountState(user);
  const rejected = user.status_label === 'Rejected';
  // The page the account tried to open: named and kept here; the route guard opens it once approved.
  const held = useHeldPage(user.id);

  const logOut = () => logout.mutate(undefined, { onSettled: () => void navigate(paths.home.path, { replace: true }) });

  const title = state === 'in_review' ? 'account_state.in_review_title' : rejected ? 'account_state.rejected_title' : 'account_state.not_approved_title';

  return (
    <Stack gap="xl" py="md" maw={960}>
      <Paper component="section" aria-labelledby="account-state-title" radius="lg" p={{ base: 'lg', sm: 40 }} withBorder>
        <Stack gap="md">
          <Group gap="sm">
            <AccountStateBadge user={user} />
          </Group>
          <Title order={1} id="account-state-title" fz={{ base: 26, sm: 32 }}>
            {t(title)}
          </Title>
          {state === 'in_review' ? (
            <Text size="lg">{t('account_state.in_review_text')}</Text>
          ) : rejected ? (
            <Text size="lg">{t('account_state.rejected_lead')}</Text>
          ) : (
            <>
              <Text size="lg">{t('account_state.not_approved_lead')}</Text>
              <Text fw={600}>{tErrors('account_not_approved')}</Text>
            </>
          )}
        </Stack>
      </Paper>

      {held && !rejected && (
        <Paper component="section" aria-labelledby="account-state-held" radius="md" p="lg" withBorder>
          <Stack gap="xs">
            <Title order={2} id="account-state-held" size="h3">
              {t('account_state.held_title')}
            </Title>
            <Anchor component={Link} to={held.path} fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {held.title ? t(held.title) : held.path}
            </Anchor>
            {held.title && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {held.path}
              </Text>
            )}
            <Text>{t(state === 'in_review' ? 'account_state.held_text_in_review' : 'account_state.held_text_not_approved')}</Text>
            <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => heldPage.clear()}>
              {t('account_state.held_forget')}
            </Button>
          </Stack>
        </Paper>
      )}

      {state === 'not_approved' && !rejected && (
        <Stack component="section" aria-labelledby="account-state-next" gap="xs">
          <Title order={2} id="account-state-next" size="h3">
            {t('account_state.next_title')}
          </Title>
          <Text>{t('account_state.next_text')}</Text>
        </Stack>
      )}

      {state === 'not_approved' && (
        <Stack component="section" aria-labelledby="account-state-meanwhile" gap="md">
          <Title order={2} id="account-state-meanwhile" size="h3">
            {t('account_state.meanwhile_title')}
          </Title>
          <StepCards steps={meanwhile} />
        </Stack>
      )}

      {state === 'in_review' && (
        <Stack component="section" aria-labelledby="account-state-open" gap="md">
          <Title order={2} id="account-state-open" size="h3">
            {t('account_state.in_review_media_title')}
          </Title>
          <StepCards steps={openInReview} />
        </Stack>
      )}

      <Text>
        {t('account_state.contact_question')}{' '}
        <Anchor href={`mailto:${CONTACT_EMAIL}`}>{t('account_state.contact_mail', { email: CONTACT_EMAIL })}</Anchor>
      </Text>

      <Group gap="sm">
        {rejected && (
          <Button component={Link} to={paths.about.path} variant="default" leftSection={<DocumentIcon size={16} />}>
            {t('account_state.contact')}
          </Button>
        )}
        <Button variant="default" onClick={logOut} loading={logout.isPending}>
          {t('account_state.logout')}
        </Button>
      </Group>
    </Stack>
  );
}
