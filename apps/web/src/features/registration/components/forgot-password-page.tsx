import { ForgotPasswordInput } from '@legenett/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { Page } from '@/shared/ui/page';
import { useForgotPassword } from '../api/registration';
import { useContractForm } from '@/shared/forms/contract-form';

/** `/forgot-password`: mails a reset link; the answer is the same whether the address exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('registration');
  const forgot = useForgotPassword();
  const form = useContractForm(ForgotPasswordInput, { defaultValues: { email: '' } });
  const submit = form.submit(async (values) => {
    await forgot.mutateAsync(values);
  });
  return (
    <Page title={t('forgot.title')} size="sm">
      {forgot.isSuccess ? (
        <Alert color="teal" role="status">
          {forgot.data.data.message}
        </Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Text>{t('forgot.intro')}</Text>
            <TextInput
              label={t('form.email')}
              type="email"
              autoComplete="email"
              required
              {...form.register('email')}
              error={form.fieldError('email')}
            />
            <Button type="submit" loading={forgot.isPending}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={paths.login.href()} mt="md" display="inline-block">
        {t('forgot.back')}
      </Anchor>
    </Page>
  );
}
