import { type Post } from '@legenett/contracts';
import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { useArchivePost, useDeletePost } from './api';

/**
 * The owner's menu on a post: edit, archive or unarchive, delete (confirmed). Loaded by
 * `PostOwnerMenu` (post-actions.tsx) on the first press of its button, which it replaces, open.
 */
export function PostOwnerMenuLoaded({ post, onEdit }: { post: Post; onEdit: () => void }) {
  const { t } = useTranslation('feed');
  const remove = useDeletePost();
  const archive = useArchivePost();
  const [confirming, setConfirming] = useState(false);
  // It replaces the button that was pressed and mounts open; Mantine's menu returns the focus to its
  // button only after an open it saw happen, so closing does it here (Escape, a choice, a click outside).
  const target = useRef<HTMLButtonElement>(null);
  const toggleArchive = async () => {
    await archive.mutateAsync({ post, archive: !post.is_archived });
    notify.success(t(post.is_archived ? 'actions.unarchived' : 'actions.archived'));
  };
  const confirmDelete = async () => {
    await remove.mutateAsync(post);
    setConfirming(false);
    notify.success(t('actions.deleted'));
  };
  return (
    <>
      {/* Mounted open in the same commit as its button: floating-ui's "reference hidden" check can run
          before that button is laid out (it does in jsdom), so it is not used; the header menus do the same. */}
      <Menu position="bottom-end" withinPortal defaultOpened hideDetached={false} onClose={() => target.current?.focus()}>
        <Menu.Target>
          <Button ref={target} variant="subtle" size="xs" aria-label={t('actions.menu')}>
            ⋯
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {!post.is_archived ? <Menu.Item onClick={onEdit}>{t('actions.edit')}</Menu.Item> : null}
          <Menu.Item onClick={() => void toggleArchive().catch(() => undefined)}>
            {t(post.is_archived ? 'actions.unarchive' : 'actions.archive')}
          </Menu.Item>
          <Menu.Item color="red" onClick={() => setConfirming(true)}>
            {t('actions.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('actions.delete_title')}>
        <Stack>
          <Text>{t('actions.delete_text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => void confirmDelete().catch(() => undefined)}
            >
              {t('actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
