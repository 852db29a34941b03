import { Alert, Anchor, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { Page } from '@/shared/ui/page';
import { useConfirmEmailChange } from '../api/registration';

/** `/confirm-changeable-email?token=...`: confirms the new address once, on arrival. */
export function ConfirmEmailPage() {
  const { t } = useTranslation('registration');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  const login = (
    <Anchor component={Link} to={paths.login.href()}>
      {t('confirm_email.login')}
    </Anchor>
  );
  const failure =
    confirm.error instanceof ApiError
      ? (Object.values(confirm.error.validation?.errors ?? {}).flat()[0] ?? confirm.error.message)
      : t('confirm_email.failed');

  return (
    <Page title={t('confirm_email.title')} size="sm">
      {!token ? (
        <Alert color="red" role="alert">
          {t('confirm_email.failed')}
        </Alert>
      ) : confirm.isSuccess ? (
        <Alert color="teal" role="status">
          {confirm.data.data.message} {login}
        </Alert>
      ) : confirm.isError ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : (
        <Group role="status">
          <Loader size="sm" />
          <Text>{t('confirm_email.working')}</Text>
        </Group>
      )}
    </Page>
  );
}
