import { MAX_COMMENT_TEXT } from '@legenett/contracts';
import {
  Alert,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/api-error';
import { useNationalIdWarning } from '@/shared/forms/national-id-warning';
import { useLocale } from '@/shared/i18n/use-locale';
import { notify } from '@/shared/ui/notify';
import { useAddComment, useComments, useDeleteComment } from '@/shared/posts/api';
import { formatDateTime } from '@/shared/lib/dates';
import { authorName } from '@/shared/posts/format';
import { MentionText } from '@/shared/posts/mention-text';
import { MentionTextarea, useMentionDraft } from '@/shared/posts/mention-textarea';
import { PagedList } from '@/shared/ui/paged-list';
import { VerifiedBadge } from '@/shared/ui/verified-badge';

/** A post's comments, oldest first and paged, with the form to add one and delete buttons on my own. */
export function PostComments({ postId }: { postId: number }) {
  const { t } = useTranslation('feed');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const comments = useComments(postId, page);
  const add = useAddComment(postId);
  const remove = useDeleteComment(postId);
  const text = useMentionDraft();
  const [error, setError] = useState<string | null>(null);
  // A 422's messages for the text, shown on the field (the guard's, the length's).
  const [textError, setTextError] = useState<string | null>(null);
  const id = useId();
  // The patient-data guard while typing: the same rule and words as the API's refusal.
  const guard = useNationalIdWarning(text.stored());

  const submit = async () => {
    const value = text.stored().trim();
    if (!value || guard) return;
    setError(null);
    setTextError(null);
    try {
      await add.mutateAsync(value);
      text.reset();
      notify.success(t('comments.added'));
      const last = comments.data?.meta.last_page ?? 1;
      const total = comments.data?.meta.total ?? 0;
      const perPage = comments.data?.meta.per_page ?? 10;
      setPage(total % perPage === 0 && total > 0 ? last + 1 : last);
    } catch (err) {
      const fieldMessages = err instanceof ApiError ? err.validation?.errors.text : undefined;
      if (fieldMessages?.length) setTextError(fieldMessages.join(' '));
      else setError(err instanceof ApiError ? err.message : String(err));
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={`${id}-heading`}>
      <Title order={2} size="h3" id={`${id}-heading`}>
        {t('comments.heading')}
      </Title>
      <PagedList
        query={comments}
        label={t('comments.list')}
        empty={t('comments.empty')}
        paginationLabel={t('comments.pagination')}
        page={page}
        onPageChange={setPage}
        itemKey={(c) => c.id}
        renderItem={(c) => (
          <Card withBorder padding="sm" component="article">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {authorName(c)}
                  </Text>
                  {c.company ? null : <VerifiedBadge verifiedAs={c.author?.verified_as ?? null} />}
                </Group>
                <Text size="xs" c="dimmed" component="time" dateTime={c.created_at}>
                  {formatDateTime(c.created_at, locale)}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  <MentionText text={c.text} mentions={c.mentions} />
                </Text>
              </Stack>
              {c.is_mine ? (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  loading={remove.isPending && remove.variables === c.id}
                  onClick={() =>
                    remove.mutate(c.id, { onSuccess: () => notify.success(t('comments.deleted')) })
                  }
                >
                  {t('comments.delete')}
                </Button>
              ) : null}
            </Group>
          </Card>
        )}
      />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <MentionTextarea
            label={t('comments.add')}
            rows={2}
            maxLength={MAX_COMMENT_TEXT}
            draft={text}
            error={guard ?? textError}
            errorProps={{ role: 'alert' }}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending} disabled={!text.text.trim() || Boolean(guard)}>
              {t('comments.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
