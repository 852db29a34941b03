import { type Company, CompanyDeleteBody } from '@legenett/contracts';
import { Alert, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type z } from 'zod';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { useDeleteCompany } from '../api/companies';
import { useContractForm } from '@/shared/forms/contract-form';

type Values = z.input<typeof CompanyDeleteBody>;

/** Delete with a required reason, confirmed in a modal; then back to the directory. */
export function ManageDelete({ company }: { company: Company }) {
  const { t } = useTranslation('companies_ui');
  const navigate = useNavigate();
  const remove = useDeleteCompany(company.slug);
  const [confirming, setConfirming] = useState(false);
  const { register, submit, getValues, fieldError, showServerErrors } = useContractForm<z.output<typeof CompanyDeleteBody>, Values>(CompanyDeleteBody, {
    defaultValues: { reason_to_delete: '' },
  });

  const confirm = async () => {
    setConfirming(false);
    try {
      await remove.mutateAsync(getValues('reason_to_delete').trim());
      notify.success(t('manage.delete.deleted'));
      void navigate(paths.companyProxy.path, { replace: true });
    } catch (error) {
      showServerErrors(error);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="company-delete-heading">
      <form onSubmit={(e) => void submit(() => setConfirming(true))(e)} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="company-delete-heading">
            {t('manage.delete.heading')}
          </Title>
          <Text>{t('manage.delete.intro')}</Text>
          <Textarea
            label={t('manage.delete.reason')}
            required
            rows={3}
            {...register('reason_to_delete')}
            error={fieldError('reason_to_delete')}
          />
          <Group>
            <Button type="submit" color="red" loading={remove.isPending}>
              {t('manage.delete.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('manage.delete.modal_title', { name: company.name })} centered>
        <Stack>
          <Alert color="red">{t('manage.delete.modal_body')}</Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('manage.delete.cancel')}
            </Button>
            <Button color="red" onClick={() => void confirm()}>
              {t('manage.delete.modal_confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
