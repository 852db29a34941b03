import { HprRegistrationInput } from '@legenett/contracts';
import { Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { Page } from '@/shared/ui/page';
import { useRegisterWithHpr, useStartIdentification } from '../api/registration';
import { RegistrationForm } from './registration-form';

/** `/register`: sign up with the identity provider (BankID) or with an HPR number. */
export function RegisterPage() {
  const { t } = useTranslation('registration');
  const identify = useStartIdentification();
  const hpr = useRegisterWithHpr();
  return (
    <Page title={t('signup.title')} size="lg">
      <Text mb="lg">{t('signup.intro')}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg" component="section" aria-labelledby="signup-id">
          <Stack gap="sm">
            <Title order={2} size="h3" id="signup-id">
              {t('signup.with_id_title')}
            </Title>
            <Text size="sm">{t('signup.with_id_text')}</Text>
            <Button onClick={() => identify.mutate()} loading={identify.isPending || identify.isSuccess}>
              {t('signup.with_id_button')}
            </Button>
          </Stack>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="signup-hpr">
          <Stack gap="sm">
            <Title order={2} size="h3" id="signup-hpr">
              {t('signup.with_hpr_title')}
            </Title>
            <Text size="sm">{t('signup.with_hpr_text')}</Text>
            <RegistrationForm
              schema={HprRegistrationInput}
              submit={(values) => hpr.mutateAsync(values)}
              pending={hpr.isPending}
            />
          </Stack>
        </Card>
      </SimpleGrid>
      <Text mt="lg" size="sm">
        {t('signup.have_account')}{' '}
        <Anchor component={Link} to={paths.login.href()}>
          {t('signup.login')}
        </Anchor>
      </Text>
    </Page>
  );
}
