import {
  type Course,
  COURSE_DURATIONS,
  COURSE_TYPES,
  CourseInput,
  type CourseType,
} from '@legenett/contracts';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { useContractForm } from '@/shared/forms/contract-form';
import { EnumSelectField } from '@/shared/forms/enum-select-field';
import { DateTimeField } from '@/shared/forms/date-time-field';
import { IdSelectField, IdsMultiSelectField } from '@/shared/forms/id-select-field';
import {
  toOptions,
  useCategories,
  useChildReferenceList,
  useReferenceList,
} from '@/shared/reference/reference-lists';
import { notify } from '@/shared/ui/notify';
import { useSaveCourse } from '../api/courses';

function defaults(course: Course | null): Partial<CourseInput> {
  return {
    type: course?.type ?? 'webinar',
    title: course?.title ?? '',
    description: course?.description ?? '',
    target: course?.target ?? '',
    category_id: course?.category?.id ?? null,
    specialty_ids: course?.specialities.map((s) => s.id) ?? [],
    county_id: course?.county?.id ?? null,
    city_id: course?.city?.id ?? null,
    address: course?.address ?? '',
    workplace_type: course?.workplace_type ?? null,
    hospital_id: course?.hospital?.id ?? null,
    clinic_id: course?.clinic?.id ?? null,
    start_at: course?.start_at,
    duration_minutes: course?.duration_minutes ?? 60,
    subscription_deadline: course?.subscription_deadline ?? null,
    host_name: course?.host_name ?? '',
    embed_code: course?.embed_code ?? '',
    video_link: course?.video_link ?? '',
    credit_hours: course?.credit_hours ?? null,
    credit_approved_by: course?.credit_approved_by ?? '',
    sponsor_name: course?.sponsor_name ?? '',
    food_served: course?.food_served ?? false,
    audience: course?.audience ?? '',
    max_attendees: course?.max_attendees ?? null,
    partner_company_id: course?.partner_company?.id ?? null,
  };
}

/** Which fields each kind of event asks for (the API checks the rules that need the type). */
const FIELDS_OF: Record<
  CourseType,
  { place: boolean; workplace: boolean; online: boolean; credit: boolean; sponsor: boolean }
> = {
  course: { place: true, workplace: false, online: true, credit: true, sponsor: false },
  webinar: { place: false, workplace: false, online: true, credit: true, sponsor: false },
  lunch_meeting: { place: true, workplace: true, online: false, credit: false, sponsor: true },
  small_group: { place: true, workplace: false, online: false, credit: true, sponsor: false },
};

/** Create or edit a course as a draft: every field of spec point 3 for its type; server 422s per field. */
export function CourseForm({
  course,
  onSaved,
}: {
  course: Course | null;
  onSaved?: (saved: Course) => void;
}) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const save = useSaveCourse();
  const { register, control, submit, fieldError, watch } = useContractForm(CourseInput, {
    defaultValues: defaults(course),
  });
  const type = watch('type');
  const countyId = watch('county_id');
  const fields = FIELDS_OF[type];
  const counties = useReferenceList('counties');
  const cities = useChildReferenceList('citiesOfCounty', countyId);
  const hospitals = useReferenceList('hospitals');
  const clinics = useReferenceList('clinics');
  const specialties = useReferenceList('specialties');
  const categories = useCategories('course');
  const companies = (user?.available_business_profiles ?? []).map((c) => ({
    value: String(c.id),
    label: c.name,
  }));

  const onSubmit = submit(async (body) => {
    const saved = await save.mutateAsync({ id: course?.id ?? null, body });
    notify.success(t('saved'));
    if (onSaved) onSaved(saved);
    else void navigate(paths.myCourse.href({ id: saved.id }));
  });

  const select = (
    name: 'category_id' | 'county_id' | 'city_id' | 'hospital_id' | 'clinic_id' | 'partner_company_id',
    data: { value: string; label: string }[],
  ) => (
    <IdSelectField
      control={control}
      name={name}
      label={t(`field.${name}`)}
      data={data}
      error={fieldError(name)}
      searchable
      clearable
    />
  );
  const dateTime = (name: 'start_at' | 'subscription_deadline', required: boolean) => (
    <DateTimeField
      control={control}
      name={name}
      label={t(`field.${name}`)}
      required={required}
      empty={required ? undefined : null}
      error={fieldError(name)}
    />
  );

  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <EnumSelectField
            control={control}
            name="type"
            label={t('field.type')}
            required
            values={COURSE_TYPES}
            optionLabel={(v) => t(`type.${v}`)}
            error={fieldError('type')}
          />
          {select('category_id', toOptions(categories.data))}
        </SimpleGrid>
        <TextInput label={t('field.title')} required {...register('title')} error={fieldError('title')} />
        <Textarea
          label={t('field.description')}
          required
          rows={6}
          {...register('description')}
          error={fieldError('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('field.target')} {...register('target')} error={fieldError('target')} />
          <IdsMultiSelectField
            control={control}
            name="specialty_ids"
            label={t('field.specialty_ids')}
            data={toOptions(specialties.data)}
            error={fieldError('specialty_ids')}
            searchable
            clearable
          />
          {dateTime('start_at', true)}
          <EnumSelectField
            control={control}
            name="duration_minutes"
            label={t('field.duration_minutes')}
            required
            values={COURSE_DURATIONS}
            optionLabel={(d) => t(`duration.${d}`)}
            error={fieldError('duration_minutes')}
          />
          {dateTime('subscription_deadline', false)}
          <TextInput
            label={t('field.host_name')}
            {...register('host_name')}
            error={fieldError('host_name')}
          />
          <Controller
            control={control}
            name="max_attendees"
            render={({ field }) => (
              <NumberInput
                label={t('field.max_attendees')}
                min={1}
                allowDecimal={false}
                required={type === 'small_group'}
                value={field.value ?? ''}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
                error={fieldError('max_attendees')}
              />
            )}
          />
          {companies.length > 0 && select('partner_company_id', companies)}
        </SimpleGrid>
        {fields.place && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {select('county_id', toOptions(counties.data))}
            {select('city_id', toOptions(cities.data))}
            <TextInput label={t('field.address')} {...register('address')} error={fieldError('address')} />
            {fields.workplace && select('hospital_id', toOptions(hospitals.data))}
            {fields.workplace && select('clinic_id', toOptions(clinics.data))}
          </SimpleGrid>
        )}
        {fields.online && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('field.video_link')}
              type="url"
              placeholder="https://"
              {...register('video_link')}
              error={fieldError('video_link')}
            />
            <Textarea
              label={t('field.embed_code')}
              rows={2}
              placeholder='<iframe src="https://…"></iframe>'
              {...register('embed_code')}
              error={fieldError('embed_code')}
            />
          </SimpleGrid>
        )}
        {fields.sponsor && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('field.sponsor_name')}
              {...register('sponsor_name')}
              error={fieldError('sponsor_name')}
            />
            <TextInput label={t('field.audience')} {...register('audience')} error={fieldError('audience')} />
            <Checkbox label={t('field.food_served')} {...register('food_served')} />
          </SimpleGrid>
        )}
        {fields.credit && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="credit_hours"
              render={({ field }) => (
                <NumberInput
                  label={t('field.credit_hours')}
                  min={0.5}
                  step={0.5}
                  decimalScale={1}
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
                  error={fieldError('credit_hours')}
                />
              )}
            />
            <TextInput
              label={t('field.credit_approved_by')}
              {...register('credit_approved_by')}
              error={fieldError('credit_approved_by')}
            />
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(-1)}>
            {t('back')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
