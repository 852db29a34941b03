import { ActionIcon, Button, CloseButton, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/api-error';
import { useNationalIdWarning } from '@/shared/forms/national-id-warning';

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
 * The message box: Enter sends, Shift+Enter adds a line; files beside it; the patient-data guard
 * warns while typing (the same rule the API refuses with), and the draft stays in the browser.
 */
export function Composer({ draft, onSend, replyingTo, onCancelReply, allowFiles = true }: ComposerProps) {
  const { t } = useTranslation('messages');
  const [text, setText] = useState(() => readDraft(draft));
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  // A 422 from the API, beside the field it names (the text, or the files: a PDF with a number in it).
  const [serverError, setServerError] = useState<{ body?: string; files?: string }>({});

  useEffect(() => setText(readDraft(draft)), [draft]);
  useEffect(() => writeDraft(draft, text), [draft, text]);

  // The patient-data guard while typing: the API's rule and words (with the account-number hint).
  const guard = useNationalIdWarning(text);
  const empty = text.trim() === '' && files.length === 0;

  const submit = async () => {
    if (empty || guard || sending) return;
    setSending(true);
    setServerError({});
    try {
      await onSend(text.trim(), files);
      setText('');
      setFiles([]);
    } catch (err) {
      // The API client has shown the error; a 422's messages also go beside their field, and the text stays.
      const validation = err instanceof ApiError ? err.validation : null;
      if (validation) {
        const next: { body?: string; files?: string } = {};
        for (const [field, messages] of Object.entries(validation.errors)) {
          const key = field.startsWith('files') ? 'files' : 'body';
          next[key] = [next[key], ...messages].filter(Boolean).join(' ');
        }
        setServerError(next);
      }
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
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
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          if (serverError.body) setServerError({ ...serverError, body: undefined });
        }}
        onKeyDown={onKeyDown}
        rows={3}
        resize="vertical"
        maxLength={5000}
        description={t('ui.composer_hint')}
        // The guard's warning is the field's error: announced with it, and linked (aria-describedby).
        error={guard ?? serverError.body}
        errorProps={{ role: 'alert' }}
      />
      {files.length > 0 ? (
        <Group gap="xs">
          {files.map((f, i) => (
            <Group key={`${f.name}-${i}`} gap={4} wrap="nowrap">
              <Text size="sm" truncate maw={200}>
                {f.name}
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('ui.remove_file', { name: f.name })}
                onClick={() => {
                  setFiles(files.filter((_, j) => j !== i));
                  setServerError({ ...serverError, files: undefined });
                }}
              />
            </Group>
          ))}
        </Group>
      ) : null}
      {serverError.files ? (
        <Text size="sm" c="red" role="alert">
          {serverError.files}
        </Text>
      ) : null}
      <Group justify="space-between">
        {allowFiles ? (
          <FileButton onChange={(picked) => setFiles([...files, ...picked].slice(0, 5))} accept="image/png,image/jpeg,image/webp,application/pdf" multiple>
            {(props) => (
              <ActionIcon {...props} variant="default" size="lg" aria-label={t('ui.attach')}>
                <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
                  <path d="m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
                </svg>
              </ActionIcon>
            )}
          </FileButton>
        ) : (
          <span />
        )}
        <Button onClick={() => void submit()} disabled={empty || guard !== undefined} loading={sending}>
          {t('ui.send')}
        </Button>
      </Group>
    </Stack>
  );
}
