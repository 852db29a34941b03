import { MAX_POST_BODY, type Post } from '@legenett/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineErrorText } from '@/shared/api/api-error';
import { LoadOnFirstOpen } from '@/shared/ui/load-on-first-open';
import { notify } from '@/shared/ui/notify';
import { useUpdatePost } from './api';
import { MentionTextarea, useMentionDraft } from './mention-textarea';

/** A textarea with save/cancel for editing a post's text in place. */
export function PostEditor({ post, onDone }: { post: Post; onDone: () => void }) {
  const { t } = useTranslation('feed');
  const update = useUpdatePost();
  const body = useMentionDraft(post.body, post.mentions);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ id: post.id, body: body.stored().trim() });
      notify.success(t('actions.saved'));
      onDone();
    } catch (err) {
      setError(inlineErrorText(err));
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
        <MentionTextarea label={t('actions.edit_label')} rows={4} maxLength={MAX_POST_BODY} draft={body} error={error} data-autofocus />
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

const OwnerMenu = lazy(() => import('./post-owner-menu').then((m) => ({ default: m.PostOwnerMenuLoaded })));
const ShareDialog = lazy(() => import('./share-dialog').then((m) => ({ default: m.ShareDialog })));

/**
 * The owner's menu on a post: edit, archive or unarchive, delete (confirmed). The menu (Mantine's Menu
 * with its positioning library, and the delete dialog) loads on the first press of this button, which
 * it then replaces, open; until it is there the button stays as it is.
 */
export function PostOwnerMenu({ post, onEdit }: { post: Post; onEdit: () => void }) {
  const { t } = useTranslation('feed');
  const [used, setUsed] = useState(false);
  const button = (
    <Button
      variant="subtle"
      size="xs"
      aria-label={t('actions.menu')}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setUsed(true)}
    >
      ⋯
    </Button>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <OwnerMenu post={post} onEdit={onEdit} />
    </Suspense>
  );
}

/** Share a post as a new post of mine, with an optional comment (the dialog loads on first open). */
export function ShareButton({ post }: { post: Post }) {
  const { t } = useTranslation('feed');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('actions.share')}
      </Button>
      <LoadOnFirstOpen opened={open}>
        {(opened) => <ShareDialog post={post} opened={opened} onClose={() => setOpen(false)} />}
      </LoadOnFirstOpen>
    </>
  );
}
