import { MAX_POST_BODY, MAX_POST_FILES, POST_FILES_FIELD } from '@legenett/contracts';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/api-error';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { useNationalIdWarning } from '@/shared/forms/national-id-warning';
import { FilePicker } from '@/shared/ui/file-picker';
import { notify } from '@/shared/ui/notify';
import { useCreatePost } from '@/shared/posts/api';
import { MentionTextarea, useMentionDraft } from '@/shared/posts/mention-textarea';

const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/** Write a post: text and up to 5 images or PDFs; the file count is checked before sending. */
export function PostComposer() {
  const { t } = useTranslation('feed');
  const { t: te } = useTranslation('errors');
  const create = useCreatePost();
  const acting = useCurrentUser()?.active_business_profile ?? null;
  const body = useMentionDraft();
  const [files, setFiles] = useState<File[]>([]);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [filesError, setFilesError] = useState<string | null>(null);
  const id = useId();
  // The patient-data guard while typing: the same rule and words as the API's refusal.
  const guard = useNationalIdWarning(body.stored());

  const choose = (chosen: File[]) => {
    if (chosen.length > MAX_POST_FILES) {
      setFilesError(te('too_many_photos'));
      setFiles([]);
      return;
    }
    setFilesError(null);
    setFiles(chosen);
  };

  const submit = async () => {
    if (guard) return;
    if (files.length > MAX_POST_FILES) {
      setFilesError(te('too_many_photos'));
      return;
    }
    setBodyError(null);
    try {
      await create.mutateAsync({ body: body.stored().trim(), files });
      notify.success(t('composer.published'));
      body.reset();
      setFiles([]);
    } catch (err) {
      // The API client has shown the message as a toast; 422 messages also go beside their fields.
      const validation = err instanceof ApiError ? err.validation : null;
      if (!validation) return;
      const fileMessages: string[] = [];
      const bodyMessages: string[] = [];
      for (const [name, messages] of Object.entries(validation.errors)) {
        if (name === POST_FILES_FIELD || name.startsWith('files')) fileMessages.push(...messages);
        else bodyMessages.push(...messages);
      }
      if (bodyMessages.length === 0 && fileMessages.length === 0) bodyMessages.push(validation.message);
      setBodyError(bodyMessages.length ? bodyMessages.join(' ') : null);
      setFilesError(fileMessages.length ? fileMessages.join(' ') : null);
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`${id}-heading`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id={`${id}-heading`}>
            {t('composer.heading')}
          </Title>
          {acting ? (
            <Text size="sm" c="dimmed">
              {t('composer.as_company', { name: acting.name })}
            </Text>
          ) : null}
          <MentionTextarea label={t('composer.body')} rows={3} maxLength={MAX_POST_BODY} draft={body} error={guard ?? bodyError} errorProps={{ role: 'alert' }} />
          <FilePicker
            label={t('composer.files')}
            description={t('composer.files_hint')}
            error={filesError}
            accept={ACCEPT}
            value={files}
            onChange={choose}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} disabled={Boolean(guard)}>
              {t('composer.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
