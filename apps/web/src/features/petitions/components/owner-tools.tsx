import {
  type PetitionDetail,
  type PetitionExportFormat,
  type PressRelease as PressReleaseType,
  PressReleaseInput,
} from '@legenett/contracts';
import { Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '@/shared/forms/contract-form';
import { useLocale } from '@/shared/i18n/use-locale';
import { notify } from '@/shared/ui/notify';
import {
  downloadExport,
  useAnswer,
  useDeliver,
  usePressRelease,
  useSavePetition,
  useSendPressRelease,
} from '../api/petitions';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { formatDate } from '@/shared/lib/dates';
import { formatBytes } from '@/shared/lib/numbers';

/** Export buttons; the download shows how much has arrived while the file streams. */
function Exports({ id }: { id: number }) {
  const { t } = useTranslation('petitions');
  const locale = useLocale();
  const [progress, setProgress] = useState<{ format: PetitionExportFormat; bytes: number } | null>(null);
  const run = (format: PetitionExportFormat) => {
    setProgress({ format, bytes: 0 });
    downloadExport(id, format, (bytes) => setProgress({ format, bytes }))
      .then(() => notify.success(t('export.done')))
      .catch(() => notify.danger(t('export.failed')))
      .finally(() => setProgress(null));
  };
  return (
    <Stack gap="xs">
      <Title order={4}>{t('owner_steps.export')}</Title>
      <Group gap="xs">
        {(['pdf', 'csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="light"
            onClick={() => run(format)}
            loading={progress?.format === format}
            disabled={progress !== null}
          >
            {t(`export.${format}`)}
          </Button>
        ))}
      </Group>
      {progress && (
        <Text size="sm" role="status" aria-live="polite">
          {t('export.progress', { size: formatBytes(progress.bytes, locale) })}
        </Text>
      )}
    </Stack>
  );
}

/** The press release: the preview from the petition, editable, then sent to the addresses given. */
function PressRelease({ petition, preview }: { petition: PetitionDetail; preview: PressReleaseType }) {
  const { t } = useTranslation('petitions');
  const locale = useLocale();
  const send = useSendPressRelease();
  const { register, control, submit, fieldError, reset } = useContractForm(PressReleaseInput, {
    defaultValues: {
      subject: preview.subject,
      body: preview.body,
      contact: preview.contact,
      co_author_ids: preview.co_author_ids,
      recipients: [],
    },
  });
  const onSubmit = submit(async (body) => {
    await send.mutateAsync({ id: petition.id, body });
    notify.success(t('press.sent_done'));
    reset({ ...body, recipients: [] });
  });
  const accepted = petition.co_authors.filter((a) => a.accepted);
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Stack gap="xs">
        <Title order={4}>{t('owner_steps.press')}</Title>
        <TextInput
          label={t('press.subject')}
          required
          {...register('subject')}
          error={fieldError('subject')}
        />
        <Textarea
          label={t('press.body')}
          required
          rows={6}
          {...register('body')}
          error={fieldError('body')}
        />
        <TextInput label={t('press.contact')} {...register('contact')} error={fieldError('contact')} />
        {accepted.length > 0 && (
          <Controller
            control={control}
            name="co_author_ids"
            render={({ field }) => (
              <Checkbox.Group
                label={t('press.co_authors')}
                value={(field.value ?? []).map(String)}
                onChange={(v) => field.onChange(v.map(Number))}
              >
                <Group gap="sm" mt={4}>
                  {accepted.map((a) => (
                    <Checkbox key={a.id} value={String(a.id)} label={a.name} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
        )}
        <Controller
          control={control}
          name="recipients"
          render={({ field }) => (
            <Textarea
              label={t('press.recipients')}
              required
              rows={2}
              defaultValue=""
              onChange={(e) => field.onChange(e.currentTarget.value.split(/[\s,;]+/).filter(Boolean))}
              error={fieldError('recipients')}
            />
          )}
        />
        <Group>
          <Button type="submit" loading={send.isPending}>
            {t('press.send')}
          </Button>
        </Group>
        {preview.sent.length > 0 && (
          <div>
            <Text fw={600} size="sm">
              {t('press.sent_list')}
            </Text>
            {preview.sent.map((s) => (
              <Text key={s.id} size="sm">
                {s.subject}:{' '}
                {t('press.sent_item', {
                  date: formatDate(s.sent_at, locale),
                  recipients: s.recipients.join(', '),
                })}
              </Text>
            ))}
          </div>
        )}
      </Stack>
    </form>
  );
}

function PressReleaseLoader({ petition }: { petition: PetitionDetail }) {
  const preview = usePressRelease(petition.id, true);
  if (!preview.data) return null;
  return <PressRelease petition={petition} preview={preview.data} />;
}

/**
 * The initiator's tools on a published petition, as the state allows: close and archive always;
 * once someone has signed, the steps deliver, export, answer (after delivery) and press release.
 */
export function OwnerTools({ petition }: { petition: PetitionDetail }) {
  const { t } = useTranslation('petitions');
  const locale = useLocale();
  const save = useSavePetition();
  const deliver = useDeliver();
  const answer = useAnswer();
  const [answerText, setAnswerText] = useState(petition.answer ?? '');
  if (petition.status === 'draft') return null;
  const signed = petition.signatures_count > 0;
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>{t('owner_tools')}</Title>
        <Group gap="xs">
          {petition.status === 'active' && !petition.is_archived && (
            <ConfirmButton
              label={t('close')}
              question={t('close_confirm')}
              color="orange"
              variant="light"
              loading={save.isPending}
              onConfirm={() => save.mutateAsync({ id: petition.id, body: { status: 'closed' } })}
            />
          )}
          {!petition.is_archived && (
            <ConfirmButton
              label={t('archive')}
              question={t('archive_confirm')}
              variant="light"
              color="gray"
              loading={save.isPending}
              onConfirm={() => save.mutateAsync({ id: petition.id, body: { visibility: 'archived' } })}
            />
          )}
        </Group>
        {!signed ? (
          <Text size="sm" c="dimmed">
            {t('owner_no_signatures')}
          </Text>
        ) : (
          <>
            <Stack gap="xs">
              <Title order={4}>{t('owner_steps.deliver')}</Title>
              {petition.delivered ? (
                <Text size="sm">
                  {t('delivered', {
                    date: formatDate(petition.delivered.at, locale),
                    count: petition.delivered.count,
                  })}
                </Text>
              ) : (
                <Group>
                  <ConfirmButton
                    label={t('deliver')}
                    question={t('deliver_confirm')}
                    variant="light"
                    loading={deliver.isPending}
                    onConfirm={() => deliver.mutateAsync(petition.id)}
                  />
                </Group>
              )}
            </Stack>
            <Exports id={petition.id} />
            <Stack gap="xs">
              <Title order={4}>{t('owner_steps.answer')}</Title>
              {petition.delivered ? (
                <>
                  <Textarea
                    label={t('answer_label')}
                    value={answerText}
                    onChange={(e) => setAnswerText(e.currentTarget.value)}
                    rows={3}
                  />
                  <Group>
                    <Button
                      variant="light"
                      disabled={!answerText.trim()}
                      loading={answer.isPending}
                      onClick={() => answer.mutate({ id: petition.id, answer: answerText.trim() })}
                    >
                      {t('answer_publish')}
                    </Button>
                  </Group>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('owner_answer_after_delivery')}
                </Text>
              )}
            </Stack>
            <PressReleaseLoader petition={petition} />
          </>
        )}
      </Stack>
    </Card>
  );
}
