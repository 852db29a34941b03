import { FrontendSettingsInputSchema } from '@legenett/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { useContractForm } from '@/shared/forms/contract-form';
import { notify } from '@/shared/ui/notify';
import { useFrontendSettings } from '@/shared/reference/frontend-settings';
import { useUpdateFrontendSettings } from '../api/admin-media';

type Values = { prev_image_video_src: string; prev_image_video_link: string };

/** `/frontend-settings`: the home page's preview video (its image or video address and its link). */
export function AdminFrontendSettings() {
  const { t } = useTranslation('media');
  // Read again when the form opens: another administrator may have changed them.
  const current = useFrontendSettings(true);
  const update = useUpdateFrontendSettings();
  const { register, submit, fieldError, reset } = useContractForm<
    z.output<typeof FrontendSettingsInputSchema>,
    Values
  >(FrontendSettingsInputSchema, {
    defaultValues: { prev_image_video_src: '', prev_image_video_link: '' },
  });
  useEffect(() => {
    if (current.data) {
      reset({
        prev_image_video_src: current.data.prev_image_video_src ?? '',
        prev_image_video_link: current.data.prev_image_video_link ?? '',
      });
    }
  }, [current.data, reset]);
  const onSubmit = submit(async (values) => {
    await update.mutateAsync(values);
    notify.success(t('admin.saved'));
  });
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate aria-label={t('admin.tab_settings')}>
      <Stack gap="sm" maw={640}>
        <TextInput
          label={t('admin.preview_src')}
          {...register('prev_image_video_src')}
          error={fieldError('prev_image_video_src')}
        />
        <TextInput
          label={t('admin.preview_link')}
          {...register('prev_image_video_link')}
          error={fieldError('prev_image_video_link')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
