import { type Company, CompanyInput, MAX_COMPANY_CATEGORIES } from '@legenett/contracts';
import { Alert, Button, FileInput, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type z } from 'zod';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { toOptions, useCategories } from '@/shared/reference/reference-lists';
import { useCreateCompany, useUpdateCompany } from '../api/companies';
import { createRefusal } from './access';
import { useContractForm } from '@/shared/forms/contract-form';
import { IdsMultiSelectField } from '@/shared/forms/id-select-field';

const ACCEPT = 'image/jpeg,image/png,image/webp';

type FormValues = z.input<typeof CompanyInput>;

const DEFAULTS: FormValues = {
  name: '',
  categories: [],
  description: '',
  organisation_number: '',
  email: '',
  phone: '',
  website: '',
  address: '',
  postal_code: '',
};

/** The form's values from a company's current details. */
function valuesOf(company: Company): FormValues {
  return {
    name: company.name,
    categories: company.categories.map((c) => String(c.id)),
    description: company.description ?? '',
    organisation_number: company.organisation_number ?? '',
    email: company.email ?? '',
    phone: company.phone ?? '',
    website: company.website ?? '',
    address: company.address ?? '',
    postal_code: company.postal_code ?? '',
  };
}

/**
 * The company form: the contract's fields, a logo, browser checks by the contract, server 422s per
 * field. Without `company` it creates one (and opens its manage page); with it, it edits its details.
 */
export function CompanyForm({ company }: { company?: Company }) {
  const { t } = useTranslation('companies_ui');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const categories = useCategories('company');
  const create = useCreateCompany();
  const update = useUpdateCompany(company?.slug ?? '');
  const saving = company ? update.isPending : create.isPending;
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const { register, control, submit, fieldError } = useContractForm<CompanyInput, FormValues>(CompanyInput, {
    defaultValues: company ? valuesOf(company) : DEFAULTS,
  });
  const refusal = company ? null : createRefusal(user);

  if (refusal) {
    return (
      <Alert color="yellow" title={t('form.not_allowed_title')}>
        {t(refusal === 'as_company' ? 'form.as_company' : 'form.not_approved')}
      </Alert>
    );
  }

  const onSubmit = submit(
    async (values) => {
      setLogoError(null);
      if (company) {
        await update.mutateAsync({ values, logo });
        notify.success(t('form.saved'));
        setLogo(null);
        return;
      }
      const created = await create.mutateAsync({ values, logo });
      notify.success(t('form.created'));
      void navigate(paths.companyManage.href({ id: created.id }));
    },
    (field, message) => {
      if (field === 'logo') setLogoError(message);
    },
  );

  const text = (name: Exclude<keyof FormValues, 'categories'>, label: string, extra: { type?: string; autoComplete?: string; max: number }) => (
    <TextInput
      label={label}
      type={extra.type}
      autoComplete={extra.autoComplete}
      {...register(name)}
      error={fieldError(name)}
    />
  );

  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Stack gap="md">
        {company ? null : <Text c="dimmed">{t('form.intro')}</Text>}
        <TextInput label={t('form.name')} required autoComplete="organization" {...register('name')} error={fieldError('name')} />
        <IdsMultiSelectField
          control={control}
          name="categories"
          holds="text"
          label={t('form.categories')}
          description={t('form.categories_hint')}
          required
          data={toOptions(categories.data)}
          maxValues={MAX_COMPANY_CATEGORIES}
          searchable
          error={fieldError('categories')}
        />
        <FileInput
          label={t(company ? 'form.logo_replace' : 'form.logo')}
          description={t('form.logo_hint')}
          accept={ACCEPT}
          clearable
          value={logo}
          onChange={(file) => {
            setLogo(file);
            setLogoError(null);
          }}
          error={logoError}
        />
        <Textarea label={t('form.description')} rows={5} {...register('description')} error={fieldError('description')} />
        <Title order={2} size="h4">
          {t('form.contact_heading')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('organisation_number', t('form.organisation_number'), { max: 20 })}
          {text('email', t('form.email'), { type: 'email', autoComplete: 'email', max: 254 })}
          {text('phone', t('form.phone'), { type: 'tel', autoComplete: 'tel', max: 40 })}
          {text('website', t('form.website'), { type: 'url', autoComplete: 'url', max: 500 })}
          {text('address', t('form.address'), { autoComplete: 'street-address', max: 300 })}
          {text('postal_code', t('form.postal_code'), { autoComplete: 'postal-code', max: 10 })}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={saving}>
            {t(company ? 'form.save' : 'form.submit')}
          </Button>
          {company ? null : (
            <Button variant="default" onClick={() => void navigate(paths.companyProxy.path)}>
              {t('form.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
