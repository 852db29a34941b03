import { IdentityRegistrationInput } from '@legenett/contracts';
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate } from '@/shared/lib/dates';
import { Page } from '@/shared/ui/page';
import { useIdentitySession, useRegisterWithIdentity } from '../api/registration';
import { RegistrationForm } from './registration-form';

/** How long the page pauses after the identity check before the form (spec point 9). */
export const CONTINUE_DELAY_MS = 1500;

/**
 * `/signicat-registration-callback?sessionId=...`: back from the identity provider. Shows who was
 * identified, then the rest of the sign-up form. Identity-session errors are shown as they come.
 */
export function SignicatCallbackPage() {
  const { t } = useTranslation('registration');
  const locale = useLocale();
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId');
  const session = useIdentitySession(sessionId);
  const register = useRegisterWithIdentity(sessionId ?? '');
  const [ready, setReady] = useState(false);
  const completed = session.data?.data.status === 'completed';

  useEffect(() => {
    if (!completed) return;
    const timer = setTimeout(() => setReady(true), CONTINUE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [completed]);

  const retry = (
    <Group>
      <Button component={Link} to={paths.register.href()} variant="light">
        {t('callback.retry')}
      </Button>
    </Group>
  );

  let content;
  if (!sessionId) {
    content = (
      <Stack>
        <Alert color="red">{t('callback.missing')}</Alert>
        {retry}
      </Stack>
    );
  } else if (session.isPending) {
    content = (
      <Group role="status">
        <Loader size="sm" />
        <Text>{t('callback.checking')}</Text>
      </Group>
    );
  } else if (session.isError) {
    const message = session.error instanceof ApiError ? session.error.message : t('callback.missing');
    content = (
      <Stack>
        <Alert color="red" role="alert">
          {message}
        </Alert>
        {retry}
      </Stack>
    );
  } else if (!completed || !session.data.data.person) {
    content = (
      <Stack>
        <Alert color="yellow" role="alert">
          {params.get('status') === 'cancelled' ? t('callback.cancelled') : t('api.session_not_completed')}
        </Alert>
        {retry}
      </Stack>
    );
  } else {
    const person = session.data.data.person;
    content = (
      <Stack>
        <Alert
          color="teal"
          title={t('callback.identified_as', { name: `${person.first_name} ${person.last_name}` })}
        >
          {person.birth_date ? t('callback.born', { date: formatDate(person.birth_date, locale) }) : null}
        </Alert>
        {ready ? (
          <Card withBorder padding="lg">
            <RegistrationForm
              schema={IdentityRegistrationInput}
              submit={(values) => register.mutateAsync(values)}
              pending={register.isPending}
              hprNumber={person.hpr_number}
            />
          </Card>
        ) : (
          <Group role="status">
            <Loader size="sm" />
            <Text>{t('callback.delay')}</Text>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Page title={t('callback.title')} size="sm">
      {content}
    </Page>
  );
}
