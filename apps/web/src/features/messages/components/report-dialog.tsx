import { ReportInput } from '@legenett/contracts';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '@/shared/forms/contract-form';

export const REPORT_REASONS = ['spam', 'harassment', 'patient_data', 'other'] as const;
type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * "Rapporter" asks first: why (a few choices, then free text), what happens, and a confirmation.
 * The reason the administrators read is the choice's text, then the user's words.
 */
export function ReportDialog({
  opened,
  onClose,
  messageId,
  onReport,
}: {
  opened: boolean;
  onClose: () => void;
  messageId: number;
  onReport: (input: { message_ids: number[]; reason: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation('messages');
  return (
    <Modal opened={opened} onClose={onClose} title={t('ui.report_title')} centered>
      {/* Mounted while open: each opening starts empty. */}
      {opened ? <ReportForm messageId={messageId} onReport={onReport} onClose={onClose} /> : null}
    </Modal>
  );
}

function ReportForm({ messageId, onReport, onClose }: { messageId: number; onReport: (input: { message_ids: number[]; reason: string }) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const [choice, setChoice] = useState<ReportReason | null>(null);
  const [choiceMissing, setChoiceMissing] = useState(false);
  const form = useContractForm(ReportInput, { defaultValues: { message_ids: [messageId], reason: '' } });
  const onSubmit = form.submit(async (values) => {
    if (choice === null) {
      setChoiceMissing(true);
      return;
    }
    const label = t(`ui.report_reason_${choice}`);
    await onReport({ message_ids: values.message_ids, reason: values.reason ? `${label}: ${values.reason}` : label });
    onClose();
  });
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('ui.report_text')}</Text>
        <Radio.Group
          label={t('ui.report_reason')}
          required
          value={choice}
          onChange={(v) => {
            setChoice(v as ReportReason);
            setChoiceMissing(false);
          }}
          error={choiceMissing ? t('ui.report_reason_required') : undefined}
        >
          <Stack gap="xs" mt="xs">
            {REPORT_REASONS.map((r, i) => (
              <Radio key={r} value={r} label={t(`ui.report_reason_${r}`)} data-autofocus={i === 0 ? true : undefined} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea label={t('ui.report_details')} rows={3} maxLength={900} {...form.register('reason')} error={form.fieldError('reason')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ui.cancel')}
          </Button>
          <Button type="submit" color="red" loading={form.formState.isSubmitting}>
            {t('ui.report_confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
