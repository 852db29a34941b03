import { ChangeEmailInput } from '@legenett/contracts';
import { Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { notify } from '@/shared/ui/notify';
import { useChangeEmail } from '../api/registration';
import { useContractForm } from '@/shared/forms/contract-form';

const EMPTY: ChangeEmailInput = { new_email: '', password: '' };

/** New address and the password; the change takes effect from the link mailed to the new address. */
export function ChangeEmailForm() {
  const { t } = useTranslation('registration');
  const user = useCurrentUser();
  const change = useChangeEmail();
  const form = useContractForm(ChangeEmailInput, { defaultValues: EMPTY });
  const submit = form.submit(async (values) => {
    const result = await change.mutateAsync(values);
    notify.success(result.data.message);
    form.reset(EMPTY);
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="change-email-title">
      <Stack gap="sm" maw={420}>
        <Title order={3} size="h4" id="change-email-title">
          {t('change_email.title')}
        </Title>
        {user && (
          <Text size="sm" c="dimmed">
            {t('change_email.current', { email: user.email })}
          </Text>
        )}
        <TextInput
          label={t('change_email.new_email')}
          type="email"
          autoComplete="email"
          required
          {...form.register('new_email')}
          error={form.fieldError('new_email')}
        />
        <PasswordInput
          label={t('change_email.password')}
          autoComplete="current-password"
          required
          {...form.register('password')}
          error={form.fieldError('password')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('change_email.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
