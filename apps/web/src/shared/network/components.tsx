import { type PublicProfile, type UserCard } from '@legenett/contracts';
import { Alert, Anchor, Avatar, Button, Card, Group, Loader, Modal, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { VerifiedBadge } from '@/shared/ui/verified-badge';
import { useFollowList, useFollowMember, useProfileSearch } from './api';

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** Follow / unfollow a member; a pressed toggle button so screen readers hear the state. */
export function FollowButton({
  profile,
  onChanged,
}: {
  profile: Pick<PublicProfile, 'slug' | 'first_name' | 'last_name' | 'is_following'>;
  onChanged?: (following: boolean) => void;
}) {
  const { t } = useTranslation('network');
  const follow = useFollowMember(profile.slug, onChanged);
  const name = fullName(profile);
  const toggle = async () => {
    const next = !profile.is_following;
    await follow.mutateAsync(next);
    notify.success(t(next ? 'followed' : 'unfollowed', { name }));
  };
  return (
    <Button
      variant={profile.is_following ? 'default' : 'filled'}
      aria-pressed={profile.is_following}
      loading={follow.isPending}
      onClick={() => void toggle().catch(() => undefined)}
    >
      {profile.is_following ? t('unfollow') : t('follow')}
    </Button>
  );
}

/** A person in a list: avatar and name linking to their page. */
export function UserCardRow({ user }: { user: UserCard }) {
  const name = fullName(user);
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={user.profile_avatar} radius="xl" size="md" alt="">
        {user.first_name.charAt(0)}
        {user.last_name.charAt(0)}
      </Avatar>
      <Anchor component={Link} to={paths.profileBySlug.href({ slug: user.slug })} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Anchor>
      <VerifiedBadge verifiedAs={user.verified_as} />
    </Group>
  );
}

/** The paged list of a member's followers, or of the members they follow. */
function FollowList({ slug, which }: { slug: string; which: 'followers' | 'following' }) {
  const { t } = useTranslation('network');
  const [page, setPage] = useState(1);
  const query = useFollowList(which, slug, page);
  if (query.isPending) return <Loader size="sm" />;
  if (query.isError) return <Alert color="red">{t('list_failed')}</Alert>;
  const { data, meta } = query.data;
  if (data.length === 0) return <Text c="dimmed">{t(which === 'followers' ? 'followers_empty' : 'following_empty')}</Text>;
  return (
    <Stack gap="sm">
      <Stack component="ul" aria-label={t(which === 'followers' ? 'followers_list' : 'following_list')} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.map((u) => (
          <li key={u.id}>
            <UserCardRow user={u} />
          </li>
        ))}
      </Stack>
      {meta.last_page > 1 ? (
        <Pagination total={meta.last_page} value={page} onChange={setPage} size="sm" aria-label={t('pagination')} />
      ) : null}
    </Stack>
  );
}

/** "N followers" and "Following N" as buttons that open the paged list in a dialog. */
export function FollowersLink({ profile }: { profile: Pick<PublicProfile, 'slug' | 'first_name' | 'last_name' | 'followers_count' | 'following_count'> }) {
  const { t } = useTranslation('network');
  const [open, setOpen] = useState<'followers' | 'following' | null>(null);
  return (
    <Group gap="md">
      <Anchor component="button" type="button" onClick={() => setOpen('followers')} size="sm" aria-haspopup="dialog">
        {t('followers', { count: profile.followers_count })}
      </Anchor>
      <Anchor component="button" type="button" onClick={() => setOpen('following')} size="sm" aria-haspopup="dialog">
        {t('following', { count: profile.following_count })}
      </Anchor>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={t(open === 'following' ? 'following_title' : 'followers_title', { name: fullName(profile) })}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {open ? <FollowList slug={profile.slug} which={open} /> : null}
      </Modal>
    </Group>
  );
}

/** "Find colleagues": name search over approved members (prefix and fuzzy). */
export function ProfileSearch() {
  const { t } = useTranslation('network');
  const id = useId();
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name, 250);
  const query = useProfileSearch(debounced);
  const term = debounced.trim();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`${id}-heading`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${id}-heading`}>
          {t('search.heading')}
        </Title>
        <TextInput type="search" label={t('search.label')} description={t('search.hint')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} />
        {term.length >= 2 ? (
          query.isPending ? (
            <Loader size="sm" />
          ) : query.data && query.data.data.length > 0 ? (
            <Stack component="ul" aria-label={t('search.results')} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {query.data.data.map((u) => (
                <li key={u.id}>
                  <UserCardRow user={u} />
                </li>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" role="status">
              {t('search.empty', { name: term })}
            </Text>
          )
        ) : null}
      </Stack>
    </Card>
  );
}
