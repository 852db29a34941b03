import { MAX_POST_BODY, type Post } from '@legenett/contracts';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineErrorText } from '@/shared/api/api-error';
import { notify } from '@/shared/ui/notify';
import { useSharePost } from './api';

/** Share a post as a new post of mine, with an optional comment (loaded by `ShareButton` on first open). */
export function ShareDialog({ post, opened, onClose }: { post: Post; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('feed');
  const share = useSharePost();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await share.mutateAsync({ id: post.id, body: body.trim() });
      notify.success(t('actions.shared'));
      onClose();
      setBody('');
    } catch (err) {
      setError(inlineErrorText(err));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('actions.share_title')}>
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
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={share.isPending}>
              {t('actions.share')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
