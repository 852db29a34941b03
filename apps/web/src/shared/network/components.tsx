import { type PublicProfile } from '@legenett/contracts';
import { Anchor, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadOnFirstOpen } from '@/shared/ui/load-on-first-open';
import { notify } from '@/shared/ui/notify';
import { useFollowMember, useProfileSearch } from './api';
import { fullName, UserCardRow } from './user-card-row';

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


const FollowersDialog = lazy(() => import('./followers-dialog').then((m) => ({ default: m.FollowersDialog })));

/** "N followers" and "Following N" as buttons that open the paged list in a dialog (loaded on first open). */
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
      <LoadOnFirstOpen opened={open !== null}>
        {(opened) => <FollowersDialog opened={opened} onClose={() => setOpen(null)} slug={profile.slug} name={fullName(profile)} which={open} />}
      </LoadOnFirstOpen>
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
