import { HprRegistrationInput, type RegistrationResult } from '@legenett/contracts';
import {
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { type z } from 'zod';
import { paths } from '@/shared/config/paths';
import { useContractForm } from '@/shared/forms/contract-form';
import { IdSelectField, IdsMultiSelectField } from '@/shared/forms/id-select-field';
import { toOptions, useReferenceList } from '@/shared/reference/reference-lists';
import { PasswordRules } from './password-rules';

export type RegistrationValues = z.input<typeof HprRegistrationInput>;
type Values = RegistrationValues;

interface Props<O extends FieldValues> {
  /** `HprRegistrationInput`, or `IdentityRegistrationInput`: name from the electronic ID, HPR number optional. */
  schema: z.ZodType<O, unknown>;
  submit: (values: O) => Promise<{ data: RegistrationResult }>;
  pending: boolean;
  /** The HPR number the register knows for the identified person (filled in, still editable). */
  hprNumber?: string | null;
}

/**
 * The sign-up form of both ways: e-mail, password with live rule hints, phone with +47, HPR number,
 * work situation, specialities and the two required consents. Success goes to e-mail verification.
 */
export function RegistrationForm<O extends FieldValues>({ schema, submit, pending, hprNumber }: Props<O>) {
  const mode = (schema as z.ZodType) === HprRegistrationInput ? 'hpr' : 'identity';
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const specialties = useReferenceList('specialties');
  const situations = useReferenceList('workplaceSituations');
  // One form for both schemas: the identity one simply has no name fields.
  const form = useContractForm<O, Values>(schema, {
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirmation: '',
      phone: '+47',
      hpr_number: hprNumber ?? '',
      specialities: [],
    },
  });
  const password = form.watch('password');
  const err = form.fieldError;

  const onSubmit = form.submit(async (values) => {
    const result = await submit(values);
    await navigate(paths.userVerification.href({ id: result.data.verification_id }));
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('signup.title')}>
      <Stack gap="sm">
        {mode === 'hpr' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('form.first_name')}
              autoComplete="given-name"
              required
              {...form.register('first_name')}
              error={err('first_name')}
            />
            <TextInput
              label={t('form.last_name')}
              autoComplete="family-name"
              required
              {...form.register('last_name')}
              error={err('last_name')}
            />
          </SimpleGrid>
        )}
        <TextInput
          label={t('form.email')}
          type="email"
          autoComplete="email"
          required
          {...form.register('email')}
          error={err('email')}
        />
        <PasswordInput
          label={t('form.password')}
          autoComplete="new-password"
          required
          aria-describedby="password-rules"
          {...form.register('password')}
          error={err('password')}
        />
        <PasswordRules password={password ?? ''} id="password-rules" />
        <PasswordInput
          label={t('form.password_confirmation')}
          autoComplete="new-password"
          required
          {...form.register('password_confirmation')}
          error={err('password_confirmation')}
        />
        <Controller
          control={form.control}
          name="phone"
          render={({ field }) => (
            <TextInput
              label={t('form.phone')}
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              required
              leftSection={<span aria-hidden>+47</span>}
              leftSectionWidth={44}
              value={(field.value ?? '').replace(/^\+47/, '')}
              onChange={(e) => field.onChange(`+47${e.currentTarget.value.replace(/^\+47/, '')}`)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={err('phone')}
            />
          )}
        />
        <TextInput
          label={mode === 'hpr' ? t('form.hpr_number') : t('form.hpr_number_optional')}
          description={t('form.hpr_hint')}
          inputMode="numeric"
          required={mode === 'hpr'}
          {...form.register('hpr_number')}
          error={err('hpr_number')}
        />
        <IdSelectField
          control={form.control}
          name="workplace_situation_id"
          label={t('form.workplace_situation')}
          placeholder={t('form.workplace_situation_placeholder')}
          required
          data={toOptions(situations.data)}
          error={err('workplace_situation_id')}
        />
        <IdsMultiSelectField
          control={form.control}
          name="specialities"
          label={t('form.specialities')}
          placeholder={t('form.specialities_placeholder')}
          searchable
          data={toOptions(specialties.data)}
          error={err('specialities')}
        />
        <Controller
          control={form.control}
          name="accept_terms"
          render={({ field }) => (
            <Checkbox
              label={
                <>
                  {t('form.accept_terms')} (
                  <Anchor component={Link} to={paths.termsAndPrivacy.href()} target="_blank" size="sm">
                    {t('form.terms_link')}
                  </Anchor>
                  )
                </>
              }
              checked={field.value === true}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              error={err('accept_terms')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="accept_no_sensitive_info"
          render={({ field }) => (
            <Checkbox
              label={t('form.accept_no_sensitive_info')}
              checked={field.value === true}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              error={err('accept_no_sensitive_info')}
            />
          )}
        />
        <Button type="submit" loading={pending}>
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
