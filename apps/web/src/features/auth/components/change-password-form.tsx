import { ChangePasswordInput } from '@legenett/contracts';
import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { useChangePassword } from '../api/change-password';
import { useContractForm } from '@/shared/forms/contract-form';

const EMPTY = { old_password: '', new_password: '', new_password_confirmation: '' };

/** Old password, new password twice (rule of spec point 5); other sessions end on success. */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const change = useChangePassword();
  const form = useContractForm(ChangePasswordInput, { defaultValues: EMPTY });
  const submit = form.submit(async (values) => {
    await change.mutateAsync(values);
    notify.success(t('password_changed'));
    form.reset(EMPTY);
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="change-password-title">
      <Stack gap="sm" maw={420}>
        <Title order={3} size="h4" id="change-password-title">
          {t('change_password.title')}
        </Title>
        <PasswordInput
          label={t('change_password.old_password')}
          autoComplete="current-password"
          required
          {...form.register('old_password')}
          error={form.fieldError('old_password')}
        />
        <PasswordInput
          label={t('change_password.new_password')}
          autoComplete="new-password"
          required
          {...form.register('new_password')}
          error={form.fieldError('new_password')}
        />
        <PasswordInput
          label={t('change_password.new_password_confirmation')}
          autoComplete="new-password"
          required
          {...form.register('new_password_confirmation')}
          error={form.fieldError('new_password_confirmation')}
        />
        <Text size="xs" c="dimmed">
          {t('change_password.rule')}
        </Text>
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('change_password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
