import { ResetPasswordInput } from '@legenett/contracts';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { Page } from '@/shared/ui/page';
import { useResetPassword } from '../api/registration';
import { useContractForm } from '@/shared/forms/contract-form';
import { PasswordRules } from './password-rules';

/** `/reset-password?token=...`: a new password from the mailed link; every session ends. */
export function ResetPasswordPage() {
  const { t } = useTranslation('registration');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useContractForm(ResetPasswordInput, { defaultValues: { token, password: '', password_confirmation: '' } });
  const submit = form.submit(async (values) => {
    await reset.mutateAsync(values);
  });
  const requestNew = (
    <Anchor component={Link} to={paths.forgotPassword.href()}>
      {t('reset.request_new')}
    </Anchor>
  );
  return (
    <Page title={t('reset.title')} size="sm">
      {!token ? (
        <Alert color="red" role="alert">
          {t('reset.missing_token')} {requestNew}
        </Alert>
      ) : reset.isSuccess ? (
        <Alert color="teal" role="status">
          {reset.data.data.message}{' '}
          <Anchor component={Link} to={paths.login.href()}>
            {t('signup.login')}
          </Anchor>
        </Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            {form.fieldError('token') && (
              <Alert color="red" role="alert">
                {form.fieldError('token')} {requestNew}
              </Alert>
            )}
            <PasswordInput
              label={t('reset.new_password')}
              autoComplete="new-password"
              required
              aria-describedby="reset-password-rules"
              {...form.register('password')}
              error={form.fieldError('password')}
            />
            <PasswordRules password={form.watch('password')} id="reset-password-rules" />
            <PasswordInput
              label={t('form.password_confirmation')}
              autoComplete="new-password"
              required
              {...form.register('password_confirmation')}
              error={form.fieldError('password_confirmation')}
            />
            <Button type="submit" loading={reset.isPending}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Page>
  );
}
