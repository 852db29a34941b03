import { Alert, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { accountState } from '@/shared/auth/account-state';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { mayStartConversation } from '@/shared/messages/send-message-button';
import { loadNamespaces } from '@/shared/i18n/i18n';
import { LoadOnFirstOpen } from '@/shared/ui/load-on-first-open';
import { usePhone } from '@/shared/ui/use-phone';
import { type InboxFilter, useLiveConversation, useStartConversation } from '../api/messages';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { Thread } from './thread';

// The people picker's texts are the feed's (mentions): loaded with the dialog, not with the page.
const NewConversationDialog = lazy(() => Promise.all([import('./new-conversation-dialog'), loadNamespaces(['feed'])]).then(([m]) => ({ default: m.NewConversationDialog })));
const NewGroupDialog = lazy(() => Promise.all([import('./new-conversation-dialog'), loadNamespaces(['feed'])]).then(([m]) => ({ default: m.NewGroupDialog })));

/** "Ny samtale" and "Ny gruppe" (groups are personal: not while acting as a company). */
function StartButtons() {
  const { t } = useTranslation('messages');
  const [open, setOpen] = useState<'conversation' | 'group' | null>(null);
  return (
    <Group gap="xs">
      <Button size="xs" onClick={() => setOpen('conversation')} aria-haspopup="dialog">
        {t('ui.new_conversation')}
      </Button>
      <Button size="xs" variant="default" onClick={() => setOpen('group')} aria-haspopup="dialog">
        {t('ui.new_group')}
      </Button>
      <LoadOnFirstOpen opened={open === 'conversation'}>
        {(opened) => <NewConversationDialog opened={opened} onClose={() => setOpen(null)} />}
      </LoadOnFirstOpen>
      <LoadOnFirstOpen opened={open === 'group'}>{(opened) => <NewGroupDialog opened={opened} onClose={() => setOpen(null)} />}</LoadOnFirstOpen>
    </Group>
  );
}

/** "Send melding" from a profile, a company page, a job or a course: `/messages?to=12&name=…` and friends. */
function NewConversation({ target, name, title }: { target: Target; name: string; title: string }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const start = useStartConversation();
  const key = `new-${JSON.stringify(target)}`;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('ui.new_to', { name })}
      </Title>
      {title ? <Text c="dimmed">{t('ui.topic', { title })}</Text> : null}
      <Composer
        draft={key}
        allowFiles={false}
        onSend={async (body) => {
          const { conversation } = await start.mutateAsync({ ...target, body });
          navigate(`/messages/${conversation.id}`, { replace: true });
        }}
      />
    </Stack>
  );
}

type Target = { to_user_id?: number; to_company_id?: number; topic_type?: 'job' | 'course'; topic_id?: number };

function targetOf(params: URLSearchParams): Target | null {
  const num = (k: string) => {
    const v = Number(params.get(k));
    return Number.isSafeInteger(v) && v > 0 ? v : undefined;
  };
  const topic = params.get('topic');
  const to = num('to');
  const company = num('company');
  const topicId = num('topic_id');
  if (to !== undefined) return { to_user_id: to };
  if (company !== undefined) return { to_company_id: company };
  if ((topic === 'job' || topic === 'course') && topicId !== undefined) return { topic_type: topic, topic_id: topicId };
  return null;
}

/**
 * Why an account that is not approved reads but does not write (the API refuses its messages with
 * 403 `account_in_review` / `account_not_approved`): said once above the list, and no composer.
 */
function ReadOnlyNotice() {
  const { t } = useTranslation('messages');
  const user = useCurrentUser();
  if (!user || mayStartConversation(user)) return null;
  const key = accountState(user) === 'in_review' ? 'ui.read_only_in_review' : user.status_label === 'Rejected' ? 'ui.read_only_rejected' : 'ui.read_only_not_approved';
  return (
    <Alert color="yellow" title={t('ui.read_only_title')}>
      {t(key)}
    </Alert>
  );
}

/** `/messages` and `/messages/:id`: the list and the thread side by side, one at a time on a phone. */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  const user = useCurrentUser();
  const writer = mayStartConversation(user);
  const params = useParams();
  const [search] = useSearchParams();
  const phone = usePhone();
  const [filter, setFilter] = useState<InboxFilter>('all');
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const target = id === null ? targetOf(search) : null;
  useLiveConversation(id);
  const newConversation = target && writer ? target : null;
  const detail = id !== null || newConversation !== null;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          {t('ui.title')}
        </Title>
        {writer && !user?.active_business_profile ? <StartButtons /> : null}
      </Group>
      <ReadOnlyNotice />
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {!phone || !detail ? (
          <Box w={phone ? '100%' : 320} style={{ flexShrink: 0 }}>
            <ConversationList activeId={id} filter={filter} onFilter={setFilter} />
          </Box>
        ) : null}
        {!phone || detail ? (
          <Box style={{ flex: 1, minWidth: 0 }}>
            {id !== null ? (
              <Thread id={id} backLink={phone} onAccepted={() => setFilter('all')} />
            ) : newConversation ? (
              <NewConversation target={newConversation} name={search.get('name') ?? ''} title={search.get('title') ?? ''} />
            ) : (
              <Text c="dimmed">{t('ui.choose')}</Text>
            )}
          </Box>
        ) : null}
      </Group>
    </Stack>
  );
}
