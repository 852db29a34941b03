import { Alert, Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '@/shared/api/api-error';
import { landingPath } from '@/shared/auth/account-state';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { notify } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { useResendCode, useVerification, useVerifyCode } from '../api/registration';

/** `/user-verification/:id`: the 6-digit code from the mail; success logs the user in. */
export function UserVerificationPage() {
  const { t } = useTranslation('registration');
  const locale = useLocale();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const verification = useVerification(id);
  const verify = useVerifyCode(id);
  const resend = useResendCode(id);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (value: string) => {
    setError(null);
    try {
      const session = await verify.mutateAsync(value);
      notify.success(t('verification.verified'));
      // Approved at once when the register confirms a doctor; otherwise the account's state page.
      await navigate(landingPath(session.user));
    } catch (err) {
      if (err instanceof ApiError)
        setError(err.validation ? Object.values(err.validation.errors).flat().join(' ') : err.message);
    }
  };

  const data = verification.data?.data;
  const expiry = data
    ? new Date(data.expires_at).toLocaleTimeString(locale === 'no' ? 'nb-NO' : 'en-GB', {
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';

  return (
    <Page title={t('verification.title')} size="sm">
      {verification.error instanceof ApiError && verification.error.status === 404 ? (
        // A sign-up with an address that has an account answers an id that verifies nothing (so
        // sign-up tells nobody which addresses exist); its owner got a mail instead.
        <Alert color="blue">
          {t('verification.check_mail')}{' '}
          <Anchor component={Link} to={paths.login.href()}>
            {t('signup.login')}
          </Anchor>
        </Alert>
      ) : verification.isError ? (
        <Alert color="red" role="alert">
          {verification.error.message}
        </Alert>
      ) : data?.verified ? (
        <Alert color="teal">
          {t('verification.already')}{' '}
          <Anchor component={Link} to={paths.login.href()}>
            {t('signup.login')}
          </Anchor>
        </Alert>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit(code);
          }}
          noValidate
        >
          <Stack>
            {data && (
              <Text>
                {t('verification.sent_to', { email: data.masked_email })}{' '}
                {t('verification.expires', { time: expiry })}
              </Text>
            )}
            <Stack gap={4}>
              <Text component="label" htmlFor="verification-code" fw={500} size="sm">
                {t('verification.code')}
              </Text>
              <PinInput
                id="verification-code"
                length={6}
                type="number"
                oneTimeCode
                value={code}
                onChange={setCode}
                onComplete={(value) => void submit(value)}
                error={error !== null}
                aria-label={t('verification.code')}
                    // Each box gets its own name; Mantine's default is the literal "PinInput".
                    getInputProps={(index) => ({ 'aria-label': `${t('verification.code')} ${index + 1}/6` })}
              />
              {error && (
                <Text c="red" size="sm" role="alert">
                  {error}
                </Text>
              )}
            </Stack>
            <Group>
              <Button type="submit" loading={verify.isPending} disabled={code.length !== 6}>
                {t('verification.submit')}
              </Button>
              <Button
                variant="subtle"
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(undefined, {
                    onSuccess: () => {
                      setCode('');
                      setError(null);
                      notify.success(t('verification.resent'));
                      void verification.refetch();
                    },
                  })
                }
              >
                {t('verification.resend')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}
