import { MAX_POST_BODY, type Post } from '@legenett/contracts';
import { Button, Group, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/api-error';
import { notify } from '@/shared/ui/notify';
import { useArchivePost, useDeletePost, useSharePost, useUpdatePost } from './api';

/** A textarea with save/cancel for editing a post's text in place. */
export function PostEditor({ post, onDone }: { post: Post; onDone: () => void }) {
  const { t } = useTranslation('feed');
  const update = useUpdatePost();
  const [body, setBody] = useState(post.body);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ id: post.id, body: body.trim() });
      notify.success(t('actions.saved'));
      onDone();
    } catch (err) {
      const validation = err instanceof ApiError ? err.validation : null;
      setError(
        validation
          ? Object.values(validation.errors).flat().join(' ') || validation.message
          : err instanceof Error
            ? err.message
            : null,
      );
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('actions.edit_label')}
          rows={4}
          maxLength={MAX_POST_BODY}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={update.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The owner's menu on a post: edit, archive or unarchive, delete (confirmed). */
export function PostOwnerMenu({ post, onEdit }: { post: Post; onEdit: () => void }) {
  const { t } = useTranslation('feed');
  const remove = useDeletePost();
  const archive = useArchivePost();
  const [confirming, setConfirming] = useState(false);
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
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="subtle" size="xs" aria-label={t('actions.menu')}>
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

/** Share a post as a new post of mine, with an optional comment. */
export function ShareButton({ post }: { post: Post }) {
  const { t } = useTranslation('feed');
  const share = useSharePost();
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await share.mutateAsync({ id: post.id, body: body.trim() });
      notify.success(t('actions.shared'));
      setOpen(false);
      setBody('');
    } catch (err) {
      const validation = err instanceof ApiError ? err.validation : null;
      setError(
        validation
          ? Object.values(validation.errors).flat().join(' ') || validation.message
          : err instanceof Error
            ? err.message
            : null,
      );
    }
  };
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpen(true)}>
        {t('actions.share')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('actions.share_title')}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Textarea
              label={t('actions.share_label')}
              rows={3}
              maxLength={MAX_POST_BODY}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={error}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={share.isPending}>
                {t('actions.share')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
