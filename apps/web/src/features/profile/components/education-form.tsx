import { type Education, EducationInput } from '@legenett/contracts';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { useSaveEducation } from '../api/professional';
import { toOptions, useReferenceList } from '@/shared/reference/reference-lists';
import { useContractForm } from '@/shared/forms/contract-form';
import { DateField } from '@/shared/forms/date-field';

const toId = (value: string | null): number | null => (value ? Number(value) : null);
const toValue = (id: number | null | undefined): string | null => (id ? String(id) : null);

/** Add or edit one education. */
export function EducationForm({ education, onDone }: { education: Education | null; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const save = useSaveEducation();
  const { register, control, submit, setValue, fieldError } = useContractForm(EducationInput, {
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
  const studying = useWatch({ control, name: 'currently_studying' });
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
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          required={required}
          data={data}
          value={toValue(field.value)}
          onChange={(v) => field.onChange(toId(v))}
          error={fieldError(name)}
          searchable
          clearable={!required}
        />
      )}
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField
            control={control}
            name="started_at"
            label={t('education.started_at')}
            required
            error={fieldError('started_at')}
          />
          <DateField
            control={control}
            name="graduated_at"
            label={t('education.graduated_at')}
            disabled={studying}
            empty={null}
            error={fieldError('graduated_at')}
          />
        </SimpleGrid>
        <Group>
          <Checkbox
            label={t('education.currently_studying')}
            {...register('currently_studying', {
              onChange: (ev: { target: { checked: boolean } }) =>
                ev.target.checked && setValue('graduated_at', null),
            })}
          />
          <Checkbox label={t('education.doctorate')} {...register('doctorate')} />
        </Group>
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
