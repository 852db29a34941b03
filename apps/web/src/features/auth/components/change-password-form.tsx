import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { ChangePasswordInput } from '@legenett/contracts';
import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { useChangePassword } from '../api/change-password';
import { useFieldMessage } from './field-message';

const EMPTY = { old_password: '', new_password: '', new_password_confirmation: '' };

/** Old password, new password twice (rule of spec point 5); other sessions end on success. */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const fieldMessage = useFieldMessage();
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({ resolver: standardSchemaResolver(ChangePasswordInput), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        notify.success(t('password_changed'));
        form.reset(EMPTY);
      },
    }),
  );
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
          error={fieldMessage(errors.old_password)}
        />
        <PasswordInput
          label={t('change_password.new_password')}
          autoComplete="new-password"
          required
          {...form.register('new_password')}
          error={fieldMessage(errors.new_password)}
        />
        <PasswordInput
          label={t('change_password.new_password_confirmation')}
          autoComplete="new-password"
          required
          {...form.register('new_password_confirmation')}
          error={fieldMessage(errors.new_password_confirmation)}
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
