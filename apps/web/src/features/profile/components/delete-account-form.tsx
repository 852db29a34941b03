import { DeleteAccountInput } from '@legenett/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { downloadMyData, useDeleteAccount } from '../api/settings';
import { useContractForm } from '@/shared/forms/contract-form';

/** Download my data, then delete the account with a reason, the password and a confirmation. */
export function DeleteAccountForm() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [understood, setUnderstood] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { register, submit, getValues, fieldError, showServerErrors } = useContractForm(DeleteAccountInput, {
    defaultValues: { reason_to_delete: '', password: '' },
  });

  const exportData = async () => {
    setExporting(true);
    try {
      await downloadMyData();
      notify.success(t('delete.exported'));
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = async () => {
    setConfirming(false);
    try {
      await remove.mutateAsync(getValues());
      notify.success(t('delete.deleted'));
      void navigate(paths.home.path, { replace: true });
    } catch (error) {
      showServerErrors(error);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('delete.title')}
      </Title>
      <Text>{t('delete.intro')}</Text>
      <Group>
        <Text c="dimmed">{t('delete.export_intro')}</Text>
        <Button variant="default" onClick={() => void exportData()} loading={exporting}>
          {t('delete.export')}
        </Button>
      </Group>
      <Divider />
      <form onSubmit={(e) => void submit(() => setConfirming(true))(e)} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('delete.reason')}
            required
            rows={3}
            {...register('reason_to_delete')}
            error={fieldError('reason_to_delete')}
          />
          <PasswordInput
            label={t('delete.password')}
            required
            autoComplete="current-password"
            {...register('password')}
            error={fieldError('password')}
          />
          <Checkbox
            label={t('delete.confirm')}
            checked={understood}
            onChange={(e) => setUnderstood(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button type="submit" color="red" disabled={!understood} loading={remove.isPending}>
              {t('delete.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('delete.modal_title')}
        centered
      >
        <Stack>
          <Alert color="red">{t('delete.modal_body')}</Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void confirmDelete()}>
              {t('delete.modal_confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
