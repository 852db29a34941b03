import { Button, type ButtonProps } from '@mantine/core';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadOnFirstOpen } from '@/shared/ui/load-on-first-open';
import { notify } from '@/shared/ui/notify';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { type BlockTarget, useBlocks, useSetBlocked } from './api';
import { mayStartConversation } from './send-message-button';

const ConfirmDialog = lazy(() =>
  import('@/shared/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * "Blokker" / "Opphev blokkering" for a member (a profile, a conversation, the settings' list): asks
 * first, says what a block does, and reads whether they are blocked from the caller's block list.
 * Only for approved members acting as themselves (the endpoints are `member` and personal).
 */
export function BlockButton({
  person,
  ...button
}: { person: { id: number; name: string; type?: BlockTarget['type'] } } & Omit<ButtonProps, 'children' | 'onClick'>) {
  const { t } = useTranslation('messages');
  const user = useCurrentUser();
  // Blocks are a member's own: not for accounts that cannot write, nor while acting as a company.
  const blocks = useBlocks(mayStartConversation(user) && !user?.active_business_profile);
  const setBlocked = useSetBlocked();
  const [open, setOpen] = useState(false);
  // What the dialog asks, fixed when it opens: it keeps its words while it closes after the change.
  const [unblocking, setUnblocking] = useState(false);
  const target: BlockTarget = { type: person.type ?? 'user', id: person.id };
  if (!blocks.data || (target.type === 'user' && user?.id === person.id)) return null;
  const blocked = blocks.data.some((b) => b.type === target.type && b.id === target.id);
  const confirm = async () => {
    await setBlocked.mutateAsync({ target, blocked: !unblocking });
    setOpen(false);
    notify.success(t(unblocking ? 'ui.unblocked_done' : 'ui.blocked_done', { name: person.name }));
  };
  return (
    <>
      <Button
        variant="default"
        color={blocked ? undefined : 'red'}
        {...button}
        aria-haspopup="dialog"
        onClick={() => {
          setUnblocking(blocked);
          setOpen(true);
        }}
      >
        {t(blocked ? 'ui.unblock' : 'ui.block')}
      </Button>
      <LoadOnFirstOpen opened={open}>
        {(opened) => (
          <ConfirmDialog
            opened={opened}
            title={t(unblocking ? 'ui.unblock_title' : 'ui.block_title', { name: person.name })}
            question={t(unblocking ? 'ui.unblock_question' : 'ui.block_question', { name: person.name })}
            confirmLabel={t(unblocking ? 'ui.unblock' : 'ui.block')}
            color={unblocking ? undefined : 'red'}
            loading={setBlocked.isPending}
            onCancel={() => setOpen(false)}
            onConfirm={() => void confirm().catch(() => undefined)}
          />
        )}
      </LoadOnFirstOpen>
    </>
  );
}
