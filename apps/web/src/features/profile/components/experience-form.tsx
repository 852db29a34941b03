import { type Experience, ExperienceInput, WORKPLACE_TYPES } from '@legenett/contracts';
import { Button, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { useSaveExperience } from '../api/professional';
import { toOptions, useChildReferenceList, useReferenceList } from '@/shared/reference/reference-lists';
import { CustomWorkplacePicker } from './custom-workplace-picker';
import { useContractForm } from '@/shared/forms/contract-form';
import { PeriodFields } from '@/shared/forms/period-fields';
import { IdSelectField } from '@/shared/forms/id-select-field';

function defaults(e: Experience | null): Partial<ExperienceInput> {
  return {
    employer: e?.employer ?? '',
    position: e?.position ?? '',
    field_of_work: e?.field_of_work ?? '',
    workplace_type: e?.workplace_type ?? 'hospital',
    hospital_id: e?.hospital?.id ?? null,
    hospital_clinic_id: e?.hospital_clinic?.id ?? null,
    department_id: e?.department?.id ?? null,
    department_name: e?.department_name ?? '',
    city_id: e?.city?.id ?? null,
    clinic_id: e?.clinic?.id ?? null,
    clinic_name: e?.clinic_name ?? '',
    custom_workplace_id: e?.custom_workplace?.id ?? null,
    started_at: e?.started_at,
    finished_at: e?.finished_at ?? null,
    is_current: e?.is_current ?? false,
    resigned: e?.resigned ?? false,
  };
}

/** Add or edit one experience: hospital -> clinic -> department, or a practice, or another workplace. */
export function ExperienceForm({
  experience,
  onDone,
}: {
  experience: Experience | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('profile');
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const save = useSaveExperience();
  const { register, control, submit, setValue, fieldError } = useContractForm(ExperienceInput, {
    defaultValues: defaults(experience),
  });
  const [type, hospitalId, clinicId] = useWatch({
    control,
    name: ['workplace_type', 'hospital_id', 'hospital_clinic_id'],
  });
  const hospitals = useReferenceList('hospitals');
  const hospitalClinics = useChildReferenceList(
    'hospitalClinicsOfHospital',
    type === 'hospital' ? hospitalId : null,
  );
  const departments = useChildReferenceList(
    'departmentsOfHospitalClinic',
    type === 'hospital' ? clinicId : null,
  );
  const clinics = useReferenceList('clinics');

  const onSubmit = submit(async (body) => {
    await save.mutateAsync({
      id: experience?.id ?? null,
      body: { ...body, finished_at: body.finished_at || null },
    });
    notify.success(t('experience.saved'));
    onDone();
  });

  const picker = (
    name: 'hospital_id' | 'hospital_clinic_id' | 'department_id' | 'clinic_id',
    label: string,
    data: { value: string; label: string }[],
    reset: ('hospital_clinic_id' | 'department_id')[] = [],
  ) => (
    <IdSelectField
      control={control}
      name={name}
      label={label}
      data={data}
      onPicked={() => reset.forEach((r) => setValue(r, null))}
      error={fieldError(name)}
      searchable
      clearable
    />
  );

  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="workplace-type-label">
            {t('experience.workplace_type')}
          </Text>
          <Controller
            control={control}
            name="workplace_type"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby="workplace-type-label"
                value={field.value}
                onChange={field.onChange}
                data={WORKPLACE_TYPES.map((w) => ({ value: w, label: t(`experience.type_${w}`) }))}
                fullWidth
                orientation={narrow ? 'vertical' : 'horizontal'}
              />
            )}
          />
        </Stack>
        {type === 'hospital' && (
          <>
            {picker('hospital_id', t('experience.hospital'), toOptions(hospitals.data), [
              'hospital_clinic_id',
              'department_id',
            ])}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {picker(
                'hospital_clinic_id',
                t('experience.hospital_clinic'),
                toOptions(hospitalClinics.data),
                ['department_id'],
              )}
              {picker('department_id', t('experience.department'), toOptions(departments.data))}
            </SimpleGrid>
            <TextInput
              label={t('experience.department_name')}
              {...register('department_name')}
              error={fieldError('department_name')}
            />
          </>
        )}
        {type === 'general_practice' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {picker('clinic_id', t('experience.clinic'), toOptions(clinics.data))}
            <TextInput
              label={t('experience.clinic_name')}
              {...register('clinic_name')}
              error={fieldError('clinic_name')}
            />
          </SimpleGrid>
        )}
        <Controller
          control={control}
          name="custom_workplace_id"
          render={({ field }) => (
            <CustomWorkplacePicker
              label={t('experience.custom_workplace')}
              value={field.value ?? null}
              onChange={field.onChange}
              initialName={experience?.custom_workplace?.name}
              error={fieldError('custom_workplace_id')}
            />
          )}
        />
        <TextInput
          label={t('experience.employer')}
          {...register('employer')}
          error={fieldError('employer')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('experience.position')}
            {...register('position')}
            error={fieldError('position')}
          />
          <TextInput
            label={t('experience.field_of_work')}
            {...register('field_of_work')}
            error={fieldError('field_of_work')}
          />
        </SimpleGrid>
        <PeriodFields
          control={control}
          from={{ name: 'started_at', label: t('experience.started_at'), error: fieldError('started_at') }}
          to={{ name: 'finished_at', label: t('experience.finished_at'), error: fieldError('finished_at') }}
          ongoing={{ name: 'is_current', label: t('experience.is_current') }}
          extra={<Checkbox label={t('experience.resigned')} {...register('resigned')} />}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
