import { TotpCodeSchema, TwoFactorDisableInput, type TwoFactorSetup } from '@legenett/contracts';
import { Alert, Button, Code, CopyButton, Group, Image, List, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { authStore, useCurrentUser } from '@/shared/auth/auth-store';
import { notify } from '@/shared/ui/notify';
import { reloadUser, useDisableTwoFactor, useEnableTwoFactor, useRegenerateRecoveryCodes, useStartTwoFactorSetup } from '../api/two-factor';
import { useContractForm } from '@/shared/forms/contract-form';

const CodeInput = z.object({ code: TotpCodeSchema });

/** Shown once, right after they are made. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Alert color="yellow" title={t('two_factor.recovery_title')}>
      <Stack gap="sm">
        <Text size="sm">{t('two_factor.recovery_help')}</Text>
        <List aria-label={t('two_factor.recovery_title')} listStyleType="none" spacing={2} ff="monospace">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group>
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('two_factor.copied') : t('two_factor.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone}>{t('two_factor.recovery_done')}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CodeForm({ label, submitLabel, pending, onCode }: { label: string; submitLabel: string; pending: boolean; onCode: (code: string, reset: () => void) => Promise<void> }) {
  const form = useContractForm(CodeInput, { defaultValues: { code: '' } });
  const submit = form.submit(({ code }) => onCode(code, () => form.reset({ code: '' })));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          w={160}
          {...form.register('code')}
          error={form.fieldError('code')}
        />
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}

type ShowCodes = (codes: string[]) => void;

function SetUp({ onCodes }: { onCodes: ShowCodes }) {
  const { t } = useTranslation('auth');
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  if (!setup) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('two_factor.intro')}</Text>
        <Button loading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: ({ data }) => setSetup(data) })}>
          {t('two_factor.start')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t('two_factor.scan')}</Text>
      <Image src={setup.qr_code} alt={t('two_factor.qr_alt')} w={200} h={200} fit="contain" />
      <Text size="sm">
        {t('two_factor.secret')}: <Code>{setup.secret}</Code>
      </Text>
      <CodeForm
        label={t('two_factor.code')}
        submitLabel={t('two_factor.confirm')}
        pending={enable.isPending}
        onCode={async (code) => {
          const { data } = await enable.mutateAsync(code);
          notify.success(t('two_factor.enabled'));
          onCodes(data.recovery_codes);
          setSetup(null);
          void reloadUser();
        }}
      />
      <Group>
        <Button variant="subtle" onClick={() => setSetup(null)}>
          {t('two_factor.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

function Manage({ onCodes }: { onCodes: ShowCodes }) {
  const { t } = useTranslation('auth');
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const form = useContractForm(TwoFactorDisableInput, { defaultValues: { password: '', code: '' } });
  const submit = form.submit(async (values) => {
    const { data } = await disable.mutateAsync(values);
    notify.success(t('two_factor_disabled'));
    authStore.setUser(data);
  });
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={4} size="h5">
          {t('two_factor.regenerate')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('two_factor.regenerate_help')}
        </Text>
        <CodeForm
          label={t('two_factor.code')}
          submitLabel={t('two_factor.regenerate')}
          pending={regenerate.isPending}
          onCode={async (code, reset) => {
            const { data } = await regenerate.mutateAsync(code);
            reset();
            onCodes(data.recovery_codes);
          }}
        />
      </Stack>
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="two-factor-disable-title">
        <Stack gap="xs" maw={420}>
          <Title order={4} size="h5" id="two-factor-disable-title">
            {t('two_factor.disable')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('two_factor.disable_help')}
          </Text>
          <PasswordInput label={t('two_factor.password')} autoComplete="current-password" {...form.register('password')} error={form.fieldError('password')} />
          <TextInput label={t('two_factor.code_or_recovery')} autoComplete="one-time-code" {...form.register('code')} error={form.fieldError('code')} />
          <Group>
            <Button type="submit" color="red" variant="light" loading={disable.isPending}>
              {t('two_factor.disable')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** Two-step authentication in the settings page: set up with a QR code, recovery codes once, turn off. */
export function TwoFactorSettings() {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const enabled = user?.two_factor_enabled ?? false;
  // Kept here: turning two-step on swaps the set-up for the management view, codes stay visible.
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Stack gap="md" aria-labelledby="two-factor-title" component="section">
      <Title order={3} size="h4" id="two-factor-title">
        {t('two_factor.title')}
      </Title>
      <Text size="sm" fw={600} role="status">
        {enabled ? t('two_factor.status_on') : t('two_factor.status_off')}
      </Text>
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {enabled ? <Manage onCodes={setCodes} /> : <SetUp onCodes={setCodes} />}
    </Stack>
  );
}
