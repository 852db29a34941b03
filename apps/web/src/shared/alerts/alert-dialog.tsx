import { type Alert, type AlertFrequency, ALERT_FREQUENCY_VALUES, MAX_ALERT_NAME_LENGTH } from '@legenett/contracts';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineErrorText } from '@/shared/api/api-error';
import { notify } from '@/shared/ui/notify';
import { useSaveAlert } from './api';
import { type AlertDraft, filterCount } from './draft';

/** The saved search in words: the search words and how many filters. */
export function AlertSummary({ draft }: { draft: AlertDraft }) {
  const { t } = useTranslation('alerts');
  const count = filterCount(draft);
  const parts = [
    t(`type.${draft.type}`),
    ...(draft.filters.search ? [t('search_words', { words: draft.filters.search })] : []),
    ...(count > 0 ? [count === 1 ? t('filter_count_one') : t('filter_count', { count })] : []),
  ];
  return (
    <Text size="sm" c="dimmed">
      {count === 0 && !draft.filters.search ? `${t(`type.${draft.type}`)}: ${t('no_filters')}` : parts.join(' · ')}
    </Text>
  );
}

/**
 * Save a list's filters as an alert (`draft`), or change one (`existing`): its name and how often.
 * Loaded on first open by `SaveAlertButton` and the "My alerts" page.
 */
export function AlertDialog({ draft, existing, opened, onClose }: { draft: AlertDraft; existing?: Alert; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('alerts');
  const save = useSaveAlert();
  const [name, setName] = useState(existing?.name ?? t(`default_name.${draft.type}`));
  const [frequency, setFrequency] = useState<AlertFrequency>(existing?.frequency ?? 'immediate');
  const [error, setError] = useState<string | null>(null);
  // Each opening starts from the alert (or the list's filters) of that moment.
  const [wasOpen, setWasOpen] = useState(opened);
  if (opened !== wasOpen) {
    setWasOpen(opened);
    if (opened) {
      setName(existing?.name ?? t(`default_name.${draft.type}`));
      setFrequency(existing?.frequency ?? 'immediate');
      setError(null);
    }
  }

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ id: existing?.id, input: { ...draft, name: name.trim(), frequency } });
      notify.success(existing ? t('updated') : t('saved'));
      onClose();
    } catch (err) {
      setError(inlineErrorText(err));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={existing ? t('edit_title') : t('dialog_title')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <div>
            <Text size="sm" fw={500}>
              {t('search_saved')}
            </Text>
            <AlertSummary draft={draft} />
          </div>
          <TextInput
            label={t('name_label')}
            description={t('name_description')}
            value={name}
            maxLength={MAX_ALERT_NAME_LENGTH}
            required
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <Radio.Group label={t('frequency_label')} value={frequency} onChange={(v) => setFrequency(v as AlertFrequency)}>
            <Stack gap="xs" mt="xs">
              {ALERT_FREQUENCY_VALUES.map((f) => (
                <Radio key={f} value={f} label={t(`frequency.${f}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={name.trim() === ''}>
              {existing ? t('update') : t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
