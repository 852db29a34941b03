import { MAX_MESSAGE_BODY, MAX_MESSAGE_FILES, nationalIdMessage, SendMessageInput } from '@legenett/contracts';
import { Button, CloseButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '@/shared/forms/contract-form';
import { FilePicker } from '@/shared/ui/file-picker';

/** The text of a message, checked by the send endpoint's own schema (length, the patient-data guard). */
const ComposerInput = SendMessageInput.pick({ body: true });
const ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf';

const draftKey = (key: string) => `legenett.messages.draft.${key}`;

function readDraft(key: string): string {
  try {
    return globalThis.localStorage?.getItem(draftKey(key)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(key: string, text: string): void {
  try {
    if (text) globalThis.localStorage?.setItem(draftKey(key), text);
    else globalThis.localStorage?.removeItem(draftKey(key));
  } catch {
    // Private mode or full storage: the draft lives in the page only.
  }
}

interface ComposerProps {
  /** Where the draft is kept in this browser (a conversation id, or `to-<user>` for a new one). */
  draft: string;
  onSend: (body: string, files: File[]) => Promise<unknown>;
  replyingTo?: string | null;
  onCancelReply?: () => void;
  allowFiles?: boolean;
}

/**
 * The message box, a form of the kit on the send endpoint's schema: Enter sends, Shift+Enter adds a
 * line; up to `MAX_MESSAGE_FILES` files in the shared `FilePicker`; the patient-data guard warns while
 * typing (the same rule the API refuses with), and the draft stays in the browser.
 */
export function Composer({ draft, onSend, replyingTo, onCancelReply, allowFiles = true }: ComposerProps) {
  const { t } = useTranslation('messages');
  const form = useContractForm(ComposerInput, { defaultValues: { body: readDraft(draft) } });
  const text = useWatch({ control: form.control, name: 'body' }) ?? '';
  const [files, setFiles] = useState<File[]>([]);
  // A 422 on the files (a PDF with a number in it), under the picker.
  const [filesError, setFilesError] = useState<string | null>(null);
  const { reset } = form;

  useEffect(() => reset({ body: readDraft(draft) }), [draft, reset]);
  useEffect(() => writeDraft(draft, text), [draft, text]);

  // The patient-data guard while typing: the kit's warning on the guarded field (with the account-number
  // hint); while it stands, nothing is sent.
  const guard = form.fieldError('body');
  const warned = nationalIdMessage(text) !== null;
  const empty = text.trim() === '' && files.length === 0;
  const sending = form.formState.isSubmitting;

  const send = form.submit(
    async ({ body }) => {
      setFilesError(null);
      await onSend(body, files);
      form.reset({ body: '' });
      setFiles([]);
    },
    // The API client has shown the error; a 422's messages also go beside their field, and the text stays.
    (field, message) => {
      if (field.startsWith('files')) setFilesError(message);
      else form.setError('body', { type: 'server', message });
    },
  );
  const submit = () => {
    if (empty || warned || sending) return;
    void send();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <Stack gap={6}>
      {replyingTo ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" truncate>
            {t('ui.replying_to', { name: replyingTo })}
          </Text>
          <CloseButton size="sm" aria-label={t('ui.cancel_reply')} onClick={onCancelReply} />
        </Group>
      ) : null}
      <Textarea
        label={t('ui.composer_label')}
        {...form.register('body')}
        onKeyDown={onKeyDown}
        rows={3}
        resize="vertical"
        maxLength={MAX_MESSAGE_BODY}
        description={t('ui.composer_hint')}
        // The guard's warning (or a 422) is the field's error: announced with it, and linked (aria-describedby).
        error={guard}
        errorProps={{ role: 'alert' }}
      />
      {allowFiles ? (
        <FilePicker
          label={t('ui.attach')}
          accept={ACCEPT}
          value={files}
          onChange={(picked) => {
            setFiles(picked.slice(0, MAX_MESSAGE_FILES));
            setFilesError(null);
          }}
        />
      ) : null}
      {filesError ? (
        <Text size="sm" c="red" role="alert">
          {filesError}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={submit} disabled={empty || warned} loading={sending}>
          {t('ui.send')}
        </Button>
      </Group>
    </Stack>
  );
}
