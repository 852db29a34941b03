import { type Job, JOB_WORKPLACE_TYPES, JobInput, POSITION_TYPES } from '@legenett/contracts';
import {
  Button,
  FileInput,
  Group,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { useJobLogo, useSaveJob } from '../api/jobs';
import { toOptions, useReferenceList } from '@/shared/reference/reference-lists';
import { useContractForm } from '@/shared/forms/contract-form';
import { EnumSelectField } from '@/shared/forms/enum-select-field';
import { DateField } from '@/shared/forms/date-field';
import { IdSelectField, IdsMultiSelectField } from '@/shared/forms/id-select-field';

function defaults(job: Job | null): Partial<JobInput> {
  return {
    title: job?.title ?? '',
    job_category_id: job?.job_category?.id ?? null,
    position_type: job?.position_type ?? 'full_time',
    description: job?.description ?? '',
    specialty_ids: job?.specialities.map((s) => s.id) ?? [],
    workplace_type: job?.workplace_type ?? null,
    hospital_id: job?.hospital?.id ?? null,
    clinic_id: job?.clinic?.id ?? null,
    work_address: job?.work_address ?? '',
    address_line: job?.address_line ?? '',
    postal_code: job?.postal_code ?? '',
    city_area: job?.city_area ?? '',
    city_id: job?.city?.id ?? null,
    county_id: job?.county?.id ?? null,
    contact_person: job?.contact_person ?? '',
    phone: job?.phone ?? '',
    recruiting_link: job?.recruiting_link ?? '',
    application_deadline: job?.application_deadline,
    hiring_date: job?.hiring_date ?? null,
    published_on: job ? job.published_at.slice(0, 10) : null,
    company_name: job?.company_name ?? '',
    organisation_number: job?.organisation_number ?? '',
    partner_company_id: job?.partner_company?.id ?? null,
  };
}

/** Create or edit a job: every field of the spec, validated by the contract, server 422s per field. */
export function JobForm({ job }: { job: Job | null }) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const save = useSaveJob();
  const logo = useJobLogo();
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const counties = useReferenceList('counties');
  const specialties = useReferenceList('specialties');
  const categories = useReferenceList('jobCategories');
  const { register, control, submit, fieldError } = useContractForm(JobInput, {
    defaultValues: defaults(job),
  });
  const companies = (user?.available_business_profiles ?? []).map((c) => ({
    value: String(c.id),
    label: c.name,
  }));

  const onSubmit = submit(async (body) => {
    const saved = await save.mutateAsync({ id: job?.id ?? null, body });
    if (logoFile) await logo.mutateAsync({ id: saved.id, file: logoFile });
    notify.success(t('saved'));
    void navigate(paths.myJobDetails.href({ id: saved.id }));
  });

  const select = (
    name: 'job_category_id' | 'county_id' | 'partner_company_id',
    label: string,
    data: { value: string; label: string }[],
  ) => (
    <IdSelectField
      control={control}
      name={name}
      label={label}
      data={data}
      error={fieldError(name)}
      searchable
      clearable
    />
  );

  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Stack gap="sm">
        <TextInput label={t('field.title')} required {...register('title')} error={fieldError('title')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {select('job_category_id', t('field.job_category_id'), toOptions(categories.data))}
          <EnumSelectField
            control={control}
            name="position_type"
            label={t('field.position_type')}
            required
            values={POSITION_TYPES}
            optionLabel={(p) => t(`position.${p}`)}
            error={fieldError('position_type')}
          />
        </SimpleGrid>
        <Textarea
          label={t('field.description')}
          required
          rows={6}
          {...register('description')}
          error={fieldError('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <IdsMultiSelectField
            control={control}
            name="specialty_ids"
            label={t('field.specialty_ids')}
            data={toOptions(specialties.data)}
            error={fieldError('specialty_ids')}
            searchable
            clearable
          />
          <EnumSelectField
            control={control}
            name="workplace_type"
            label={t('field.workplace_type')}
            values={JOB_WORKPLACE_TYPES}
            optionLabel={(w) => t(`workplace.${w}`)}
            error={fieldError('workplace_type')}
            clearable
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('field.work_address')}
            {...register('work_address')}
            error={fieldError('work_address')}
          />
          <TextInput
            label={t('field.address_line')}
            {...register('address_line')}
            error={fieldError('address_line')}
          />
          <TextInput
            label={t('field.postal_code')}
            inputMode="numeric"
            maxLength={4}
            {...register('postal_code')}
            error={fieldError('postal_code')}
          />
          <TextInput
            label={t('field.city_area')}
            {...register('city_area')}
            error={fieldError('city_area')}
          />
          {select('county_id', t('field.county_id'), toOptions(counties.data))}
          <TextInput
            label={t('field.contact_person')}
            {...register('contact_person')}
            error={fieldError('contact_person')}
          />
          <TextInput label={t('field.phone')} type="tel" {...register('phone')} error={fieldError('phone')} />
          <TextInput
            label={t('field.recruiting_link')}
            type="url"
            placeholder="https://"
            {...register('recruiting_link')}
            error={fieldError('recruiting_link')}
          />
          <DateField
            control={control}
            name="application_deadline"
            label={t('field.application_deadline')}
            required
            error={fieldError('application_deadline')}
          />
          <DateField
            control={control}
            name="hiring_date"
            label={t('field.hiring_date')}
            empty={null}
            error={fieldError('hiring_date')}
          />
          <DateField
            control={control}
            name="published_on"
            label={t('field.published_on')}
            empty={null}
            error={fieldError('published_on')}
          />
          <TextInput
            label={t('field.company_name')}
            required
            {...register('company_name')}
            error={fieldError('company_name')}
          />
          <TextInput
            label={t('field.organisation_number')}
            inputMode="numeric"
            {...register('organisation_number')}
            error={fieldError('organisation_number')}
          />
          {companies.length > 0 && select('partner_company_id', t('field.partner_company_id'), companies)}
          <FileInput
            label={t('field.company_logo')}
            accept="image/png,image/jpeg,image/webp"
            value={logoFile}
            onChange={setLogoFile}
            clearable
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(-1)}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending || logo.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
