import { type UserCard } from '@legenett/contracts';
import { ActionIcon, Alert, Avatar, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { notify } from '@/shared/ui/notify';
import { useProfileSearch } from '@/shared/network/api';
import { useInviteFollowers } from '../api/companies';
import { initials } from '@/shared/posts/format';

/** The contract's limit on one invitation call. */
const MAX_INVITES = 100;
const nameOf = (u: UserCard) => `${u.first_name} ${u.last_name}`.trim();

function Person({ user, action }: { user: UserCard; action: ReactNode }) {
  const name = nameOf(user);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={user.profile_avatar} radius="xl" size="sm" aria-hidden>
          {initials(name)}
        </Avatar>
        <Text style={{ overflowWrap: 'anywhere' }}>{name}</Text>
      </Group>
      {action}
    </Group>
  );
}

/** Find members by name, collect them, and invite them to follow the company (each gets a notification). */
export function ManageInvitations({ slug }: { slug: string }) {
  const { t } = useTranslation('companies_ui');
  const me = useCurrentUser();
  const [text, setText] = useState('');
  const [name] = useDebouncedValue(text.trim(), 300);
  const [selected, setSelected] = useState<UserCard[]>([]);
  const search = useProfileSearch(name);
  const invite = useInviteFollowers(slug);
  const results = (search.data?.data ?? []).filter((u) => u.id !== me?.id);
  const isSelected = (id: number) => selected.some((s) => s.id === id);

  const send = () =>
    invite.mutate(
      selected.map((u) => u.id),
      {
        onSuccess: ({ invited }) => {
          notify.success(invited.length > 0 ? t('manage.invite.sent', { count: invited.length }) : t('manage.invite.sent_none'));
          setSelected([]);
        },
      },
    );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="company-invite-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="company-invite-heading">
            {t('manage.invite.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('manage.invite.intro')}
          </Text>
        </div>
        <TextInput
          type="search"
          label={t('manage.invite.search')}
          placeholder={t('manage.invite.search_placeholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
        />
        {name.length >= 2 ? (
          search.isPending ? null : results.length === 0 ? (
            <Text size="sm" c="dimmed" role="status">
              {t('manage.invite.no_results')}
            </Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('manage.invite.results')}>
              {results.map((u) => (
                <li key={u.id}>
                  <Person
                    user={u}
                    action={
                      <Button
                        size="xs"
                        variant="light"
                        disabled={isSelected(u.id) || selected.length >= MAX_INVITES}
                        aria-label={t('manage.invite.add_named', { name: nameOf(u) })}
                        onClick={() => setSelected((s) => [...s, u])}
                      >
                        {isSelected(u.id) ? t('manage.invite.added') : t('manage.invite.add')}
                      </Button>
                    }
                  />
                </li>
              ))}
            </Stack>
          )
        ) : null}

        <Title order={3} size="h5" id="company-invite-selected">
          {t('manage.invite.selected')}
        </Title>
        {selected.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('manage.invite.none_selected')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="company-invite-selected">
            {selected.map((u) => (
              <li key={u.id}>
                <Person
                  user={u}
                  action={
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('manage.invite.remove_named', { name: nameOf(u) })}
                      onClick={() => setSelected((s) => s.filter((x) => x.id !== u.id))}
                    >
                      ×
                    </ActionIcon>
                  }
                />
              </li>
            ))}
          </Stack>
        )}
        {selected.length >= MAX_INVITES ? <Alert color="yellow">{t('manage.invite.limit', { maximum: MAX_INVITES })}</Alert> : null}
        <Group>
          <Button onClick={send} disabled={selected.length === 0} loading={invite.isPending}>
            {t('manage.invite.send')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
