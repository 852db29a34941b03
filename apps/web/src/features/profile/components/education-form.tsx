import { type Education, EducationInput } from '@legenett/contracts';
import { Button, Checkbox, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { useSaveEducation } from '../api/professional';
import { toOptions, useReferenceList } from '@/shared/reference/reference-lists';
import { useContractForm } from '@/shared/forms/contract-form';
import { PeriodFields } from '@/shared/forms/period-fields';
import { IdSelectField } from '@/shared/forms/id-select-field';

/** Add or edit one education. */
export function EducationForm({ education, onDone }: { education: Education | null; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const save = useSaveEducation();
  const { register, control, submit, fieldError } = useContractForm(EducationInput, {
    defaultValues: {
      university_id: education?.university?.id,
      university_specialty_id: education?.university_specialty?.id ?? null,
      academic_level_id: education?.academic_level?.id ?? null,
      started_at: education?.started_at,
      graduated_at: education?.graduated_at ?? null,
      currently_studying: education?.currently_studying ?? false,
      doctorate: education?.doctorate ?? false,
    },
  });
  const universities = useReferenceList('universities');
  const fields = useReferenceList('universitySpecialties');
  const levels = useReferenceList('academicLevels');

  const onSubmit = submit(async (body) => {
    await save.mutateAsync({
      id: education?.id ?? null,
      body: { ...body, graduated_at: body.graduated_at || null },
    });
    notify.success(t('education.saved'));
    onDone();
  });

  const picker = (
    name: 'university_id' | 'university_specialty_id' | 'academic_level_id',
    label: string,
    data: { value: string; label: string }[],
    required = false,
  ) => (
    <IdSelectField
      control={control}
      name={name}
      label={label}
      required={required}
      data={data}
      error={fieldError(name)}
      searchable
      clearable={!required}
    />
  );

  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Stack gap="sm">
        {picker('university_id', t('education.university'), toOptions(universities.data), true)}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {picker('university_specialty_id', t('education.university_specialty'), toOptions(fields.data))}
          {picker('academic_level_id', t('education.academic_level'), toOptions(levels.data))}
        </SimpleGrid>
        <PeriodFields
          control={control}
          from={{ name: 'started_at', label: t('education.started_at'), error: fieldError('started_at') }}
          to={{ name: 'graduated_at', label: t('education.graduated_at'), error: fieldError('graduated_at') }}
          ongoing={{ name: 'currently_studying', label: t('education.currently_studying') }}
          extra={<Checkbox label={t('education.doctorate')} {...register('doctorate')} />}
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
