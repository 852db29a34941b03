import { type Conversation, type Locale, MAX_MESSAGE_BODY, type Message } from '@legenett/contracts';
import { Alert, Anchor, Box, Button, Group, Loader, Menu, Paper, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { formatDateTime } from '@/shared/lib/dates';
import { BlockButton } from '@/shared/messages/block-button';
import { loadNamespaces } from '@/shared/i18n/i18n';
import { LoadOnFirstOpen } from '@/shared/ui/load-on-first-open';
import { useQueuedMessages, type QueuedMessage } from '@/shared/offline/outbox';
import { notify } from '@/shared/ui/notify';
import {
  messagesOf,
  useConversation,
  useConversationFlags,
  useDecideRequest,
  useDeleteMessage,
  useEditMessage,
  useHistory,
  useLeaveGroup,
  useMarkRead,
  useReportMessage,
  useSendMessage,
} from '../api/messages';
import { Composer } from './composer';

const ConfirmDialog = lazy(() => import('@/shared/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));
// The people picker's texts are the feed's (mentions): loaded with the dialog, not with the page.
const MembersDialog = lazy(() => Promise.all([import('./members-dialog'), loadNamespaces(['feed'])]).then(([m]) => ({ default: m.MembersDialog })));
import { Linkified } from './linkified';

function MessageItem({
  message,
  conversationId,
  seenBy,
  onReply,
  canWrite,
}: {
  message: Message;
  conversationId: number;
  seenBy: boolean;
  onReply: (m: Message) => void;
  /** False for a reader who may not write (an account that is not approved): no actions. */
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation('messages');
  const edit = useEditMessage(conversationId);
  const remove = useDeleteMessage(conversationId);
  const report = useReportMessage(conversationId);
  const [editing, setEditing] = useState<string | null>(null);
  const [reported, setReported] = useState(false);
  const [asking, setAsking] = useState<'delete' | 'report' | null>(null);
  const who = message.is_mine ? t('ui.you') : (message.sender?.name ?? t('ui.deleted_user'));
  return (
    <Box
      component="li"
      // Being edited, the message takes the column's whole width, so the box fits the text (issue 42).
      style={{ listStyle: 'none', alignSelf: editing !== null ? 'stretch' : message.is_mine ? 'flex-end' : 'flex-start', maxWidth: editing !== null ? undefined : '85%' }}
    >
      <Paper withBorder p="xs" radius="md" bg={message.is_mine ? 'var(--mantine-color-blue-light)' : undefined}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {who}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={message.created_at}>{formatDateTime(message.created_at, i18n.language as Locale)}</time>
            {message.edited && !message.deleted ? ` · ${t('ui.edited')}` : ''}
          </Text>
        </Group>
        {message.reply_to ? (
          <Text size="xs" c="dimmed" style={{ borderLeft: '3px solid var(--mantine-color-gray-5)', paddingLeft: 6 }}>
            {message.reply_to.sender_name ?? t('ui.deleted_user')}: {message.reply_to.deleted ? t('ui.message_deleted') : message.reply_to.excerpt}
          </Text>
        ) : null}
        {message.deleted ? (
          <Text size="sm" fs="italic" c="dimmed">
            {t('ui.message_deleted')}
          </Text>
        ) : editing !== null ? (
          <Stack gap={4}>
            <Textarea label={t('ui.edit')} value={editing} onChange={(e) => setEditing(e.currentTarget.value)} autosize minRows={3} maxRows={14} maxLength={MAX_MESSAGE_BODY} />
            <Group gap="xs">
              <Button size="xs" onClick={() => edit.mutate({ id: message.id, body: editing }, { onSuccess: () => setEditing(null) })} loading={edit.isPending}>
                {t('ui.save')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                {t('ui.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Linkified text={message.body} />
          </Text>
        )}
        {message.attachments.length > 0 ? (
          <Group gap="xs" mt={4}>
            {message.attachments.map((a) =>
              a.kind === 'image' ? (
                <Anchor key={a.id} href={a.url} target="_blank" rel="noopener noreferrer">
                  <img src={a.thumb_url ?? a.url} alt={a.original_name ?? ''} style={{ maxWidth: 160, maxHeight: 120, borderRadius: 4 }} />
                </Anchor>
              ) : (
                <Anchor key={a.id} href={a.url} size="sm">
                  {a.original_name ?? 'PDF'}
                </Anchor>
              ),
            )}
          </Group>
        ) : null}
        {canWrite && !message.deleted && editing === null ? (
          <Group gap={4} mt={4}>
            <Button size="compact-xs" variant="subtle" onClick={() => onReply(message)}>
              {t('ui.reply')}
            </Button>
            {message.can_edit ? (
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(message.body)}>
                {t('ui.edit')}
              </Button>
            ) : null}
            {reported ? (
              <Text size="xs" c="dimmed">
                {t('ui.reported')}
              </Text>
            ) : null}
            {/* Report and delete sit in a menu of their own, not beside "Svar", where a slip would do them. */}
            {message.is_mine || !reported ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button size="compact-xs" variant="subtle" color="gray" aria-label={t('ui.more_actions', { name: who })}>
                    ⋯
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {message.is_mine ? (
                    <Menu.Item color="red" onClick={() => setAsking('delete')} aria-haspopup="dialog">
                      {t('ui.delete')}
                    </Menu.Item>
                  ) : (
                    <Menu.Item onClick={() => setAsking('report')} aria-haspopup="dialog">
                      {t('ui.report')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </Group>
        ) : null}
        <LoadOnFirstOpen opened={asking === 'delete'}>
          {(opened) => (
            <ConfirmDialog
              opened={opened}
              title={t('ui.delete_title')}
              question={t('ui.delete_text')}
              confirmLabel={t('ui.delete')}
              color="red"
              loading={remove.isPending}
              onCancel={() => setAsking(null)}
              onConfirm={() =>
                remove.mutate(message.id, {
                  onSuccess: () => {
                    setAsking(null);
                    notify.success(t('ui.deleted_done'));
                  },
                })
              }
            />
          )}
        </LoadOnFirstOpen>
        <LoadOnFirstOpen opened={asking === 'report'}>
          {(opened) => (
            <ReportDialog
              opened={opened}
              onClose={() => setAsking(null)}
              messageId={message.id}
              onReport={async (input) => {
                await report.mutateAsync(input);
                setReported(true);
                notify.success(t('ui.reported'));
              }}
            />
          )}
        </LoadOnFirstOpen>
      </Paper>
      {seenBy ? (
        <Text size="xs" c="dimmed" ta="right">
          {t('ui.seen')}
        </Text>
      ) : null}
    </Box>
  );
}

/** A request: the sender (a member or a company, said so), then accept, decline or block. */
function RequestBanner({ conversation, onClosed, onAccepted }: { conversation: Conversation; onClosed: () => void; onAccepted?: () => void }) {
  const { t } = useTranslation('messages');
  const decide = useDecideRequest(conversation.id);
  const [blocking, setBlocking] = useState(false);
  const company = conversation.participants.some((p) => !p.is_me && p.type === 'company');
  const answer = (decision: 'accept' | 'decline' | 'block') =>
    decide.mutate(decision, {
      onSuccess: () => {
        if (decision === 'accept') {
          notify.success(t('ui.accepted'));
          onAccepted?.();
          return;
        }
        notify.success(decision === 'block' ? t('ui.blocked_done', { name: conversation.title }) : t('ui.declined'));
        setBlocking(false);
        onClosed();
      },
    });
  return (
    <Alert color="blue" title={t(company ? 'ui.request_title_company' : 'ui.request_title', { name: conversation.title })}>
      <Text size="sm">{t(company ? 'ui.request_text_company' : 'ui.request_text')}</Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={() => answer('accept')} loading={decide.isPending && decide.variables === 'accept'}>
          {t('ui.accept')}
        </Button>
        <Button size="xs" variant="default" onClick={() => answer('decline')}>
          {t('ui.decline')}
        </Button>
        <Button size="xs" variant="default" color="red" onClick={() => setBlocking(true)} aria-haspopup="dialog">
          {t(company ? 'ui.block_company' : 'ui.block')}
        </Button>
      </Group>
      <LoadOnFirstOpen opened={blocking}>
        {(opened) => (
          <ConfirmDialog
            opened={opened}
            title={t('ui.block_title', { name: conversation.title })}
            question={company ? t('ui.block_company_question') : t('ui.block_question', { name: conversation.title })}
            confirmLabel={t(company ? 'ui.block_company' : 'ui.block')}
            color="red"
            loading={decide.isPending}
            onCancel={() => setBlocking(false)}
            onConfirm={() => answer('block')}
          />
        )}
      </LoadOnFirstOpen>
    </Alert>
  );
}

/** A group's "Deltakere (n)" (the members; the creator adds and removes) and "Forlat gruppen" (asks first). */
function GroupActions({ conversation, onLeft }: { conversation: Conversation; onLeft: () => void }) {
  const { t } = useTranslation('messages');
  const leave = useLeaveGroup(conversation.id);
  const [open, setOpen] = useState<'members' | 'leave' | null>(null);
  const count = conversation.participants.filter((p) => p.state === 'active').length;
  return (
    <>
      <Button size="compact-sm" variant="default" onClick={() => setOpen('members')} aria-haspopup="dialog">
        {t('ui.members', { count })}
      </Button>
      <Button size="compact-sm" variant="default" color="red" onClick={() => setOpen('leave')} aria-haspopup="dialog">
        {t('ui.leave')}
      </Button>
      <LoadOnFirstOpen opened={open === 'members'}>
        {(opened) => <MembersDialog opened={opened} conversation={conversation} onClose={() => setOpen(null)} />}
      </LoadOnFirstOpen>
      <LoadOnFirstOpen opened={open === 'leave'}>
        {(opened) => (
          <ConfirmDialog
            opened={opened}
            title={t('ui.leave_title')}
            question={t('ui.leave_question')}
            confirmLabel={t('ui.leave')}
            color="red"
            loading={leave.isPending}
            onCancel={() => setOpen(null)}
            onConfirm={() =>
              leave.mutate(undefined, {
                onSuccess: () => {
                  notify.success(t('ui.left_done'));
                  onLeft();
                },
              })
            }
          />
        )}
      </LoadOnFirstOpen>
    </>
  );
}

/** A message written without a connection, in the offline queue until it is sent (issue 41). */
function QueuedItem({ message }: { message: QueuedMessage }) {
  const { t, i18n } = useTranslation('messages');
  return (
    <Box component="li" style={{ listStyle: 'none', alignSelf: 'flex-end', maxWidth: '85%' }}>
      <Paper withBorder p="xs" radius="md" style={{ borderStyle: 'dashed' }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {t('ui.you')}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={message.written_at}>{formatDateTime(message.written_at, i18n.language as Locale)}</time>
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
        <Text size="xs" c="dimmed" fs="italic">
          {t('ui.waiting_for_connection')}
        </Text>
      </Paper>
    </Box>
  );
}

/** One conversation: its messages by sequence, older on demand, the composer, and polite announcements. */
export function Thread({ id, backLink, onAccepted }: { id: number; backLink: boolean; onAccepted?: () => void }) {
  const { t } = useTranslation('messages');
  const conversation = useConversation(id);
  const history = useHistory(id);
  const send = useSendMessage(id);
  const me = useCurrentUser();
  const queued = useQueuedMessages(me?.id ?? null, id);
  const markRead = useMarkRead(id);
  const flags = useConversationFlags(id);
  const navigate = useNavigate();
  const closed = () => void navigate('/messages', { replace: true });
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const newest = useRef(0);
  const messages = messagesOf(history.data);
  const c = conversation.data;
  const last = messages[messages.length - 1];

  // New messages from others are announced politely; the focus stays where it is.
  useEffect(() => {
    if (!last) return;
    if (newest.current !== 0 && last.seq > newest.current && !last.is_mine) {
      setAnnouncement(t('ui.new_message_from', { name: last.sender?.name ?? t('ui.deleted_user') }));
    }
    newest.current = Math.max(newest.current, last.seq);
  }, [last, t]);

  const lastRead = c?.last_read_seq ?? 0;
  const { mutate: markReadMutate } = markRead;
  useEffect(() => {
    if (last && last.seq > lastRead && c?.my_state === 'active') markReadMutate(last.seq);
  }, [last, lastRead, c?.my_state, markReadMutate]);

  if (conversation.isPending) return <Loader aria-label={t('ui.title')} />;
  if (!c) return <Text>{t('ui.choose')}</Text>;

  const others = c.participants.filter((p) => !p.is_me);
  const otherMember = others.find((p) => p.type === 'user');
  const lastMine = [...messages].reverse().find((m) => m.is_mine);
  const seen = lastMine !== undefined && c.kind === 'direct' && others.some((p) => p.last_read_seq >= lastMine.seq);

  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          {backLink ? (
            <Anchor component={Link} to="/messages" size="sm">
              ← {t('ui.back')}
            </Anchor>
          ) : null}
          <Title order={2} size="h4">
            {c.title}
          </Title>
          {c.topic ? (
            <Text size="sm" c="dimmed">
              {t('ui.topic', { title: c.topic.title })}
            </Text>
          ) : null}
        </Stack>
        {c.my_state === 'active' && c.can_write ? (
          <Group gap={4} wrap="wrap">
            <Button size="compact-sm" variant="default" onClick={() => flags.mutate({ muted: !c.muted })}>
              {c.muted ? t('ui.unmute') : t('ui.mute')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => flags.mutate({ archived: !c.archived })}>
              {c.archived ? t('ui.unarchive') : t('ui.archive')}
            </Button>
            {c.kind === 'group' ? <GroupActions conversation={c} onLeft={closed} /> : null}
            {c.kind === 'direct' && otherMember ? <BlockButton person={{ id: otherMember.id, name: otherMember.name }} size="compact-sm" /> : null}
          </Group>
        ) : null}
      </Group>
      {c.my_state === 'request' && c.can_write ? <RequestBanner conversation={c} onClosed={closed} onAccepted={onAccepted} /> : null}
      {history.hasNextPage ? (
        <Button variant="subtle" size="xs" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
          {t('ui.load_older')}
        </Button>
      ) : null}
      <Stack component="ol" gap="xs" p={0} m={0} aria-label={c.title} style={{ overflowY: 'auto', flex: 1 }}>
        {messages.map((m) => (
          <MessageItem key={m.seq} message={m} conversationId={id} seenBy={seen && m === lastMine} onReply={setReplyTo} canWrite={c.can_write} />
        ))}
        {queued.map((m) => (
          <QueuedItem key={m.client_key} message={m} />
        ))}
      </Stack>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
      {c.can_write ? (
        <Composer
          draft={String(id)}
          replyingTo={replyTo ? (replyTo.is_mine ? t('ui.you') : (replyTo.sender?.name ?? t('ui.deleted_user'))) : null}
          onCancelReply={() => setReplyTo(null)}
          onSend={async (body, files) => {
            const result = await send.mutateAsync({ body, files, replyTo: replyTo?.id ?? null });
            setReplyTo(null);
            if (result.queued) setAnnouncement(t('ui.queued_announcement'));
          }}
        />
      ) : (
        <Text c="dimmed">{t('ui.cannot_write')}</Text>
      )}
    </Stack>
  );
}
