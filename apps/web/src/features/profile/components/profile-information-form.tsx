import { LOCALES, MAX_SPECIALITIES, type ProfileInformation, ProfileInformationInput, THEMES } from '@legenett/contracts';
import {
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { useUpdateProfileInformation } from '../api/profile-information';
import { toOptions, useChildReferenceList, useReferenceList } from '@/shared/reference/reference-lists';
import { CustomWorkplacePicker } from './custom-workplace-picker';
import { IdSelectField, IdsMultiSelectField } from '@/shared/forms/id-select-field';
import { useContractForm } from '@/shared/forms/contract-form';
import { EnumSelectField } from '@/shared/forms/enum-select-field';

type WorkplaceKind = 'none' | 'hospital' | 'clinic' | 'custom';

const kindOf = (v: ProfileInformation): WorkplaceKind =>
  v.workplace_hospital_id
    ? 'hospital'
    : v.workplace_clinic_id
      ? 'clinic'
      : v.workplace_custom_id
        ? 'custom'
        : 'none';

/** Profile information: names, phone, county -> city, work situation, specialities, workplace, language, skin. */
export function ProfileInformationForm({ initial }: { initial: ProfileInformation }) {
  const { t } = useTranslation('profile');
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const save = useUpdateProfileInformation();
  const [kind, setKind] = useState<WorkplaceKind>(kindOf(initial));
  const {
    register,
    control,
    submit,
    setValue,
    fieldError: error,
  } = useContractForm(ProfileInformationInput, {
    defaultValues: { ...initial, phone: initial.phone ?? '' },
  });
  const countyId = useWatch({ control, name: 'county_id' });

  const counties = useReferenceList('counties');
  const cities = useChildReferenceList('citiesOfCounty', countyId ?? null);
  const specialties = useReferenceList('specialties');
  const situations = useReferenceList('workplaceSituations');
  const hospitals = useReferenceList('hospitals');
  const clinics = useReferenceList('clinics');

  const chooseKind = (next: WorkplaceKind) => {
    setKind(next);
    if (next !== 'hospital') setValue('workplace_hospital_id', null);
    if (next !== 'clinic') setValue('workplace_clinic_id', null);
    if (next !== 'custom') setValue('workplace_custom_id', null);
  };

  const onSubmit = submit(async (values) => {
    await save.mutateAsync(values);
    notify.success(t('settings.saved'));
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('info.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('info.first_name')}
            required
            {...register('first_name')}
            error={error('first_name')}
          />
          <TextInput
            label={t('info.last_name')}
            required
            {...register('last_name')}
            error={error('last_name')}
          />
        </SimpleGrid>
        <TextInput
          label={t('info.phone')}
          description={t('info.phone_hint')}
          type="tel"
          autoComplete="tel"
          {...register('phone')}
          error={error('phone')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <IdSelectField
            control={control}
            name="county_id"
            label={t('info.county')}
            error={error('county_id')}
            data={toOptions(counties.data)}
            searchable
            clearable
            onPicked={() => setValue('city_id', null)}
          />
          <IdSelectField
            control={control}
            name="city_id"
            label={t('info.city')}
            placeholder={countyId ? undefined : t('info.choose_county_first')}
            disabled={!countyId}
            data={toOptions(cities.data)}
            error={error('city_id')}
            searchable
            clearable
          />
        </SimpleGrid>
        <IdSelectField
          control={control}
          name="workplace_situation_id"
          label={t('info.workplace_situation')}
          error={error('workplace_situation_id')}
          data={toOptions(situations.data)}
          clearable
        />
        <IdsMultiSelectField
          control={control}
          name="specialities"
          label={t('info.specialities')}
          description={t('info.specialities_hint', { max: MAX_SPECIALITIES })}
          data={toOptions(specialties.data)}
          maxValues={MAX_SPECIALITIES}
          error={error('specialities')}
          searchable
          clearable
        />

        <Stack gap={4}>
          <Text size="sm" fw={500} id="workplace-kind-label">
            {t('info.workplace_kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="workplace-kind-label"
            value={kind}
            onChange={(v) => chooseKind(v as WorkplaceKind)}
            data={[
              { value: 'none', label: t('info.workplace_kind_none') },
              { value: 'hospital', label: t('info.workplace_kind_hospital') },
              { value: 'clinic', label: t('info.workplace_kind_clinic') },
              { value: 'custom', label: t('info.workplace_kind_custom') },
            ]}
            fullWidth
            orientation={narrow ? 'vertical' : 'horizontal'}
          />
        </Stack>
        {kind === 'hospital' && (
          <IdSelectField
            control={control}
            name="workplace_hospital_id"
            label={t('info.workplace_hospital')}
            data={toOptions(hospitals.data)}
            error={error('workplace_hospital_id')}
            searchable
          />
        )}
        {kind === 'clinic' && (
          <IdSelectField
            control={control}
            name="workplace_clinic_id"
            label={t('info.workplace_clinic')}
            error={error('workplace_clinic_id')}
            data={toOptions(clinics.data)}
            searchable
          />
        )}
        {kind === 'custom' && (
          <Controller
            control={control}
            name="workplace_custom_id"
            render={({ field }) => (
              <CustomWorkplacePicker
                label={t('info.workplace_custom')}
                value={field.value ?? null}
                onChange={field.onChange}
                error={error('workplace_custom_id')}
              />
            )}
          />
        )}
        {kind === 'none' && (
          <TextInput
            label={t('info.workplace_name')}
            {...register('workplace_name')}
            error={error('workplace_name')}
          />
        )}

        <TextInput label={t('info.position')} {...register('position')} error={error('position')} />
        <Textarea label={t('info.about')} rows={4} {...register('about')} error={error('about')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <EnumSelectField
            control={control}
            name="locale"
            label={t('info.locale')}
            error={error('locale')}
            values={LOCALES}
            // Each language by its own name.
            optionLabel={(v) => (v === 'no' ? 'Norsk' : 'English')}
          />
          <EnumSelectField
            control={control}
            name="theme"
            label={t('info.theme')}
            error={error('theme')}
            values={THEMES}
            optionLabel={(v) => t(v === 'dark' ? 'info.theme_dark' : 'info.theme_light')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
