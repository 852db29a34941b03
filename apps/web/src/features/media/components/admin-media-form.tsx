import {
  type AdminMedia,
  localise,
  MEDIA_ACCESS_LEVELS,
  type MediaInput,
  MediaInputSchema,
  type MediaKind,
} from '@legenett/contracts';
import {
  Button,
  Checkbox,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeInput } from '@/shared/forms/date-time-field';
import { useContractForm } from '@/shared/forms/contract-form';
import { EnumSelectField } from '@/shared/forms/enum-select-field';
import { IdSelectField, IdsMultiSelectField } from '@/shared/forms/id-select-field';
import { useLocale } from '@/shared/i18n/use-locale';
import { toOptions, useReferenceList } from '@/shared/reference/reference-lists';
import { FilePicker } from '@/shared/ui/file-picker';
import { notify } from '@/shared/ui/notify';
import { POSTER_ACCEPT } from './poster-accept';
import { useAdminCategories, useCreateMedia, useUpdateMedia, useUploadPoster } from '../api/admin-media';

interface FormValues {
  title: string;
  description: string;
  category_id: string;
  access_level: MediaInput['access_level'];
  specialty_ids: string[];
  external_url: string;
  embed_code: string;
  publish: boolean;
}

const DEFAULTS: FormValues = {
  title: '',
  description: '',
  category_id: '',
  access_level: 'all',
  specialty_ids: [],
  external_url: '',
  embed_code: '',
  // Nothing goes public by surprise: publishing is a choice (issue 25).
  publish: false,
};

/** The form's values from an item, for editing (publishing stays as it is unless changed). */
function valuesOf(item: AdminMedia): FormValues {
  return {
    title: item.title,
    description: item.description,
    category_id: item.category_id === null ? '' : String(item.category_id),
    access_level: item.access_level,
    specialty_ids: item.specialty_ids.map(String),
    external_url: item.source === 'url' ? (item.external_url ?? '') : '',
    embed_code: item.source === 'embed' ? (item.embed_code ?? '') : '',
    publish: false,
  };
}

const ACCEPT = {
  video: 'video/mp4,video/webm',
  audio: 'audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg',
} as const;

/**
 * A new video or track: the file (with an upload progress bar) or a link / embed, texts, access,
 * publishing. With `item`, edits that item's texts, category, access and link (its file stays).
 */
export function AdminMediaForm({
  kind,
  item,
  onSaved,
}: {
  kind: MediaKind;
  item?: AdminMedia;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('media');
  const locale = useLocale();
  const categories = useAdminCategories(kind);
  const specialties = useReferenceList('specialties');
  const create = useCreateMedia(kind);
  const update = useUpdateMedia();
  const [file, setFile] = useState<File | null>(null);
  const [posterFile, setPosterFile] = useState<File | null>(null);
  const poster = useUploadPoster();
  const [fileError, setFileError] = useState<string | null>(null);
  const [publishAt, setPublishAt] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { register, control, submit, fieldError, watch, reset } = useContractForm<MediaInput, FormValues>(
    MediaInputSchema,
    {
      defaultValues: item ? valuesOf(item) : DEFAULTS,
    },
  );
  const level = watch('access_level');
  const publishNow = watch('publish');

  const onSubmit = submit(
    async (values) => {
      setFileError(null);
      const publishAtIso = !values.publish ? publishAt : null;
      if (item) {
        await update.mutateAsync({ kind, id: item.id, values: { ...values, publish_at: publishAtIso } });
        notify.success(t('admin.saved'));
        onSaved?.();
        return;
      }
      setProgress(file ? 0 : null);
      try {
        const created = await create.mutateAsync({
          values: { ...values, publish_at: publishAtIso },
          file,
          onProgress: setProgress,
        });
        // The chosen poster replaces the frame taken from the video (audio: the cover on the cards).
        if (posterFile) await poster.mutateAsync({ kind, id: created.id, file: posterFile });
        notify.success(t('admin.saved'));
        if (created.notice) notify.warning(created.notice);
        reset(DEFAULTS);
        setFile(null);
        setPosterFile(null);
        setPublishAt(null);
      } finally {
        setProgress(null);
      }
    },
    (field, message) => {
      if (field === 'file') setFileError(message);
    },
  );

  return (
    <form
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      aria-label={item ? t('admin.edit_item', { title: item.title }) : t('admin.new_item')}
    >
      <Stack gap="sm">
        {!item && (
          <FilePicker
            label={t('admin.file')}
            description={kind === 'video' ? t('admin.file_hint_video') : t('admin.file_hint_audio')}
            accept={ACCEPT[kind]}
            multiple={false}
            value={file ? [file] : []}
            onChange={(files) => {
              setFile(files[0] ?? null);
              setFileError(null);
            }}
            error={fileError}
          />
        )}
        {!item && (
          <FilePicker
            label={t('admin.poster')}
            description={kind === 'video' ? t('admin.poster_hint_video') : t('admin.poster_hint_audio')}
            accept={POSTER_ACCEPT}
            multiple={false}
            value={posterFile ? [posterFile] : []}
            onChange={(files) => setPosterFile(files[0] ?? null)}
          />
        )}
        {progress !== null && (
          <Stack gap={2}>
            <Text size="sm" role="status">
              {t('admin.uploading', { percent: progress })}
            </Text>
            <Progress value={progress} aria-label={t('admin.upload_progress')} animated={progress < 100} />
          </Stack>
        )}
        <TextInput
          label={t('admin.title_field')}
          required
          {...register('title')}
          error={fieldError('title')}
        />
        <Textarea
          label={t('admin.description')}
          rows={3}
          {...register('description')}
          error={fieldError('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <IdSelectField
            control={control}
            name="category_id"
            holds="text"
            label={t('admin.category')}
            placeholder={t('admin.no_category')}
            data={(categories.data ?? []).map((c) => ({
              value: String(c.id),
              label: localise(c.name, locale),
            }))}
            clearable
            error={fieldError('category_id')}
          />
          <EnumSelectField
            control={control}
            name="access_level"
            label={t('admin.access_level')}
            values={MEDIA_ACCESS_LEVELS}
            optionLabel={(l) => t(`access.${l}`)}
            error={fieldError('access_level')}
          />
        </SimpleGrid>
        {level === 'specialties' && (
          <IdsMultiSelectField
            control={control}
            name="specialty_ids"
            holds="text"
            label={t('admin.specialties')}
            data={toOptions(specialties.data)}
            searchable
            error={fieldError('specialty_ids')}
          />
        )}
        {item?.source !== 'file' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('admin.external_url')}
              type="url"
              {...register('external_url')}
              error={fieldError('external_url')}
            />
            <TextInput
              label={t('admin.embed_code')}
              {...register('embed_code')}
              error={fieldError('embed_code')}
            />
          </SimpleGrid>
        )}
        <Group align="flex-end">
          {item?.state !== 'published' && (
            <Checkbox label={t('admin.publish_now')} {...register('publish')} />
          )}
          {!publishNow && item?.state !== 'published' && (
            <DateTimeInput label={t('admin.publish_at')} value={publishAt} onChange={setPublishAt} />
          )}
        </Group>
        <Group>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {item ? t('admin.save') : t('admin.upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
