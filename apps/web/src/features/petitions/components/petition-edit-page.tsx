import { ManualAuthorInput, type PetitionDetail } from '@legenett/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { type z } from 'zod';
import { paths } from '@/shared/config/paths';
import { useContractForm } from '@/shared/forms/contract-form';
import { IdSelectField } from '@/shared/forms/id-select-field';
import { notify } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import {
  useAddAttachments,
  useAddManualAuthor,
  useDeletePetition,
  useMemberSearch,
  usePetition,
  useRemoveAttachment,
  useRemoveManualAuthor,
} from '../api/petitions';
import { useDebounced } from './use-debounced';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { PetitionForm } from './petition-form';

/** PDF attachments of a petition: upload several at once, remove one. */
function Attachments({ petition }: { petition: PetitionDetail }) {
  const { t } = useTranslation('petitions');
  const add = useAddAttachments();
  const remove = useRemoveAttachment();
  const [files, setFiles] = useState<File[]>([]);
  return (
    <Stack gap="xs">
      <Title order={3}>{t('attachments')}</Title>
      <List>
        {petition.attachments.map((a) => (
          <List.Item key={a.id}>
            <Group gap="xs">
              <Anchor href={a.url ?? undefined} download={a.name}>
                {a.name}
              </Anchor>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('files.remove')}: ${a.name}`}
                onClick={() => remove.mutate({ id: petition.id, attachmentId: a.id })}
              >
                ×
              </ActionIcon>
            </Group>
          </List.Item>
        ))}
      </List>
      <Group align="flex-end">
        <FileInput
          label={t('files.choose')}
          description={t('files.hint')}
          accept="application/pdf,.pdf"
          multiple
          value={files}
          onChange={setFiles}
          clearable
          style={{ flex: 1 }}
        />
        <Button
          disabled={files.length === 0}
          loading={add.isPending}
          onClick={() =>
            add.mutate(
              { id: petition.id, files },
              {
                onSuccess: () => {
                  setFiles([]);
                  notify.success(t('files.uploaded'));
                },
              },
            )
          }
        >
          {t('files.add')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Co-authors: the list, and a name with a title or position to add; a member found by name is invited. */
function CoAuthors({ petition }: { petition: PetitionDetail }) {
  const { t } = useTranslation('petitions');
  const remove = useRemoveManualAuthor();
  // The initiator removes co-authors until the first signature (then the API answers 409).
  const canRemove = petition.is_owner && !petition.text_locked;
  return (
    <Stack gap="xs">
      <Title order={3}>{t('co_authors')}</Title>
      {petition.is_owner && petition.text_locked && petition.co_authors.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('authors.locked_note')}
        </Text>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('co_authors')}>
        {petition.co_authors.map((a) => (
          <Group component="li" key={a.id} justify="space-between" wrap="nowrap">
            <Text>
              {a.title ? `${a.name} (${a.title})` : a.name}
              {!a.accepted && ` · ${t('authors.invited')}`}
            </Text>
            {canRemove && (
              <ConfirmButton
                size="xs"
                variant="subtle"
                color="red"
                style={{ flexShrink: 0 }}
                label={t('authors.remove_short')}
                ariaLabel={t('authors.remove', { name: a.name })}
                question={t('authors.remove_confirm', { name: a.name })}
                loading={remove.isPending}
                onConfirm={() =>
                  remove
                    .mutateAsync({ id: petition.id, authorId: a.id })
                    .then(() => notify.success(t('authors.removed_done')))
                }
              />
            )}
          </Group>
        ))}
      </Stack>
      {/* The author list is the initiator's: co-authors do not invite others (the API answers 403). */}
      {petition.is_owner && <AddCoAuthorForm petitionId={petition.id} />}
    </Stack>
  );
}

/**
 * Add a co-author: a name with a title or position, or a member found by name (invited, must accept),
 * whose name fills in the name. Validated by the contract's `ManualAuthorInput` (write-a-form.md).
 */
function AddCoAuthorForm({ petitionId }: { petitionId: number }) {
  const { t } = useTranslation('petitions');
  const add = useAddManualAuthor();
  // The picker's search words are the picker's own state, not a field of the form.
  const [memberSearch, setMemberSearch] = useState('');
  const members = useMemberSearch(useDebounced(memberSearch, 300));
  const options = (members.data ?? []).map((m) => ({ value: String(m.id), label: `${m.first_name} ${m.last_name}` }));
  const { register, control, submit, fieldError, reset, setValue } = useContractForm<ManualAuthorInput, z.input<typeof ManualAuthorInput>>(
    ManualAuthorInput,
    { defaultValues: { name: '', title: '', user_id: null } },
  );
  const onSubmit = submit(async (body) => {
    await add.mutateAsync({ id: petitionId, body });
    reset();
    setMemberSearch('');
  });
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('authors.add')}>
      <Group align="flex-end">
        <IdSelectField
          control={control}
          name="user_id"
          label={t('authors.account')}
          description={t('authors.account_hint')}
          data={options}
          searchable
          clearable
          searchValue={memberSearch}
          onSearchChange={setMemberSearch}
          filter={({ options: all }) => all}
          onPicked={(id) => {
            const picked = options.find((o) => o.value === String(id));
            if (picked) setValue('name', picked.label, { shouldValidate: true });
          }}
          error={fieldError('user_id')}
        />
        <TextInput label={t('authors.name')} required error={fieldError('name')} {...register('name')} />
        <TextInput label={t('authors.title')} error={fieldError('title')} {...register('title')} />
        <Button type="submit" variant="light" loading={add.isPending}>
          {t('authors.add')}
        </Button>
      </Group>
    </form>
  );
}

/** `/petitions/create_petition` and `/petitions/update_petition/:id`. */
export function PetitionEditPage({ create }: { create: boolean }) {
  const { t } = useTranslation('petitions');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const petition = usePetition(create ? 0 : id);
  const remove = useDeletePetition();
  if (create) {
    return (
      <Page title={t('create_title')}>
        <Stack gap="md">
          <PetitionForm petition={null} />
          {/* Attachments and co-authors hang on a stored petition: said before the first save. */}
          <Text size="sm" c="dimmed">
            {t('after_first_save')}
          </Text>
        </Stack>
      </Page>
    );
  }
  if (petition.isPending) return <Skeleton height={400} mt="md" />;
  if (petition.isError || !petition.data || !petition.data.can_edit)
    return (
      <Alert color="red" mt="md">
        {t('not_found')}
      </Alert>
    );
  const p = petition.data;
  return (
    <Page title={t('update_title')}>
      <Stack gap="lg">
        <PetitionForm key={p.id} petition={p} />
        <Card withBorder>
          <Attachments petition={p} />
        </Card>
        <Card withBorder>
          <CoAuthors petition={p} />
        </Card>
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => void navigate(paths.petitionDetails.href({ id: p.id }))}>
            {t('details')}
          </Button>
          {p.status === 'draft' && p.is_owner && (
            <ConfirmButton
              label={t('delete')}
              question={t('delete_confirm')}
              color="red"
              variant="light"
              loading={remove.isPending}
              onConfirm={() =>
                remove.mutateAsync(p.id).then(() => {
                  notify.success(t('deleted'));
                  void navigate(`${paths.petitions.href()}?tab=drafts`);
                })
              }
            />
          )}
        </Group>
        {p.status === 'draft' && (
          <Text size="sm" c="dimmed">
            {t('form.publish_hint')}
          </Text>
        )}
      </Stack>
    </Page>
  );
}
