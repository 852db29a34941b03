import { MAX_PRODUCT_IMAGES, PRODUCT_IMAGES_FIELD, type Product, ProductInput } from '@legenett/contracts';
import {
  ActionIcon,
  Button,
  Group,
  Image,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { FilePicker } from '@/shared/ui/file-picker';
import { notify } from '@/shared/ui/notify';
import { toOptions, useCategories } from '@/shared/reference/reference-lists';
import { useDeleteProductImage, useSaveProduct, useSetStock } from '../api/products';
import { useContractForm } from '@/shared/forms/contract-form';
import { IdSelectField } from '@/shared/forms/id-select-field';

const ACCEPT = 'image/jpeg,image/png,image/webp';

function ExistingImages({ product }: { product: Product }) {
  const { t } = useTranslation('marketplace');
  const remove = useDeleteProductImage(product.id);
  if (product.images.length === 0) return null;
  return (
    <Group gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('form.images')}>
      {product.images.map((img, i) => (
        <li key={img.id} style={{ position: 'relative' }}>
          <Image
            src={img.thumb_url}
            alt={`${product.title} – ${t('detail.image_of', { index: i + 1, total: product.images.length })}`}
            w={80}
            h={80}
            fit="cover"
            radius="sm"
          />
          <ActionIcon
            color="red"
            size="sm"
            pos="absolute"
            top={2}
            right={2}
            aria-label={t('form.remove_image', { index: i + 1 })}
            loading={remove.isPending && remove.variables === img.id}
            onClick={() =>
              remove.mutate(img.id, { onSuccess: () => notify.success(t('form.image_removed')) })
            }
          >
            ×
          </ActionIcon>
        </li>
      ))}
    </Group>
  );
}

function StockSwitch({ product }: { product: Product }) {
  const { t } = useTranslation('marketplace');
  const setStock = useSetStock(product.id);
  return (
    <Switch
      label={t('form.stock')}
      checked={product.status === 1}
      disabled={setStock.isPending}
      onChange={(e) => {
        const inStock = e.currentTarget.checked;
        setStock.mutate(inStock, {
          onSuccess: () => notify.success(t(inStock ? 'detail.marked_in_stock' : 'detail.marked_sold_out')),
        });
      }}
    />
  );
}

/** New product (`product` absent) or edit one of mine: fields, photos (at most 5 in all) and, when editing, the stock toggle. */
export function ProductForm({ product }: { product?: Product }) {
  const { t } = useTranslation('marketplace');
  const { t: te } = useTranslation('errors');
  const navigate = useNavigate();
  const categories = useCategories('product');
  const save = useSaveProduct(product?.id ?? null);
  const [files, setFiles] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const existing = product?.images.length ?? 0;

  const {
    register,
    control,
    submit,
    fieldError: message,
  } = useContractForm(ProductInput, {
    defaultValues: {
      title: product?.title ?? '',
      description: product?.description ?? '',
      price: product?.price ?? 0,
      manufacturer: product?.manufacturer ?? '',
      category_id: product?.category?.id ?? null,
    },
  });

  const choose = (chosen: File[]) => {
    if (existing + chosen.length > MAX_PRODUCT_IMAGES) {
      setPhotoError(te('too_many_photos'));
      return;
    }
    setPhotoError(null);
    setFiles(chosen);
  };

  const onSubmit = submit(
    async (values) => {
      if (existing + files.length > MAX_PRODUCT_IMAGES) {
        setPhotoError(te('too_many_photos'));
        return;
      }
      const saved = await save.mutateAsync({ values, files });
      notify.success(t(product ? 'form.saved' : 'form.created'));
      setFiles([]);
      void navigate(paths.myProductDetails.href({ id: saved.id }));
    },
    (name, text) => {
      if (name === PRODUCT_IMAGES_FIELD) setPhotoError(text);
    },
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        <TextInput label={t('form.title')} required {...register('title')} error={message('title')} />
        <Textarea
          label={t('form.description')}
          rows={5}
          {...register('description')}
          error={message('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={control}
            name="price"
            render={({ field }) => (
              <NumberInput
                label={t('form.price')}
                required
                name={field.name}
                value={field.value}
                onChange={(v) =>
                  field.onChange(typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v))
                }
                onBlur={field.onBlur}
                allowDecimal={false}
                thousandSeparator=" "
                error={message('price')}
              />
            )}
          />
          <TextInput
            label={t('form.manufacturer')}
            {...register('manufacturer')}
            error={message('manufacturer')}
          />
        </SimpleGrid>
        <IdSelectField
          control={control}
          name="category_id"
          label={t('form.category')}
          placeholder={t('form.category_none')}
          data={toOptions(categories.data)}
          clearable
          searchable
          error={message('category_id')}
        />
        {product ? <ExistingImages product={product} /> : null}
        <FilePicker
          label={t('form.images')}
          description={t('form.images_hint')}
          error={photoError}
          accept={ACCEPT}
          value={files}
          onChange={choose}
        />
        {product ? <StockSwitch product={product} /> : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t(product ? 'form.save' : 'form.publish')}
          </Button>
          <Button
            variant="default"
            onClick={() =>
              void navigate(
                product ? paths.myProductDetails.href({ id: product.id }) : paths.marketplace.path,
              )
            }
          >
            {t('form.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
