import {
  type AdminCategory,
  AdminCategoryInputSchema,
  MEDIA_KINDS,
  type MediaKind,
} from '@legenett/contracts';
import {
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '@/shared/forms/contract-form';
import { notify } from '@/shared/ui/notify';
import { useAdminCategories, useDeleteCategory, useSaveCategory } from '../api/admin-media';

interface Values {
  type: MediaKind;
  name: { no: string; en: string };
}

/** One category's names in both languages, saved or deleted; or a new one. */
function CategoryForm({ kind, category }: { kind: MediaKind; category?: AdminCategory }) {
  const { t } = useTranslation('media');
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const defaults: Values = { type: kind, name: { no: category?.name.no ?? '', en: category?.name.en ?? '' } };
  const { register, submit, fieldError, reset } = useContractForm<Values, Values>(AdminCategoryInputSchema, {
    defaultValues: defaults,
  });
  const onSubmit = submit(async (values) => {
    await save.mutateAsync({ id: category?.id ?? null, input: { ...values, type: kind } });
    notify.success(t('admin.saved'));
    if (!category) reset(defaults);
  });
  return (
    <form
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      aria-label={category ? category.name.no : t('admin.category_add')}
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('admin.category_name_no')}
          required
          {...register('name.no')}
          error={fieldError('name.no')}
        />
        <TextInput
          label={t('admin.category_name_en')}
          required
          {...register('name.en')}
          error={fieldError('name.en')}
        />
        <Button type="submit" loading={save.isPending} variant={category ? 'default' : 'filled'}>
          {category ? t('admin.rename') : t('admin.category_add')}
        </Button>
        {category && (
          <>
            <Text size="sm" c="dimmed">
              {t('admin.category_items', { count: category.items_count })}
            </Text>
            <Button color="red" variant="subtle" onClick={() => remove.mutate(category.id)}>
              {t('admin.delete')}
            </Button>
          </>
        )}
      </Group>
    </form>
  );
}

/** Video and audio categories, named in Norwegian and English. */
export function AdminCategories() {
  const { t } = useTranslation('media');
  const [kind, setKind] = useState<MediaKind>('video');
  const categories = useAdminCategories(kind);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('admin.category_kind')}
        value={kind}
        onChange={(v) => setKind(v === 'audio' ? 'audio' : 'video')}
        data={MEDIA_KINDS.map((k) => ({
          value: k,
          label: k === 'video' ? t('admin.tab_video') : t('admin.tab_audio'),
        }))}
        w="fit-content"
      />
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('admin.category_add')}
        </Title>
        <CategoryForm key={`new-${kind}`} kind={kind} />
      </Card>
      <SimpleGrid cols={1}>
        {(categories.data ?? []).map((c) => (
          <Card withBorder key={c.id} padding="sm">
            <CategoryForm kind={kind} category={c} />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
