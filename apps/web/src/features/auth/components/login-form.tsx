import { type LoginResponse, LoginInput, TotpCodeSchema } from '@legenett/contracts';
import { Anchor, Button, Group, PasswordInput, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { paths } from '@/shared/config/paths';
import { useLogin, useLoginTwoFactor } from '../api/login';
import { useContractForm } from '@/shared/forms/contract-form';

const CodeForm = z.object({ code: TotpCodeSchema });
const RecoveryForm = z.object({ recovery_code: z.string().trim().min(1).max(64) });

interface LoginFormProps {
  /** Called with the stored session once the user is logged in. */
  onLoggedIn: (session: LoginResponse) => void;
}

function PasswordStep({ onChallenge, onLoggedIn }: { onChallenge: (token: string) => void } & LoginFormProps) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const form = useContractForm(LoginInput, { defaultValues: { email: '', password: '' } });
  const submit = form.submit(async (values) => {
    const result = await login.mutateAsync(values);
    if ('two_factor_required' in result) onChallenge(result.challenge_token);
    else onLoggedIn(result);
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          // The dialog's focus trap starts here, not on its close button.
          data-autofocus
          required
          {...form.register('email')}
          error={form.fieldError('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          required
          {...form.register('password')}
          error={form.fieldError('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth mt="xs">
          {t('login.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={paths.register.path} size="sm">
            {t('login.no_account')} {t('login.register')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

function TwoFactorStep({ challenge, onBack, onLoggedIn }: { challenge: string; onBack: () => void } & LoginFormProps) {
  const { t } = useTranslation('auth');
  const [useRecovery, setUseRecovery] = useState(false);
  const verify = useLoginTwoFactor();
  const codeForm = useContractForm(CodeForm, { defaultValues: { code: '' } });
  const recoveryForm = useContractForm(RecoveryForm, { defaultValues: { recovery_code: '' } });
  const submitCode = codeForm.submit(async ({ code }) => onLoggedIn(await verify.mutateAsync({ challenge_token: challenge, code })));
  const submitRecovery = recoveryForm.submit(async ({ recovery_code }) => onLoggedIn(await verify.mutateAsync({ challenge_token: challenge, recovery_code })));
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('login.two_factor_title')}
      </Title>
      {useRecovery ? (
        <form onSubmit={(e) => void submitRecovery(e)} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('login.recovery_code')}
              autoComplete="one-time-code"
              required
              {...recoveryForm.register('recovery_code')}
              error={recoveryForm.fieldError('recovery_code')}
            />
            <Button type="submit" loading={verify.isPending} fullWidth>
              {t('login.verify')}
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={(e) => void submitCode(e)} noValidate>
          <Stack gap="sm">
            <Text size="sm" id="two-factor-help">
              {t('login.two_factor_help')}
            </Text>
            <Controller
              control={codeForm.control}
              name="code"
              render={({ field }) => (
                <Stack gap={4}>
                  <PinInput
                    length={6}
                    type="number"
                    oneTimeCode
                    autoFocus
                    value={field.value}
                    onChange={field.onChange}
                    onComplete={(value) => {
                      field.onChange(value);
                      void submitCode();
                    }}
                    aria-label={t('login.code')}
                    // Each box gets its own name; Mantine's default is the literal "PinInput".
                    getInputProps={(index) => ({ 'aria-label': `${t('login.code')} ${index + 1}/6` })}
                    error={Boolean(codeForm.fieldError('code'))}
                  />
                  {codeForm.fieldError('code') && (
                    <Text size="xs" c="red" role="alert">
                      {codeForm.fieldError('code')}
                    </Text>
                  )}
                </Stack>
              )}
            />
            <Button type="submit" loading={verify.isPending} fullWidth>
              {t('login.verify')}
            </Button>
          </Stack>
        </form>
      )}
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('login.back')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => setUseRecovery((v) => !v)}>
          {useRecovery ? t('login.use_code') : t('login.use_recovery_code')}
        </Anchor>
      </Group>
    </Stack>
  );
}

/** E-mail and password, then (when two-step is on) a code from the app or a recovery code. */
export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const [challenge, setChallenge] = useState<string | null>(null);
  if (challenge) return <TwoFactorStep challenge={challenge} onBack={() => setChallenge(null)} onLoggedIn={onLoggedIn} />;
  return <PasswordStep onChallenge={setChallenge} onLoggedIn={onLoggedIn} />;
}
