import { type Suggestion } from '@legenett/contracts';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { mayNavigate } from '@/shared/auth/access-rules';
import { useFollowMember, useSuggestions } from '@/shared/network/api';
import { UserCardRow } from '@/shared/network/user-card-row';
import { notify } from '@/shared/ui/notify';
import { usePhone } from '@/shared/ui/use-phone';

function FollowSuggestion({ person }: { person: Suggestion }) {
  const { t } = useTranslation('network');
  const follow = useFollowMember(person.slug);
  const name = `${person.first_name} ${person.last_name}`.trim();
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={t('suggestions.follow_name', { name })}
      loading={follow.isPending}
      onClick={() =>
        void follow
          .mutateAsync(true)
          .then(() => notify.success(t('followed', { name })))
          .catch(() => undefined)
      }
    >
      {t('follow')}
    </Button>
  );
}

function reasonOf(person: Suggestion, t: ReturnType<typeof useTranslation<'network'>>['t']): string {
  switch (person.reason) {
    case 'workplace':
      return t('suggestions.reason_workplace');
    case 'followed_by_followed':
      return t('suggestions.reason_followed_by_followed', { count: person.followed_by_count });
    case 'specialty':
      return t('suggestions.reason_specialty');
    case 'county':
      return t('suggestions.reason_county');
  }
}

/**
 * "People you may know" beside the feed: a few members the API suggests (same workplace, followed by
 * people you follow, same specialty, same county), each with why and a follow button. Following one
 * refreshes the list (the followed person leaves it). Not shown to a business profile (the endpoint is
 * personal). Five beside the feed on a computer; three below the posts on a phone.
 */
export function PeopleYouMayKnow() {
  const { t } = useTranslation('network');
  const id = useId();
  const user = useCurrentUser();
  const allowed = mayNavigate('personal', user);
  const phone = usePhone();
  const query = useSuggestions(phone ? 3 : 5, allowed);
  // The suggestions arrive as an urgent update (the query's store), rendered in one task with the
  // feed's first posts; their deferred copy renders in React's background lane, in slices, as the
  // posts do (`PostList`, docs/performance/web.md). Until then the skeleton stays.
  const people = useDeferredValue(query.data);
  if (!allowed) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`${id}-heading`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${id}-heading`}>
          {t('suggestions.heading')}
        </Title>
        {query.isPending || (query.isSuccess && people === undefined) ? (
          <Skeleton h={96} />
        ) : query.isError || people === undefined ? (
          <Alert color="red" variant="light">
            {t('suggestions.failed')}
          </Alert>
        ) : people.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('suggestions.empty')}
          </Text>
        ) : (
          <Stack component="ul" aria-label={t('suggestions.list')} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {people.map((person) => (
              <li key={person.id}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <UserCardRow user={person} />
                    <Text size="xs" c="dimmed" pl={48}>
                      {reasonOf(person, t)}
                    </Text>
                  </Stack>
                  <FollowSuggestion person={person} />
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
