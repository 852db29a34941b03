import { type PetitionDetail, PetitionCreateInput } from '@legenett/contracts';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  List,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { DateField } from '@/shared/forms/date-field';
import { IdSelectField, IdsMultiSelectField } from '@/shared/forms/id-select-field';
import { useContractForm } from '@/shared/forms/contract-form';
import { toOptions, useCategories, useReferenceList } from '@/shared/reference/reference-lists';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate } from '@/shared/lib/dates';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { notify } from '@/shared/ui/notify';
import { useSavePetition, useSimilarPetitions } from '../api/petitions';
import { useDebounced } from './use-debounced';

function defaults(p: PetitionDetail | null): PetitionCreateInput {
  return {
    title: p?.title ?? '',
    summary: p?.summary ?? '',
    full_text: p?.full_text ?? '',
    category_id: p?.category?.id ?? null,
    specialty_ids: p?.specialties.map((s) => s.id) ?? [],
    end_date: p?.end_date ?? null,
    signature_goal: p?.signature_goal ?? null,
    recipient: p?.recipient ?? '',
    post_on_my_page: p?.post_on_my_page ?? false,
  };
}

/** Published petitions with a similar title, so signatures are not split over duplicates. */
function SimilarTitles({ title, exclude }: { title: string; exclude: number | null }) {
  const { t } = useTranslation('petitions');
  const similar = useSimilarPetitions(useDebounced(title, 400));
  const list = (similar.data ?? []).filter((p) => p.id !== exclude);
  if (list.length === 0) return null;
  return (
    <Alert color="blue" role="status">
      <Text size="sm">{t('similar')}</Text>
      <List size="sm">
        {list.map((p) => (
          <List.Item key={p.id}>
            <Anchor component={Link} to={paths.petitionDetails.href({ id: p.id })}>
              {p.title}
            </Anchor>{' '}
            ({t('signatures', { count: p.signatures_count })})
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * What the published page will show, from the form's current values and what is stored (attachments,
 * co-authors). Previewing saves nothing, and says so.
 */
function Preview({ values, petition }: { values: PetitionCreateInput; petition: PetitionDetail | null }) {
  const { t } = useTranslation('petitions');
  const locale = useLocale();
  return (
    <Stack gap="xs" aria-label={t('preview')}>
      <Alert variant="light">{t('preview_note')}</Alert>
      <Title order={2}>{values.title}</Title>
      <Text size="lg">{values.summary}</Text>
      <Stack gap={2}>
        {values.recipient && (
          <Text>
            <b>{t('recipient')}:</b> {values.recipient}
          </Text>
        )}
        <Text>
          <b>{t('form.end_date')}:</b> {values.end_date ? formatDate(values.end_date, locale) : t('preview_missing')}
        </Text>
        {values.signature_goal ? (
          <Text>
            <b>{t('goal', { goal: values.signature_goal })}</b>
          </Text>
        ) : null}
        {petition && petition.co_authors.length > 0 && (
          <Text>
            <b>{t('co_authors')}:</b>{' '}
            {petition.co_authors.map((a) => (a.title ? `${a.name} (${a.title})` : a.name)).join(', ')}
          </Text>
        )}
        {petition && petition.attachments.length > 0 && (
          <Text>
            <b>{t('attachments')}:</b> {petition.attachments.map((a) => a.name).join(', ')}
          </Text>
        )}
      </Stack>
      <Divider />
      <Text style={{ whiteSpace: 'pre-wrap' }}>{values.full_text}</Text>
    </Stack>
  );
}

/** Create or edit a petition; preview; save as draft or publish. The text is locked once signed. */
export function PetitionForm({ petition }: { petition: PetitionDetail | null }) {
  const { t } = useTranslation('petitions');
  const navigate = useNavigate();
  const save = useSavePetition();
  const categories = useCategories('petition');
  const specialties = useReferenceList('specialties');
  const [previewing, setPreviewing] = useState(false);
  const { register, control, submit, fieldError, getValues } = useContractForm(PetitionCreateInput, {
    defaultValues: defaults(petition),
  });
  const title = useWatch({ control, name: 'title' }) ?? '';
  const locked = petition?.text_locked ?? false;
  const isDraft = petition === null || petition.status === 'draft';

  const persist = async (body: PetitionCreateInput, publish: boolean) => {
    const { title: _title, summary: _summary, full_text: _text, ...rest } = body;
    const saved = await save.mutateAsync({ id: petition?.id ?? null, body: locked ? rest : body });
    if (publish) {
      await save.mutateAsync({ id: saved.id, body: { visibility: 'open' } });
      notify.success(t('published_done'));
      void navigate(paths.petitionDetails.href({ id: saved.id }));
      return;
    }
    notify.success(t('saved'));
    if (petition === null) void navigate(paths.petitionUpdate.href({ id: saved.id }), { replace: true });
  };
  const onSave = submit((body) => persist(body, false));
  const onPublish = submit((body) => persist(body, true));

  return (
    <form onSubmit={(ev) => void onSave(ev)} noValidate>
      <Stack gap="sm">
        {locked && <Alert color="yellow">{t('text_locked_note')}</Alert>}
        {previewing ? (
          <Preview values={getValues()} petition={petition} />
        ) : (
          <>
            <TextInput
              label={t('form.title')}
              required
              disabled={locked}
              {...register('title')}
              error={fieldError('title')}
            />
            {petition === null && <SimilarTitles title={title} exclude={null} />}
            <Textarea
              label={t('form.summary')}
              disabled={locked}
              rows={2}
              {...register('summary')}
              error={fieldError('summary')}
            />
            <Textarea
              label={t('form.full_text')}
              disabled={locked}
              rows={8}
              {...register('full_text')}
              error={fieldError('full_text')}
            />
            <TextInput
              label={t('form.recipient')}
              placeholder={t('form.recipient_placeholder')}
              {...register('recipient')}
              error={fieldError('recipient')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <IdSelectField
                control={control}
                name="category_id"
                label={t('form.category')}
                data={toOptions(categories.data)}
                error={fieldError('category_id')}
                clearable
              />
              <IdsMultiSelectField
                control={control}
                name="specialty_ids"
                label={t('form.specialties')}
                data={toOptions(specialties.data)}
                error={fieldError('specialty_ids')}
                searchable
                clearable
              />
              <DateField
                control={control}
                name="end_date"
                label={t('form.end_date')}
                empty={null}
                error={fieldError('end_date')}
              />
              <Controller
                control={control}
                name="signature_goal"
                render={({ field }) => (
                  <NumberInput
                    label={t('form.signature_goal')}
                    min={1}
                    allowDecimal={false}
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
                    error={fieldError('signature_goal')}
                  />
                )}
              />
            </SimpleGrid>
            <Checkbox label={t('form.post_on_my_page')} {...register('post_on_my_page')} />
            {isDraft && (
              <Text size="sm" c="dimmed">
                {t('form.publish_hint')}
              </Text>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPreviewing((v) => !v)}>
            {previewing ? t('back_to_edit') : t('preview')}
          </Button>
          <Button type="submit" variant={isDraft ? 'light' : 'filled'} loading={save.isPending}>
            {isDraft ? t('save_draft') : t('save')}
          </Button>
          {isDraft && (petition === null || petition.is_owner) && (
            <ConfirmButton
              label={t('publish')}
              question={t('publish_confirm')}
              confirmLabel={t('publish_yes')}
              loading={save.isPending}
              onConfirm={() => onPublish()}
            />
          )}
        </Group>
      </Stack>
    </form>
  );
}
