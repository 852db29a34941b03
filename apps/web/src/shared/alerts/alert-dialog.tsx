import { type Alert, ALERT_FREQUENCY_VALUES, AlertInput, type AlertFormValues, MAX_ALERT_NAME_LENGTH } from '@legenett/contracts';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '@/shared/forms/contract-form';
import { notify } from '@/shared/ui/notify';
import { useSaveAlert } from './api';
import { type AlertDraft } from './draft';
import { useFilterNames } from './filter-names';

/** The filters in words: the search words, "Vestland", "Fastlege", and a count of those not named here. */
function useFilterParts(draft: AlertDraft): string[] {
  const { t } = useTranslation('alerts');
  const { names, unnamed } = useFilterNames(draft);
  const parts = [...names];
  if (draft.filters.search) parts.unshift(t('search_words', { words: draft.filters.search }));
  if (unnamed > 0) parts.push(t('more_filters', { count: unnamed }));
  return parts;
}

/** The saved search in words: the list, then its filters by name. */
export function AlertSummary({ draft }: { draft: AlertDraft }) {
  const { t } = useTranslation('alerts');
  const parts = useFilterParts(draft);
  const list = t(`type.${draft.type}`);
  return (
    <Text size="sm" c="dimmed">
      {list}: {parts.length === 0 ? t('no_filters') : parts.join(', ')}
    </Text>
  );
}

/** A name from the filters ("Stillinger: Vestland, Fastlege"), or "Nye stillinger" for a list without filters. */
function useSuggestedName(draft: AlertDraft): string {
  const { t } = useTranslation('alerts');
  const parts = useFilterParts(draft);
  if (parts.length === 0) return t(`default_name.${draft.type}`);
  const name = t('suggested_name', { type: t(`type.${draft.type}`), filters: parts.join(', ') });
  return name.slice(0, MAX_ALERT_NAME_LENGTH);
}

/**
 * Save a list's filters as a saved search (`draft`), or change one (`existing`): its name and how
 * often. Validated by the contract's `AlertInput` (docs/how-to/write-a-form.md). Loaded on first open
 * by `SaveAlertButton` and the saved searches page.
 */
export function AlertDialog({ draft, existing, opened, onClose }: { draft: AlertDraft; existing?: Alert; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('alerts');
  // The modal mounts its content on each opening, so each opening starts from the saved search (or
  // the list's filters) of that moment.
  return (
    <Modal opened={opened} onClose={onClose} title={existing ? t('edit_title') : t('dialog_title')}>
      <AlertForm draft={draft} existing={existing} onClose={onClose} />
    </Modal>
  );
}

function AlertForm({ draft, existing, onClose }: { draft: AlertDraft; existing?: Alert; onClose: () => void }) {
  const { t } = useTranslation('alerts');
  const save = useSaveAlert();
  const suggested = useSuggestedName(draft);
  const { register, control, submit, fieldError, setValue, getFieldState } = useContractForm<AlertInput, AlertFormValues>(AlertInput, {
    defaultValues: { ...draft, name: existing?.name ?? suggested, frequency: existing?.frequency ?? 'immediate' },
  });
  // The filters' names come with the reference lists: a name the user has not touched follows them.
  useEffect(() => {
    if (!existing && !getFieldState('name').isDirty) setValue('name', suggested);
  }, [existing, suggested, getFieldState, setValue]);

  const onSubmit = submit(async (input) => {
    await save.mutateAsync({ id: existing?.id, input });
    notify.success(existing ? t('updated') : t('saved'));
    onClose();
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
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
          maxLength={MAX_ALERT_NAME_LENGTH}
          required
          error={fieldError('name')}
          {...register('name')}
          data-autofocus
        />
        <Controller
          control={control}
          name="frequency"
          render={({ field }) => (
            <Radio.Group label={t('frequency_label')} value={field.value} onChange={field.onChange} error={fieldError('frequency')}>
              <Stack gap="xs" mt="xs">
                {ALERT_FREQUENCY_VALUES.map((f) => (
                  <Radio key={f} value={f} label={t(`frequency.${f}`)} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {existing ? t('update') : t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
